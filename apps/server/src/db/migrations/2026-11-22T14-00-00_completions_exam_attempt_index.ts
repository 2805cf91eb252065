import type { Kysely } from 'kysely';

/*
 * Deleting an exam attempt (a member's erasure cascades to them) makes both engines check that
 * no completion still points at it: without an index that is a scan of every completion per
 * attempt, seconds per erased member at a million completions (found by the benchmark's reset,
 * docs/decisions/0807).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('completions_exam_attempt_id_ix')
    .on('completions')
    .column('exam_attempt_id')
    .execute();
}
