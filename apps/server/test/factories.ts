import type { Insertable, Kysely } from 'kysely';
import { AdSlotType, ClassType, CeType } from '@opence/shared';
import type { DB, TNewClass, TNewMember } from '../src/db/types.ts';
import { newId, newPublicHash, nowIso } from '../src/lib/ids.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { createSession } from '../src/domain/sessions.ts';
import { newTotpSecret } from '../src/lib/totp.ts';

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

/**
 * A staff account as the console needs it (docs/decisions/0920): TOTP enrolled and a session
 * that passed the second factor. `totpSecret` computes codes (`totpCode` from lib/totp.ts).
 */
export async function createStaff(db: Kysely<DB>): Promise<TTestMember & { totpSecret: string }> {
  const staff = await createMember(db, { role: 'staff' });
  const totpSecret = await enrolTotp(db, staff.id);
  const token = await createSession(db, staff.id, new Date(), { secondFactor: true });
  return { ...staff, token, totpSecret };
}

/** A staff account with a password only, as `npm run staff:create` leaves it: not enrolled yet. */
export async function createStaffWithoutSecondFactor(db: Kysely<DB>): Promise<TTestMember> {
  return createMember(db, { role: 'staff' });
}

/** Turns TOTP on for a member (as a confirmed enrolment would) and answers the secret. */
export async function enrolTotp(db: Kysely<DB>, memberId: string): Promise<string> {
  const secret = newTotpSecret();
  await db
    .insertInto('member_totp')
    .values({ member_id: memberId, secret, confirmed_at: nowIso(), last_step: null, created_at: nowIso() })
    .execute();
  return secret;
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

/** A podcast episode in a new show; defaults to a 1-credit episode released yesterday. */
export async function createPodcast(db: Kysely<DB>, overrides: Partial<Insertable<DB['podcasts']>> = {}) {
  const u = unique();
  const now = nowIso();
  const show = { id: newId(), hash: newPublicHash(), slug: `show-${u}`, title: `Show ${u}`, created_at: now };
  await db.insertInto('podcast_shows').values(show).execute();
  const row: Insertable<DB['podcasts']> = {
    id: newId(),
    hash: newPublicHash(),
    slug: `episode-${u}`,
    show_id: show.id,
    title: `Episode ${u}`,
    mp3: '/media/audio/test.wav',
    release_at: nowIso(new Date(Date.now() - 86_400_000)),
    credits: 1,
    ce_type_id: CeType.SELF_STUDY,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('podcasts').values(row).execute();
  return { ...row, showHash: show.hash };
}

/** A member's learning record on a class or podcast, viewed once unless told otherwise. */
export async function createGradebookRow(
  db: Kysely<DB>,
  memberId: string,
  target: { class_id: string } | { podcast_id: string },
  overrides: Partial<Insertable<DB['gradebook']>> = {},
) {
  const now = nowIso();
  const row: Insertable<DB['gradebook']> = {
    id: newId(),
    member_id: memberId,
    view_count: 1,
    last_viewed_at: now,
    created_at: now,
    ...target,
    ...overrides,
  };
  await db.insertInto('gradebook').values(row).execute();
  return row;
}

/** A passed exam's completion of a class or podcast, with its certificate number. */
export async function createCompletion(
  db: Kysely<DB>,
  memberId: string,
  target: { class_id: string } | { podcast_id: string },
  overrides: Partial<Insertable<DB['completions']>> = {},
) {
  const now = nowIso();
  const row: Insertable<DB['completions']> = {
    id: newId(),
    member_id: memberId,
    completed_at: now,
    score: 100,
    credits: 1,
    ce_type_id: CeType.SELF_STUDY,
    certificate_number: newPublicHash(),
    created_at: now,
    ...target,
    ...overrides,
  };
  await db.insertInto('completions').values(row).execute();
  return row;
}

/** A published blog post dated yesterday. */
export async function createBlogPost(db: Kysely<DB>, overrides: Partial<Insertable<DB['blog_posts']>> = {}) {
  const u = unique();
  const at = nowIso(new Date(Date.now() - 86_400_000));
  const row: Insertable<DB['blog_posts']> = {
    id: newId(),
    slug: `post-${u}`,
    title: `Post ${u}`,
    author: 'Test Author',
    body: '<p>Body.</p>',
    published_at: at,
    updated_at: at,
    created_at: at,
    ...overrides,
  };
  await db.insertInto('blog_posts').values(row).execute();
  return row;
}

/** An active ad; defaults to a drill-down banner with a link and an image. */
export async function createAd(db: Kysely<DB>, overrides: Partial<Insertable<DB['ads']>> = {}) {
  const u = unique();
  const row: Insertable<DB['ads']> = {
    id: newId(),
    hash: newPublicHash(),
    slot_type_id: AdSlotType.DRILLDOWN_BANNER,
    title: `Ad ${u}`,
    url: `https://sponsor.example.test/${u}`,
    photo: `/media/ads/${u}.svg`,
    is_active: 1,
    created_at: nowIso(),
    ...overrides,
  };
  await db.insertInto('ads').values(row).execute();
  return row;
}

/** A published drill-down posted yesterday. */
export async function createDrilldown(db: Kysely<DB>, overrides: Partial<Insertable<DB['drilldowns']>> = {}) {
  const u = unique();
  const at = nowIso(new Date(Date.now() - 86_400_000));
  const row: Insertable<DB['drilldowns']> = {
    id: newId(),
    hash: newPublicHash(),
    slug: `drilldown-${u}`,
    title: `Drill-down ${u}`,
    author: 'Test Author',
    posted_at: at,
    youtube_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    created_at: at,
    ...overrides,
  };
  await db.insertInto('drilldowns').values(row).execute();
  return row;
}

/** A category. */
export async function createCategory(db: Kysely<DB>, name = `Category ${unique()}`) {
  const row = { id: newId(), name, sort: 0 };
  await db.insertInto('categories').values(row).execute();
  return row;
}

/** A company (sponsor). */
export async function createCompany(db: Kysely<DB>, name = `Company ${unique()}`) {
  const row = { id: newId(), name, created_at: nowIso() };
  await db.insertInto('companies').values(row).execute();
  return row;
}

/** A speaker. */
export async function createSpeaker(db: Kysely<DB>, name = `Speaker ${unique()}`) {
  const row = { id: newId(), name, created_at: nowIso() };
  await db.insertInto('speakers').values(row).execute();
  return row;
}

/** A member's seat on a class, or a waitlist place with is_waiting: 1. */
export async function createSeat(
  db: Kysely<DB>,
  classId: string,
  memberId: string,
  overrides: Partial<Insertable<DB['seats']>> = {},
) {
  const row: Insertable<DB['seats']> = {
    id: newId(),
    class_id: classId,
    member_id: memberId,
    cancel_code: newPublicHash(),
    created_at: nowIso(),
    ...overrides,
  };
  await db.insertInto('seats').values(row).execute();
  return row;
}

/**
 * A member with what every hot member call reads (issue 21's statement tests): a seat and a
 * learner record in a live class starting `startsInMs` from now, and `completions` completed
 * classes.
 */
export async function createSeatedMember(
  db: Kysely<DB>,
  { startsInMs, completions }: { startsInMs: number; completions: number },
): Promise<{ member: TTestMember; live: string }> {
  const member = await createMember(db);
  const liveClass = await createClass(db, {
    type_id: ClassType.LIVE,
    ce_type_id: CeType.LIVE,
    capacity: 100,
    zoom_code: '123',
    release_at: nowIso(new Date(Date.now() + startsInMs)),
    duration_min: 90,
  });
  await createGradebookRow(db, member.id, { class_id: liveClass.id });
  await createSeat(db, liveClass.id, member.id);
  for (let i = 0; i < completions; i++)
    await createCompletion(db, member.id, { class_id: (await createClass(db)).id });
  return { member, live: liveClass.hash };
}

/** A published eBook. */
export async function createEbook(db: Kysely<DB>, overrides: Partial<Insertable<DB['ebooks']>> = {}) {
  const u = unique();
  const row: Insertable<DB['ebooks']> = {
    id: newId(),
    hash: newPublicHash(),
    title: `eBook ${u}`,
    subtitle: 'A guide',
    blurb: 'What the book covers.',
    pdf: `/media/ebooks/${u}.pdf`,
    created_at: nowIso(),
    ...overrides,
  };
  await db.insertInto('ebooks').values(row).execute();
  return row;
}

/** Sets a site setting, replacing any value it had. */
export async function setSetting(db: Kysely<DB>, key: string, value: string) {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: nowIso() })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: nowIso() }))
    .execute();
}

