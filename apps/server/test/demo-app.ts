import { seedDemoContent } from '../src/db/seed/demo-content.ts';
import { createSession } from '../src/domain/sessions.ts';
import { buildTestApp } from './build-test-app.ts';

/** A test app on the seeded demo content, with the demo member's id and a session header of theirs. */
export async function buildDemoApp() {
  const t = await buildTestApp();
  const db = t.app.deps.database.db;
  await seedDemoContent(db, t.app.deps.storage, new Date(), t.app.deps.privateFiles);
  const member = await db
    .selectFrom('members')
    .select('id')
    .where('username', '=', 'demo.member')
    .executeTakeFirstOrThrow();
  const headers = { authorization: `Bearer ${await createSession(db, member.id)}` };
  return { t, db, member, headers };
}
