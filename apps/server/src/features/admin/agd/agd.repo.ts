import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/types.ts';

/*
 * Queries of the AGD weekly submission (03 §7).
 */

type TDb = Kysely<DB> | Transaction<DB>;

/** Ids per UPDATE … WHERE id IN (…): well under the bound-parameter limits of both engines. */
const BATCH = 500;

export async function insertSubmission(db: TDb, row: Insertable<DB['agd_submissions']>) {
  await db.insertInto('agd_submissions').values(row).execute();
}

/**
 * Completions not yet submitted, made before `periodEnd`, of members who gave an AGD number
 * and are not erased; with what a roster row needs.
 */
export function selectUnsubmitted(db: TDb, periodEnd: string) {
  return (
    db
      .selectFrom('completions as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .leftJoin('classes as cl', 'cl.id', 'c.class_id')
      .leftJoin('podcasts as p', 'p.id', 'c.podcast_id')
      .leftJoin('speakers as cs', 'cs.id', 'cl.speaker_id')
      .leftJoin('speakers as ps', 'ps.id', 'p.speaker_id')
      .leftJoin('in_person_events as e', 'e.class_id', 'c.class_id')
      .select([
        'c.id',
        'c.completed_at',
        'c.credits',
        'c.delivery',
        'e.place as event_place',
        'c.agd_code',
        'm.agd_number',
        'm.username',
        'm.firstname',
        'm.lastname',
        'm.time_zone',
        'cl.title as class_title',
        'cl.release_at as class_release_at',
        'cl.agd_code as class_agd_code',
        'p.title as podcast_title',
        'p.agd_code as podcast_agd_code',
        'cs.name as class_speaker',
        'ps.name as podcast_speaker',
      ])
      // Set together with agd_submission_id; this column leads the (agd_submitted_at, completed_at)
      // index, so the weekly run does not read every completion.
      .where('c.agd_submitted_at', 'is', null)
      .where('c.completed_at', '<', periodEnd)
      .where('m.agd_number', 'is not', null)
      .where('m.agd_number', '!=', '')
      .where('m.erased_at', 'is', null)
      .orderBy('c.completed_at')
      .orderBy('c.id')
      .execute()
  );
}

/**
 * Marks completions as sent in a submission, only those no other run has taken (the
 * conditional update is the guard against concurrent runs); returns the ids this run got.
 */
export async function markSubmitted(
  db: TDb,
  ids: string[],
  submissionId: string,
  at: string,
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < ids.length; i += BATCH) {
    const rows = await db
      .updateTable('completions')
      .set({ agd_submission_id: submissionId, agd_submitted_at: at })
      .where('id', 'in', ids.slice(i, i + BATCH))
      .where('agd_submission_id', 'is', null)
      .returning('id')
      .execute();
    for (const r of rows) taken.add(r.id);
  }
  return taken;
}

export async function finishSubmission(
  db: TDb,
  id: string,
  result: { csv: string; row_count: number; held_back: string; finished_at: string },
) {
  await db.updateTable('agd_submissions').set(result).where('id', '=', id).execute();
}

const LISTED = [
  'id',
  'run_key',
  'period_start',
  'period_end',
  'row_count',
  'held_back',
  'finished_at',
  'created_at',
] as const;

export async function selectSubmissionsPage(db: TDb, offset: number, limit: number) {
  const { n } = await db
    .selectFrom('agd_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('agd_submissions')
    .select(LISTED)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return { rows, total: Number(n) };
}

export function selectSubmission(db: TDb, id: string) {
  return db
    .selectFrom('agd_submissions')
    .select([...LISTED, 'csv'])
    .where('id', '=', id)
    .executeTakeFirst();
}
