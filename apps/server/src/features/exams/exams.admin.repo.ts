import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';

/* The console's exam editor: an exam of a class or episode with its questions (02 §3). */

type TDb = Kysely<DB> | Transaction<DB>;

export type TExamOwner = { table: 'classes' | 'podcasts'; column: 'class_id' | 'podcast_id' };

export function selectOwnerTitle(db: TDb, owner: TExamOwner, id: string) {
  return db.selectFrom(owner.table).select('title').where('id', '=', id).executeTakeFirst();
}

export function selectExam(db: TDb, owner: TExamOwner, ownerId: string) {
  return db.selectFrom('exams').selectAll().where(owner.column, '=', ownerId).executeTakeFirst();
}

export function selectExamQuestions(db: TDb, examId: string) {
  return db
    .selectFrom('exam_questions')
    .selectAll()
    .where('exam_id', '=', examId)
    .orderBy('position')
    .execute();
}

export async function countExamAttempts(db: TDb, examId: string): Promise<number> {
  const row = await db
    .selectFrom('exam_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('exam_id', '=', examId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertExam(db: TDb, row: Insertable<DB['exams']>) {
  await db.insertInto('exams').values(row).execute();
}

export async function updateExamSettings(
  db: TDb,
  examId: string,
  settings: { minScore: number; drawCount: number | null },
) {
  await db
    .updateTable('exams')
    .set({ min_score: settings.minScore, draw_count: settings.drawCount })
    .where('id', '=', examId)
    .execute();
}

export async function replaceExamQuestions(
  db: TDb,
  examId: string,
  rows: {
    id: string;
    position: number;
    question: string;
    options: (string | null)[];
    correct: number;
  }[],
) {
  await db.deleteFrom('exam_questions').where('exam_id', '=', examId).execute();
  if (rows.length === 0) return;
  await db
    .insertInto('exam_questions')
    .values(
      rows.map((r) => ({
        id: r.id,
        exam_id: examId,
        position: r.position,
        question: r.question,
        option1: r.options[0] ?? null,
        option2: r.options[1] ?? null,
        option3: r.options[2] ?? null,
        option4: r.options[3] ?? null,
        option5: r.options[4] ?? null,
        option6: r.options[5] ?? null,
        correct_option: r.correct,
      })),
    )
    .execute();
}

export async function deleteExam(db: TDb, examId: string) {
  await db.deleteFrom('exams').where('id', '=', examId).execute();
}

// Surveys
