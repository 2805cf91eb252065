import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, TMember, TMemberUpdate, TNewMember } from '../../db/types.ts';
import { nowIso } from '../../lib/ids.ts';

/*
 * Queries of accounts and sessions: portable Kysely only. Usernames and e-mails are matched
 * through the lowercased copies in username_key / email_key (unique), so checks are
 * case-insensitive on both engines.
 */

type TDb = Kysely<DB> | Transaction<DB>;

/** A live (not erased) member by username or account e-mail, case-insensitive (03 §3). */
export async function selectMemberByLogin(db: TDb, login: string): Promise<TMember | undefined> {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('members')
    .selectAll()
    .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
    .where('erased_at', 'is', null)
    .orderBy(sql`case when username_key = ${key} then 0 else 1 end`)
    .limit(1)
    .executeTakeFirst();
}

export async function selectMemberByEmail(db: TDb, email: string): Promise<TMember | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('email_key', '=', email.trim().toLowerCase())
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

export async function selectMemberById(db: TDb, id: string): Promise<TMember | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function selectMemberByHash(db: TDb, hash: string): Promise<TMember | undefined> {
  return db
    .selectFrom('members')
    .selectAll()
    .where('hash', '=', hash)
    .where('erased_at', 'is', null)
    .executeTakeFirst();
}

/** Is this value used by another account? (erased accounts hold placeholders, never real values) */
export async function isTaken(
  db: TDb,
  column: 'username_key' | 'email_key' | 'agd_number',
  value: string,
  exceptMemberId: string | null = null,
): Promise<boolean> {
  let query = db.selectFrom('members').select('id').where(column, '=', value);
  if (exceptMemberId) query = query.where('id', '!=', exceptMemberId);
  return Boolean(await query.limit(1).executeTakeFirst());
}

export async function insertMember(db: TDb, row: TNewMember): Promise<void> {
  await db.insertInto('members').values(row).execute();
}

export async function updateMember(db: TDb, id: string, patch: TMemberUpdate): Promise<void> {
  await db.updateTable('members').set(patch).where('id', '=', id).execute();
}

/*
 * Webinar reminders (issue 36): off is a row in reminder_optouts, the table the one-click
 * unsubscribe of a reminder mail writes (0411) and the reminder job reads; the profile's switch
 * shows and sets the same row.
 */
export async function hasWebinarReminders(db: TDb, memberId: string): Promise<boolean> {
  const optout = await db
    .selectFrom('reminder_optouts')
    .select('member_id')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return optout === undefined;
}

export async function setWebinarReminders(db: TDb, memberId: string, on: boolean, at: string): Promise<void> {
  if (on) {
    await db.deleteFrom('reminder_optouts').where('member_id', '=', memberId).execute();
    return;
  }
  await db
    .insertInto('reminder_optouts')
    .values({ member_id: memberId, created_at: at })
    .onConflict((oc) => oc.column('member_id').doNothing())
    .execute();
}

/** The account-items lists, in staff order. */
export async function selectAccountItems(db: TDb) {
  return db
    .selectFrom('account_items')
    .select(['list', 'value', 'label'])
    .orderBy('list')
    .orderBy('sort')
    .orderBy('label')
    .execute();
}

/** Credits earned per CE type over all the member's completions (03 §7 account home). */
export async function selectCreditSums(db: TDb, memberId: string) {
  const rows = await db
    .selectFrom('completions')
    .select(['ce_type_id', (eb) => eb.fn.sum<number>('credits').as('credits')])
    .where('member_id', '=', memberId)
    .groupBy('ce_type_id')
    .execute();
  return rows.map((r) => ({ ceTypeId: Number(r.ce_type_id), credits: Number(r.credits ?? 0) }));
}

/** Every completion of a member with the course or episode title, oldest first. */
export async function selectCompletionsForReport(db: TDb, memberId: string) {
  return db
    .selectFrom('completions')
    .leftJoin('classes', 'classes.id', 'completions.class_id')
    .leftJoin('podcasts', 'podcasts.id', 'completions.podcast_id')
    .select([
      'completions.completed_at',
      'completions.credits',
      'completions.ce_type_id',
      'completions.certificate_number',
      'classes.title as classTitle',
      'podcasts.title as podcastTitle',
    ])
    .where('completions.member_id', '=', memberId)
    .orderBy('completions.completed_at')
    .execute();
}

