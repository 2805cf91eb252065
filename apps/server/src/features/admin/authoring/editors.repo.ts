import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../../db/types.ts';

/*
 * Queries of the editors that are more than one row: surveys with their questions and choices,
 * the settings and the featured content picks. (The exam editor is the exams feature's: 0007.)
 */

type TDb = Kysely<DB> | Transaction<DB>;

export function selectSurvey(db: TDb, surveyId: string) {
  return db.selectFrom('surveys').select(['id', 'title']).where('id', '=', surveyId).executeTakeFirst();
}

export function selectSurveyQuestions(db: TDb, surveyId: string) {
  return db
    .selectFrom('survey_questions')
    .selectAll()
    .where('survey_id', '=', surveyId)
    .orderBy('position')
    .execute();
}

export function selectSurveyChoices(db: TDb, questionIds: string[]) {
  if (questionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('survey_choices')
    .selectAll()
    .where('question_id', 'in', questionIds)
    .orderBy('position')
    .execute();
}

export async function countSurveyAnswers(db: TDb, surveyId: string): Promise<number> {
  const row = await db
    .selectFrom('survey_answers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function upsertSurveyQuestion(
  db: TDb,
  row: {
    id: string;
    hash: string;
    survey_id: string;
    position: number;
    question: string;
    type: 'yesno' | 'single' | 'multi';
    submit_label: string | null;
  },
  isNew: boolean,
) {
  if (isNew) {
    await db.insertInto('survey_questions').values(row).execute();
    return;
  }
  const { id, hash: _hash, survey_id: _survey, ...changes } = row;
  await db.updateTable('survey_questions').set(changes).where('id', '=', id).execute();
}

export async function upsertSurveyChoice(
  db: TDb,
  row: { id: string; hash: string; question_id: string; position: number; label: string },
  isNew: boolean,
) {
  if (isNew) {
    await db.insertInto('survey_choices').values(row).execute();
    return;
  }
  await db
    .updateTable('survey_choices')
    .set({ position: row.position, label: row.label, question_id: row.question_id })
    .where('id', '=', row.id)
    .execute();
}

export async function deleteSurveyQuestions(db: TDb, ids: string[]) {
  if (ids.length) await db.deleteFrom('survey_questions').where('id', 'in', ids).execute();
}

export async function deleteSurveyChoices(db: TDb, ids: string[]) {
  if (ids.length) await db.deleteFrom('survey_choices').where('id', 'in', ids).execute();
}

// Settings and featured content

export async function selectSettings(db: TDb): Promise<Record<string, string>> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function upsertSetting(db: TDb, key: string, value: string, at: string) {
  await db
    .insertInto('settings')
    .values({ key, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}

export function selectFeatured(db: TDb) {
  return db.selectFrom('featured_content').selectAll().execute();
}

export async function upsertFeatured(
  db: TDb,
  row: {
    slot_type_id: number;
    class_id: string | null;
    podcast_id: string | null;
    blog_post_id: string | null;
    blurb: string | null;
    updated_at: string;
  },
) {
  const { slot_type_id: _slot, ...changes } = row;
  await db
    .insertInto('featured_content')
    .values(row)
    .onConflict((oc) => oc.column('slot_type_id').doUpdateSet(changes))
    .execute();
}
