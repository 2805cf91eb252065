import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, DEFAULT_PASSWORD, type TTestMember } from '../../../test/factories.ts';
import {
  newClientAddress,
  randomDigits,
  uniqueSuffix,
  validProfile,
  validRegistration,
} from './accounts.fixtures.ts';

/*
 * Every rule of the registration and profile table (01 §5), at its boundaries, through HTTP:
 * the server validates with the same schema as the browser and answers 400 naming the field
 * with the spec's message.
 */

let t: TTestApp;
let member: TTestMember;

beforeAll(async () => {
  t = await buildTestApp();
  member = await createMember(t.app.deps.database.db);
});
afterAll(() => t.close());

const year = new Date().getFullYear();
const OK = null;
type TCase = [field: string, value: () => unknown, message: string | null];

/** Rules both forms share. A value is a function so that each valid case can be unique. */
const shared: TCase[] = [
  ['jobTitle', () => '', Texts.SELECT_POSITION],
  ['jobTitle', () => undefined, Texts.SELECT_POSITION],
  ['jobTitle', () => 'Dentist', OK],
  ['title', () => '', Texts.SELECT_TITLE],
  ['title', () => '  ', Texts.SELECT_TITLE],
  ['title', () => 'Dr.', OK],
  ['state', () => '', Texts.SELECT_STATE],
  ['state', () => 'CA', OK],
  ['country', () => '', Texts.SELECT_COUNTRY],
  ['country', () => 'CA', OK],
  ['certYear', () => '', Texts.SELECT_ONE],
  ['certYear', () => undefined, Texts.SELECT_ONE],
  ['certYear', () => 'abc', Texts.SELECT_ONE],
  ['certYear', () => year - 91, Texts.SELECT_ONE],
  ['certYear', () => year - 90, OK],
  ['certYear', () => String(year + 10), OK],
  ['certYear', () => year + 11, Texts.SELECT_ONE],
  ['gender', () => '', Texts.SELECT_ONE],
  ['gender', () => 'X', Texts.SELECT_ONE],
  ['gender', () => 'F', OK],
  ['gender', () => 'M', OK],
  ['gender', () => 'O', OK],
  ['ageRange', () => '', Texts.SELECT_ONE],
  ['ageRange', () => '25-34', OK],
  ['officeSize', () => '', Texts.SELECT_ONE],
  ['officeSize', () => '2-3', OK],
  ['firstname', () => '', Texts.FIRSTNAME_MIN],
  ['firstname', () => 'A', Texts.FIRSTNAME_MIN],
  ['firstname', () => ' A  ', Texts.FIRSTNAME_MIN],
  ['firstname', () => 'Al', OK],
  ['lastname', () => '', Texts.LASTNAME_MIN],
  ['lastname', () => 'B', Texts.LASTNAME_MIN],
  ['lastname', () => 'Bo', OK],
  ['officeName', () => '', Texts.OFFICE_NAME_MIN],
  ['officeName', () => 'abc', Texts.OFFICE_NAME_MIN],
  ['officeName', () => ' abc ', Texts.OFFICE_NAME_MIN],
  ['officeName', () => 'abcd', OK],
  ['address', () => '', Texts.ADDRESS_MIN],
  ['address', () => '1', Texts.ADDRESS_MIN],
  ['address', () => '12', OK],
  ['city', () => '', Texts.CITY_MIN],
  ['city', () => 'X', Texts.CITY_MIN],
  ['city', () => 'Xy', OK],
  ['zip', () => '', Texts.ZIP_MIN],
  ['zip', () => '1234', Texts.ZIP_MIN],
  ['zip', () => '12345', OK],
  ['phone', () => '', Texts.PHONE_MIN],
  ['phone', () => '123456789', Texts.PHONE_MIN],
  ['phone', () => '1234567890', OK],
  ['email', () => '', Texts.EMAIL_REQUIRED],
  ['email', () => undefined, Texts.EMAIL_REQUIRED],
  ['email', () => 'not-an-email', Texts.EMAIL_INVALID],
  ['email', () => 'a@b', Texts.EMAIL_INVALID],
  ['email', () => `a${uniqueSuffix()}@b.co`, OK],
  ['email', () => `  b${uniqueSuffix()}@example.test  `, OK],
  ['agdNumber', () => '1234', Texts.AGD_INVALID],
  ['agdNumber', () => '12a45', Texts.AGD_INVALID],
  ['agdNumber', () => '1234567890', Texts.AGD_INVALID],
  ['agdNumber', () => randomDigits(5), OK],
  ['agdNumber', () => randomDigits(9), OK],
  ['agdNumber', () => '', OK],
  ['isPhoneMobile', () => 'unchecked', OK],
  ['isPhoneMobile', () => true, OK],
];