// Password resets and GDPR requests: only the token's hash is kept.

export async function insertPasswordReset(
  db: TDb,
  row: { id: string; member_id: string; token_hash: string; expires_at: string; created_at: string },
) {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Uses a reset token: one atomic conditional update, so a token works once even when two
 * requests race. Returns the member id, or undefined for an unknown, used or expired token.
 */
export async function consumePasswordReset(
  db: TDb,
  tokenHash: string,
  now: Date,
): Promise<string | undefined> {
  const row = await db
    .updateTable('password_resets')
    .set({ used_at: nowIso(now) })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

/** Ends every other open reset link of a member (after a reset or a password change). */
export async function closePasswordResets(db: TDb, memberId: string, now: Date): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ used_at: nowIso(now) })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertGdprRequest(
  db: TDb,
  row: { id: string; member_id: string; token_hash: string; expires_at: string; created_at: string },
) {
  await db.insertInto('gdpr_requests').values(row).execute();
}

/**
 * A change of e-mail (docs/decisions/0921) or a home e-mail (0931) waiting for its link;
 * earlier open ones for the same address field end.
 */
export async function insertEmailChange(
  db: TDb,
  row: {
    id: string;
    member_id: string;
    new_email: string;
    field: 'email' | 'email2';
    token_hash: string;
    expires_at: string;
    created_at: string;
  },
) {
  await db
    .updateTable('email_changes')
    .set({ used_at: row.created_at })
    .where('member_id', '=', row.member_id)
    .where('field', '=', row.field)
    .where('used_at', 'is', null)
    .execute();
  await db.insertInto('email_changes').values(row).execute();
}

/** Uses an open, unexpired e-mail change link once: its member and new address. */
export async function consumeEmailChange(db: TDb, tokenHash: string, now: Date) {
  return db
    .updateTable('email_changes')
    .set({ used_at: nowIso(now) })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .returning(['member_id', 'new_email', 'field'])
    .executeTakeFirst();
}