/**
 * Provider settings a certificate may be issued with (decision 1004): a real-looking provider ID,
 * an approval period around today and no template text. A fresh database holds none.
 */
export const CERTIFICATE_PROVIDER = {
  providerName: 'Harbor Dental Education',
  providerContact: '12 Harbor Street, Boston MA 02110 · ce@harbor.test',
  agdPaceProviderId: '219876',
  agdApprovalStart: '2024-11-01',
  agdApprovalEnd: '2099-10-31',
  agdApprovalStatement: 'Harbor Dental Education is nationally approved for FAGD/MAGD credit.',
  // The reference data's template texts for the optional approvals would stop issuance (1004).
  adaCerpStatement: '',
  ukCpdStatement: '',
  // The signature line (decision 1043).
  signatoryName: 'Dr. Ana Ruiz',
  signatoryTitle: 'Director of Continuing Education',
} as const;

export async function setCertificateProvider(db: Kysely<DB>, values: Record<string, string> = {}) {
  for (const [key, value] of Object.entries({ ...CERTIFICATE_PROVIDER, ...values }))
    await setSetting(db, key, value);
}

/** An active sponsor video of a company, with its yes/no offer. */
export async function createSponsorVideo(
  db: Kysely<DB>,
  overrides: Partial<Insertable<DB['sponsor_videos']>> = {},
) {
  const row: Insertable<DB['sponsor_videos']> = {
    id: newId(),
    youtube_id: 'dQw4w9WgXcQ',
    headline: 'Try our new composite',
    blurb: 'A two-minute look at the product.',
    headline_buttons: 'Would you like a free sample?',
    button_text_yes: 'Yes, send me a sample',
    button_text_no: 'No thanks',
    is_active: 1,
    created_at: nowIso(),
    ...overrides,
  };
  await db.insertInto('sponsor_videos').values(row).execute();
  return row;
}

