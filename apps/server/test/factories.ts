import type { Kysely } from 'kysely';
import { ClassType, CeType } from '@opence/shared';
import type { DB, TNewClass, TNewMember } from '../src/db/types.ts';
import { newId, newPublicHash, nowIso } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createSession } from '../src/lib/sessions.ts';

/*
 * Test data builders. Each makes a valid row with unique values and lets the test override
 * what it cares about. Add new builders here, one per entity.
 */

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A cheap hash of 'password1', computed once: hashing is deliberately slow. */
let defaultPasswordHash: Promise<string> | null = null;
export const DEFAULT_PASSWORD = 'password1';

export type TTestMember = { id: string; hash: string; username: string; email: string; token: string };

export async function createMember(
  db: Kysely<DB>,
  overrides: Partial<TNewMember> = {},
): Promise<TTestMember> {
  defaultPasswordHash ??= hashPassword(DEFAULT_PASSWORD);
  const u = unique();
  const username = overrides.username ?? `member${u}`;
  const email = overrides.email ?? `${username}@example.test`;
  const now = nowIso();
  const row: TNewMember = {
    id: newId(),
    hash: newPublicHash(),
    role: 'member',
    username,
    username_key: username.toLowerCase(),
    email,
    email_key: email.toLowerCase(),
    password_hash: await defaultPasswordHash,
    title: 'Dr.',
    firstname: 'Test',
    lastname: `Member${u}`,
    job_title: 'Dentist',
    office_name: 'Test Dental Office',
    address: '1 Main Street',
    city: 'Albany',
    state: 'NY',
    zip: '12207',
    country: 'US',
    phone: '5185550100',
    cert_year: 2010,
    gender: 'F',
    age_range: '35-44',
    office_size: '2-5',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('members').values(row).execute();
  const token = await createSession(db, row.id);
  return { id: row.id, hash: row.hash, username: row.username, email: row.email, token };
}

export async function createStaff(db: Kysely<DB>): Promise<TTestMember> {
  return createMember(db, { role: 'staff' });
}

/** A class; defaults to a produced on-demand class released yesterday. */
export async function createClass(db: Kysely<DB>, overrides: Partial<TNewClass> = {}) {
  const u = unique();
  const now = new Date();
  const row: TNewClass = {
    id: newId(),
    hash: newPublicHash(),
    slug: `class-${u}`,
    type_id: ClassType.PRODUCED,
    title: `Class ${u}`,
    blurb: 'A class for tests.',
    description: 'Description.',
    release_at: nowIso(new Date(now.getTime() - 86_400_000)),
    duration_min: 60,
    credits: 1,
    ce_type_id: CeType.SELF_STUDY,
    youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    created_at: nowIso(now),
    updated_at: nowIso(now),
    ...overrides,
  };
  await db.insertInto('classes').values(row).execute();
  return row;
}

/** An exam for a class or podcast with the given questions; correct option first by default. */
export async function createExam(
  db: Kysely<DB>,
  target: { classId?: string; podcastId?: string },
  options: { minScore?: number; questions?: number } = {},
) {
  const exam = {
    id: newId(),
    class_id: target.classId ?? null,
    podcast_id: target.podcastId ?? null,
    min_score: options.minScore ?? 70,
    created_at: nowIso(),
  };
  await db.insertInto('exams').values(exam).execute();
  const questions = Array.from({ length: options.questions ?? 5 }, (_, i) => ({
    id: newId(),
    exam_id: exam.id,
    position: i + 1,
    question: `Question ${i + 1}?`,
    option1: 'Right',
    option2: 'Wrong',
    option3: 'Also wrong',
    option4: null,
    option5: null,
    option6: null,
    correct_option: 1,
  }));
  await db.insertInto('exam_questions').values(questions).execute();
  return { exam, questions };
}