/** Marks the home e-mail confirmed, if the profile still names this address (0931). */
export async function confirmHomeEmail(
  db: TDb,
  memberId: string,
  address: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ email2_verified_at: nowIso(now) })
    .where('id', '=', memberId)
    .where(sql<string>`lower(trim(email2))`, '=', address.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function consumeGdprRequest(db: TDb, tokenHash: string, now: Date): Promise<string | undefined> {
  const row = await db
    .updateTable('gdpr_requests')
    .set({ confirmed_at: nowIso(now) })
    .where('token_hash', '=', tokenHash)
    .where('confirmed_at', 'is', null)
    .where('expires_at', '>', nowIso(now))
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id ?? undefined;
}

/**
 * Erases a member's personal data (03 §3 GDPR): the profile is blanked and the username and
 * e-mail replaced by unique placeholders; sessions, reset links, seats, queue and the leads
 * given to sponsors are deleted; activity rows lose their link to the member; support
 * messages lose their contact fields. Completions, the gradebook and exam attempts stay,
 * attached to the anonymous row, so course counts and totals remain right.
 */
export async function eraseMember(trx: Transaction<DB>, member: TMember, now: Date): Promise<void> {
  const at = nowIso(now);
  const placeholder = `erased-${member.id}`;
  const emails = [member.email_key, member.email2?.trim().toLowerCase()].filter((e): e is string =>
    Boolean(e),
  );

  await trx
    .updateTable('members')
    .set({
      username: placeholder,
      username_key: placeholder,
      email: `${placeholder}@erased.invalid`,
      email_key: `${placeholder}@erased.invalid`,
      email2: null,
      email2_verified_at: null,
      // Not a scrypt string: no password can ever match it.
      password_hash: 'erased',
      title: null,
      firstname: null,
      lastname: null,
      job_title: null,
      office_name: null,
      address: null,
      city: null,
      state: null,
      zip: null,
      phone: null,
      gender: null,
      age_range: null,
      office_size: null,
      source_heard: null,
      country: '',
      cert_year: null,
      agd_number: null,
      time_zone: null,
      is_phone_mobile: 0,
      hide_agd_reminder: 0,
      updated_at: at,
      erased_at: at,
    })
    .where('id', '=', member.id)
    .execute();

  for (const table of [
    'sessions',
    'password_resets',
    'seats',
    'queue_items',
    // The second factor and pending e-mail changes (docs/decisions/0920, 0921).
    'member_totp',
    'recovery_codes',
    'email_changes',
    // Mailed login links (docs/decisions/0930).
    'login_links',
    'tracker_licences',
    'tracker_certificates',
    'media_positions',
    'media_prefs',
    // Questions to webinars and votes (issue 42, docs/decisions/1160): the text is the member's own
    // words; others' votes on them go with them (foreign key).
    'question_votes',
    'webinar_questions',
    // Offices (issue 43): the memberships and assignments; an office left without a manager goes after.
    'office_members',
    'office_assignments',
    // An organisation's managers (decision 1168); one left without a manager goes after.
    'organisation_managers',
  ] as const) {
    await trx.deleteFrom(table).where('member_id', '=', member.id).execute();
  }
  await trx
    .deleteFrom('ad_leads')
    .where((eb) => eb.or([eb('member_id', '=', member.id), eb(sql<string>`lower(email)`, 'in', emails)]))
    .execute();
  for (const table of [
    'ebook_requests',
    'class_views',
    'blog_views',
    'drilldown_views',
    'podcast_plays',
    'ad_events',
    'featured_clicks',
    'evaluations',
    'sponsor_video_answers',
  ] as const) {
    await trx.updateTable(table).set({ member_id: null }).where('member_id', '=', member.id).execute();
  }
  await trx
    .updateTable('survey_answers')
    .set({ member_id: null, session_hash: null })
    .where('member_id', '=', member.id)
    .execute();
  await trx
    .updateTable('support_messages')
    .set({ member_id: null, name: '[erased]', office: '', email: '', phone: '', comment: '[erased]' })
    .where((eb) => eb.or([eb('member_id', '=', member.id), eb(sql<string>`lower(email)`, 'in', emails)]))
    .execute();
  // Mail already sent or still queued to the member holds their name and links.
  await trx
    .deleteFrom('mail_outbox')
    .where(sql<string>`lower(to_address)`, 'in', emails)
    .execute();
}

/** Tables with a member_id column whose rows belong in the member's data export (03 §3). */
const EXPORT_TABLES = [
  'completions',
  'gradebook',
  'seats',
  'queue_items',
  'exam_attempts',
  'evaluations',
  'sponsor_video_answers',
  'survey_answers',
  'ebook_requests',
  'ad_leads',
  'support_messages',
  'class_views',
  'podcast_plays',
  'blog_views',
  'drilldown_views',
  'tracker_licences',
  'tracker_certificates',
  'media_positions',
  'media_prefs',
  'webinar_questions',
  'question_votes',
  'office_members',
  'office_assignments',
  'organisation_managers',
] as const;

/** Everything kept about a member, table by table; secrets (hashes of passwords and tokens) left out. */
export async function selectMemberData(db: TDb, memberId: string): Promise<Record<string, unknown>> {
  const member = await db.selectFrom('members').selectAll().where('id', '=', memberId).executeTakeFirst();
  const { password_hash: _passwordHash, ...profile } = member ?? ({} as Partial<TMember>);
  const data: Record<string, unknown> = { member: profile };
  for (const table of EXPORT_TABLES) {
    data[table] = await db.selectFrom(table).selectAll().where('member_id', '=', memberId).execute();
  }
  data.sessions = await db
    .selectFrom('sessions')
    .select(['created_at', 'last_used_at'])
    .where('member_id', '=', memberId)
    .execute();
  data.mail = await db
    .selectFrom('mail_outbox')
    .select(['created_at', 'subject', 'kind', 'status', 'sent_at'])
    .where(sql<string>`lower(to_address)`, '=', member?.email_key ?? '')
    .execute();
  return data;
}
