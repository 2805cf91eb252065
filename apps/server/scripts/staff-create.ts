// npm run staff:create -- --email <e-mail> --username <name> --password <password> [--firstname <f>] [--lastname <l>]
// Creates a staff account (members.role = 'staff') in the database DATABASE_URL names.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ZNewPassword, ZUsername } from '@opence/shared/schemas';
import { EMAIL_PATTERN } from '@opence/shared';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { isUniqueViolation } from '../src/db/dialect/index.ts';
import { newId, newPublicHash, nowIso } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';

/** Where a member (staff or not) turns two-factor sign-in on: the account's Password tab. */
const ENROLMENT_PATH = '/account?tab=password';

const ZStaff = z.object({
  email: z.string().trim().regex(EMAIL_PATTERN, 'must be a valid e-mail address'),
  username: ZUsername,
  password: ZNewPassword,
  firstname: z.string().trim().max(100).optional(),
  lastname: z.string().trim().max(100).optional(),
});

function fail(message: string): never {
  console.error(message);
  console.error('Usage: npm run staff:create -- --email <e-mail> --username <name> --password <password>');
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    firstname: { type: 'string' },
    lastname: { type: 'string' },
  },
});
const parsed = ZStaff.safeParse(values);
if (!parsed.success) fail(parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('\n'));
const staff = parsed.data;

const database = openDatabase(loadConfig().database);
try {
  await migrateToLatest(database.db);
  const now = nowIso();
  await database.db
    .insertInto('members')
    .values({
      id: newId(),
      hash: newPublicHash(),
      role: 'staff',
      username: staff.username,
      username_key: staff.username.toLowerCase(),
      email: staff.email,
      email_key: staff.email.toLowerCase(),
      password_hash: await hashPassword(staff.password),
      firstname: staff.firstname ?? null,
      lastname: staff.lastname ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // The console opens only after two-factor sign-in is set up (docs/decisions/0920).
  console.log(
    [
      `Staff account ${staff.username} created.`,
      `Sign in at /login, then set up two-factor sign-in at ${ENROLMENT_PATH}`,
      '(scan the QR code with an authenticator app and keep the recovery codes), then open /admin.',
    ].join('\n'),
  );
} catch (error) {
  if (isUniqueViolation(error))
    fail(`An account with the username ${staff.username} or the e-mail ${staff.email} exists already.`);
  throw error;
} finally {
  await database.close();
}
