import { sql, type Kysely } from 'kysely';

/*
 * Credit that holds up in an audit (issue 35). Written with its SQL inline: a migration never
 * imports live code, so what it does stays fixed whatever the code becomes.
 * - completions.delivery (docs/decisions/1040): how the credit was earned, one of on_demand,
 *   podcast, live_webinar_verified, live_webinar_self_attested, in_person (external
 *   certificates live in tracker_certificates). Existing credits get it from what was recorded
 *   when they were earned: a podcast; a claim of an in-person event; live credit verified by a
 *   confirmed participant report; other live credit (the member's own confirmation); else
 *   self-instruction.
 * - completions.licence_choice (decision 1045): the licences a certificate names, as the member
 *   chose them (JSON array of tracker licence ids); null until they choose (the default rule).
 * - One licence model (decision 1045): the profile's licence (members.license_number and
 *   license_state, read only by certificates) joins the CE tracker's licences, unless the member
 *   already has a tracker licence with that number; then the profile columns go. Its type is read
 *   from the job title (hygienist, assistant, else dentist) and its CE period is the calendar year
 *   of the migration, which the member corrects in the tracker like any proposed period.
 * - In-person claims (decision 1042): the window is the event's start to a number of days after
 *   it (a setting), so the per-event window columns go.
 * - exam_servings.graded_at (decision 1044): a served page is graded once; the next attempt
 *   needs a new page, so the grades of one attempt never serve as the key of the next.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('completions')
    .addColumn('delivery', 'text', (c) => c.notNull().defaultTo('on_demand'))
    .execute();
  await sql`
    update completions set delivery = case
      when podcast_id is not null then 'podcast'
      when exists (select 1 from in_person_events e where e.class_id = completions.class_id) then 'in_person'
      when ce_type_id = 2 and exists (
        select 1 from attendance_imports i
        join attendance_records r on r.import_id = i.id
        where i.class_id = completions.class_id and i.status = 'confirmed'
          and r.member_id = completions.member_id and r.is_live = 1
      ) then 'live_webinar_verified'
      when ce_type_id = 2 then 'live_webinar_self_attested'
      else 'on_demand'
    end
  `.execute(db);
  await db.schema.alterTable('completions').addColumn('licence_choice', 'text').execute();

  const year = new Date().getUTCFullYear();
  const now = new Date().toISOString();
  await sql`
    insert into tracker_licences
      (id, member_id, state, licence_type, licence_number, period_start, period_end,
       carry_over_hours, holds_dea, created_at, updated_at)
    select
      'lic-' || m.id,
      m.id,
      upper(trim(coalesce(nullif(trim(m.license_state), ''), nullif(trim(m.state), ''), ''))),
      case
        when lower(coalesce(m.job_title, '')) like '%hygien%' then 'dental_hygienist'
        when lower(coalesce(m.job_title, '')) like '%assist%' then 'dental_assistant'
        else 'dentist'
      end,
      trim(m.license_number),
      ${`${year}-01-01`},
      ${`${year}-12-31`},
      0,
      0,
      ${now},
      ${now}
    from members m
    where m.license_number is not null and trim(m.license_number) <> ''
      and not exists (
        select 1 from tracker_licences t
        where t.member_id = m.id and upper(trim(t.licence_number)) = upper(trim(m.license_number))
      )
  `.execute(db);
  await db.schema.alterTable('members').dropColumn('license_number').execute();
  await db.schema.alterTable('members').dropColumn('license_state').execute();

  await db.schema.alterTable('in_person_events').dropColumn('claim_opens_at').execute();
  await db.schema.alterTable('in_person_events').dropColumn('claim_closes_at').execute();

  await db.schema.alterTable('exam_servings').addColumn('graded_at', 'text').execute();
}