const registrationOnly: TCase[] = [
  ['sourceHeard', () => '', Texts.REQUIRED_FIELD],
  ['sourceHeard', () => undefined, Texts.REQUIRED_FIELD],
  ['sourceHeard', () => 'Other', OK],
  ['username', () => '', Texts.USERNAME_REQUIRED],
  ['username', () => undefined, Texts.USERNAME_REQUIRED],
  ['username', () => 'abcde', Texts.USERNAME_MIN],
  ['username', () => ' abcde ', Texts.USERNAME_MIN],
  ['username', () => `u${uniqueSuffix()}`.slice(0, 6), OK],
  ['username', () => 'has space1', Texts.USERNAME_CHARS],
  ['username', () => 'me@example.test', Texts.USERNAME_CHARS],
  ['password', () => '', Texts.PASSWORD_REQUIRED],
  ['password', () => 'abcde', Texts.PASSWORD_MIN],
  ['password', () => 'abc de!', Texts.PASSWORD_CHARS],
  ['password', () => 'abcdef<', Texts.PASSWORD_CHARS],
  ['password', () => 'pässwörd', Texts.PASSWORD_CHARS],
];

function body(base: Record<string, unknown>, field: string, value: unknown) {
  const copy = { ...base };
  if (value === undefined) delete copy[field];
  else copy[field] = value;
  return copy;
}

async function expectOutcome(
  res: { statusCode: number; json: () => Record<string, unknown> },
  field: string,
  message: string | null,
) {
  const json = res.json();
  if (message === null) {
    expect(res.statusCode, JSON.stringify(json)).toBe(200);
    expect(json.status).toBe(true);
  } else {
    expect(res.statusCode).toBe(400);
    expect(json.status).toBe(false);
    expect((json.fields as Record<string, string>)[field]).toBe(message);
  }
}

describe('POST /api/register validates every rule of 01 §5', () => {
  it.each([...shared, ...registrationOnly])('%s = %o → %s', async (field, value, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: newClientAddress(),
      payload: body(validRegistration(), field, value()),
    });
    await expectOutcome(res, field, message);
  });

  it.each([
    ['abcdef', 'abcdef', OK],
    ['a.!@#$%&*~:;?+=^_-', 'a.!@#$%&*~:;?+=^_-', OK],
    ['abcdef', 'abcdeg', Texts.PASSWORDS_MUST_MATCH],
    ['abcdef', '', Texts.PASSWORDS_MUST_MATCH],
  ])('password %s with retype %s → %s', async (password, password2, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: newClientAddress(),
      payload: validRegistration({ password, password2 }),
    });
    await expectOutcome(res, 'password2', message);
  });

  it('reports every invalid field at once, and the retype mismatch beside them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: newClientAddress(),
      payload: { password: 'abcdef', password2: 'zzzzzz' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as Record<string, string>;
    expect(fields).toMatchObject({
      jobTitle: Texts.SELECT_POSITION,
      sourceHeard: Texts.REQUIRED_FIELD,
      username: Texts.USERNAME_REQUIRED,
      password2: Texts.PASSWORDS_MUST_MATCH,
    });
  });

  it('stores trimmed text', async () => {
    const u = uniqueSuffix();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: newClientAddress(),
      payload: validRegistration({
        firstname: '  Zoe ',
        username: `  zoe${u} `,
        email: ` Zoe${u}@Example.test `,
      }),
    });
    expect(res.statusCode).toBe(200);
    const row = await t.app.deps.database.db
      .selectFrom('members')
      .select(['firstname', 'username', 'username_key', 'email', 'email_key'])
      .where('username_key', '=', `zoe${u}`)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      firstname: 'Zoe',
      username: `zoe${u}`,
      username_key: `zoe${u}`,
      email: `Zoe${u}@Example.test`,
      email_key: `zoe${u}@example.test`,
    });
  });
});

describe('POST /api/profile validates the same rules (no username, no sourceHeard)', () => {
  it.each([
    ...shared,
    ['email2', () => '', OK],
    ['email2', () => 'bad', Texts.EMAIL_INVALID],
    ['email2', () => 'home@example.test', OK],
    ['password', () => 'abcde', Texts.PASSWORD_MIN],
    ['password', () => 'abc de!', Texts.PASSWORD_CHARS],
  ] as TCase[])('%s = %o → %s', async (field, value, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      // The form's e-mail is new to the account: the current password goes with it (0921).
      payload: body(validProfile({ s: member.token, currentPassword: DEFAULT_PASSWORD }), field, value()),
    });
    await expectOutcome(res, field, message);
  });

  it('requires the retype when a new password is given', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      payload: validProfile({ s: member.token, password: 'newpass1', password2: 'newpass2' }),
    });
    await expectOutcome(res, 'password2', Texts.PASSWORDS_MUST_MATCH);
  });
});
