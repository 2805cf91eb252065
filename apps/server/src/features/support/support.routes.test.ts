import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, setSetting, type TTestMember } from '../../../test/factories.ts';

let t: TTestApp;
let member: TTestMember;

const valid = {
  name: 'Dana Demo',
  office: 'Demo Family Dentistry',
  email: 'dana@example.test',
  phone: '2125550142',
  subject: 'Technical Issue',
  comment: 'The video of my class stops after ten minutes.',
};

beforeAll(async () => {
  t = await buildTestApp();
  await setSetting(t.app.deps.database.db, 'supportEmail', 'help@opence.test');
  member = await createMember(t.app.deps.database.db);
});
afterAll(() => t.close());

const send = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/support', payload, remoteAddress });

describe('POST /api/support validation (01 §5 Support)', () => {
  it.each([
    ['name', undefined, Texts.SUPPORT_NAME],
    ['name', 'Ann', Texts.SUPPORT_NAME],
    ['name', '    ', Texts.SUPPORT_NAME],
    ['office', undefined, Texts.SUPPORT_OFFICE],
    ['office', 'Abc', Texts.SUPPORT_OFFICE],
    ['email', undefined, Texts.SUPPORT_EMAIL],
    ['email', 'dana@', Texts.SUPPORT_EMAIL],
    ['email', 'dana.example.test', Texts.SUPPORT_EMAIL],
    ['phone', undefined, Texts.SUPPORT_PHONE],
    ['phone', '555-0142', Texts.SUPPORT_PHONE],
    ['subject', undefined, Texts.SUPPORT_SUBJECT],
    ['subject', 'Billing', Texts.SUPPORT_SUBJECT],
    ['comment', undefined, Texts.SUPPORT_COMMENT],
    ['comment', 'Hi!', Texts.SUPPORT_COMMENT],
    ['comment', 'x'.repeat(1001), Texts.SUPPORT_COMMENT],
  ])('refuses %s = %j with its message and sends nothing', async (field, value, message) => {
    const before = await t.app.deps.database.db.selectFrom('support_messages').select('id').execute();
    const res = await send({ ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, field, fields: { [field]: message } });
    const after = await t.app.deps.database.db.selectFrom('support_messages').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('names every wrong field at once', async () => {
    const res = await send({});
    expect(Object.keys(res.json().fields).sort()).toEqual(
      ['comment', 'email', 'name', 'office', 'phone', 'subject'].sort(),
    );
  });

  it('accepts the minimum lengths and a 1000-character comment', async () => {
    const res = await send({ ...valid, name: 'Anna', office: 'Abcd', comment: 'x'.repeat(1000) });
    expect(res.statusCode).toBe(200);
  });
});

describe('POST /api/support', () => {
  it('stores the message and queues its mail to the support address', async () => {
    const res = await send({ ...valid, comment: 'Where is my certificate for the implant class?' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const db = t.app.deps.database.db;
    const stored = await db
      .selectFrom('support_messages')
      .selectAll()
      .where('comment', '=', 'Where is my certificate for the implant class?')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ ...valid, comment: stored.comment, member_id: null });
    const mail = await db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'text_body', 'kind'])
      .where('text_body', 'like', '%Where is my certificate%')
      .executeTakeFirstOrThrow();
    expect(mail.to_address).toBe('help@opence.test');
    expect(mail.kind).toBe('support');
    expect(mail.subject).toContain('Technical Issue');
    expect(mail.subject).toContain('Dana Demo');
    for (const part of [valid.name, valid.office, valid.email, valid.phone, valid.subject]) {
      expect(mail.text_body).toContain(part);
    }
  });

  it('trims the fields it stores', async () => {
    await send({ ...valid, name: '  Trim Me  ', comment: '  Trimmed comment.  ' });
    const row = await t.app.deps.database.db
      .selectFrom('support_messages')
      .select(['name', 'comment'])
      .where('name', '=', 'Trim Me')
      .executeTakeFirst();
    expect(row).toEqual({ name: 'Trim Me', comment: 'Trimmed comment.' });
  });

  it.each([
    ['the form hash', () => ({ hash: member.token })],
    ['s', () => ({ s: member.token })],
  ])('knows the signed-in member from %s', async (_how, token) => {
    const comment = `From a member via ${_how}.`;
    await send({ ...valid, comment, ...token() });
    const row = await t.app.deps.database.db
      .selectFrom('support_messages')
      .select('member_id')
      .where('comment', '=', comment)
      .executeTakeFirstOrThrow();
    expect(row.member_id).toBe(member.id);
  });

  // Issue 28: a visitor's form sends its empty token as null; an optional field sent as null is absent.
  it('accepts a visitor\'s message with "hash": null and "s": null, and stores it', async () => {
    const comment = 'A visitor asks about the live class schedule.';
    const res = await send({ ...valid, comment, hash: null, s: null }, '10.0.0.2');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const row = await t.app.deps.database.db
      .selectFrom('support_messages')
      .selectAll()
      .where('comment', '=', comment)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...valid, comment, member_id: null });
  });

  it("still refuses a required field sent as null, with that field's message", async () => {
    const res = await send({ ...valid, name: null, hash: null }, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, field: 'name', fields: { name: Texts.SUPPORT_NAME } });
  });

  it('limits how many messages one address sends', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await send(valid, '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