/** A survey with one question of each type (yes/no, single, multi) and their choices. */
export async function createSurvey(db: Kysely<DB>) {
  const survey = { id: newId(), hash: newPublicHash(), title: `Survey ${unique()}`, created_at: nowIso() };
  await db.insertInto('surveys').values(survey).execute();
  const specs = [
    { type: 'yesno', choices: ['Yes', 'No'] },
    { type: 'single', choices: ['One', 'Two', 'Three'] },
    { type: 'multi', choices: ['A', 'B', 'C'] },
  ] as const;
  const questions = [];
  for (const [position, spec] of specs.entries()) {
    const question = {
      id: newId(),
      hash: newPublicHash(),
      survey_id: survey.id,
      position,
      question: `Question ${position + 1} (${spec.type})?`,
      type: spec.type,
      submit_label: null,
    };
    await db.insertInto('survey_questions').values(question).execute();
    const choices = spec.choices.map((label, i) => ({
      id: newId(),
      hash: newPublicHash(),
      question_id: question.id,
      position: i,
      label,
    }));
    await db.insertInto('survey_choices').values(choices).execute();
    questions.push({ ...question, choices });
  }
  return { ...survey, questions };
}

/** A logged play of a podcast episode by a member (the listen that unlocks its exam). */
export async function createPodcastPlay(db: Kysely<DB>, podcastId: string, memberId: string) {
  await db
    .insertInto('podcast_plays')
    .values({ id: newId(), podcast_id: podcastId, member_id: memberId, source: null, played_at: nowIso() })
    .execute();
}

/** A licence in the member's one licence list (the CE tracker's, decision 1045). */
export async function createTrackerLicence(
  db: Kysely<DB>,
  memberId: string,
  overrides: Partial<Insertable<DB['tracker_licences']>> = {},
) {
  const now = nowIso();
  const year = new Date().getUTCFullYear();
  const row: Insertable<DB['tracker_licences']> = {
    id: newId(),
    member_id: memberId,
    state: 'CA',
    licence_type: 'dentist',
    licence_number: `L-${unique()}`,
    period_start: `${year - 1}-01-01`,
    period_end: `${year + 1}-12-31`,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  await db.insertInto('tracker_licences').values(row).execute();
  return row;
}
