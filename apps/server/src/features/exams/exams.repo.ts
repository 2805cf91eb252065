import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/types.ts';
import { newId } from '../../lib/ids.ts';

type TDb = Kysely<DB> | Transaction<DB>;

/** A class or podcast episode with what the evaluation, sponsor steps and exam need of it. */
export type TExamSubject = {
  kind: 'class' | 'podcast';
  id: string;
  hash: string;
  title: string;
  speakerName: string | null;
  typeId: number | null;
  ceTypeId: number;
  credits: number;
  agdCode: string | null;
  releaseAt: string;
  durationMin: number;
  examDelayMin: number;
  sponsorVideoId: string | null;
  surveyId: string | null;
  examId: string | null;
  minScore: number;
  /** Questions an attempt draws from the pool; null: all, as written (0908). */
  drawCount: number | null;
};

/** A published class by hash or slug, as the exam steps see it. */
export async function selectClassSubject(db: TDb, ref: string): Promise<TExamSubject | undefined> {
  const row = await db
    .selectFrom('classes')
    .leftJoin('speakers', 'speakers.id', 'classes.speaker_id')
    .leftJoin('exams', 'exams.class_id', 'classes.id')
    .select([
      'classes.id',
      'classes.hash',
      'classes.title',
      'classes.type_id',
      'classes.ce_type_id',
      'classes.credits',
      'classes.agd_code',
      'classes.release_at',
      'classes.duration_min',
      'classes.exam_delay_min',
      'classes.sponsor_video_id',
      'classes.survey_id',
      'speakers.name as speaker_name',
      'exams.id as exam_id',
      'exams.min_score',
      'exams.draw_count',
    ])
    .where((eb) => eb.or([eb('classes.hash', '=', ref), eb('classes.slug', '=', ref)]))
    .where('classes.is_published', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'class',
    id: row.id,
    hash: row.hash,
    title: row.title,
    speakerName: row.speaker_name,
    typeId: row.type_id,
    ceTypeId: row.ce_type_id,
    credits: Number(row.credits),
    agdCode: row.agd_code,
    releaseAt: row.release_at,
    durationMin: row.duration_min,
    examDelayMin: row.exam_delay_min,
    sponsorVideoId: row.sponsor_video_id,
    surveyId: row.survey_id,
    examId: row.exam_id,
    minScore: Number(row.min_score ?? 0),
    drawCount: row.draw_count ?? null,
  };
}

/** A published podcast episode by hash or slug, as the evaluation and exam see it. */
export async function selectPodcastSubject(db: TDb, ref: string): Promise<TExamSubject | undefined> {
  const row = await db
    .selectFrom('podcasts')
    .leftJoin('speakers', 'speakers.id', 'podcasts.speaker_id')
    .leftJoin('exams', 'exams.podcast_id', 'podcasts.id')
    .select([
      'podcasts.id',
      'podcasts.hash',
      'podcasts.title',
      'podcasts.ce_type_id',
      'podcasts.credits',
      'podcasts.agd_code',
      'podcasts.release_at',
      'podcasts.duration_sec',
      'speakers.name as speaker_name',
      'exams.id as exam_id',
      'exams.min_score',
      'exams.draw_count',
    ])
    .where((eb) => eb.or([eb('podcasts.hash', '=', ref), eb('podcasts.slug', '=', ref)]))
    .where('podcasts.is_published', '=', 1)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    kind: 'podcast',
    id: row.id,
    hash: row.hash,
    title: row.title,
    speakerName: row.speaker_name,
    typeId: null,
    ceTypeId: row.ce_type_id,
    credits: Number(row.credits),
    agdCode: row.agd_code,
    releaseAt: row.release_at,
    durationMin: Math.ceil(row.duration_sec / 60),
    examDelayMin: 0,
    sponsorVideoId: null,
    surveyId: null,
    examId: row.exam_id,
    minScore: Number(row.min_score ?? 0),
    drawCount: row.draw_count ?? null,
  };
}

/** The questions of an exam in order, with the correct option (never sent to the browser). */
export async function selectExamQuestions(db: TDb, examId: string) {
  return db
    .selectFrom('exam_questions')
    .select([
      'id',
      'question',
      'option1',
      'option2',
      'option3',
      'option4',
      'option5',
      'option6',
      'correct_option',
    ])
    .where('exam_id', '=', examId)
    .orderBy('position')
    .execute();
}

const gradebookOf = (subject: TExamSubject) =>
  subject.kind === 'class' ? ('class_id' as const) : ('podcast_id' as const);

/** Makes sure the member has a gradebook row for the subject (podcasts get theirs at the evaluation). */
export async function ensureGradebook(trx: TDb, memberId: string, subject: TExamSubject, at: string) {
  const column = gradebookOf(subject);
  await trx
    .insertInto('gradebook')
    .values({
      id: newId(),
      member_id: memberId,
      [column]: subject.id,
      ce_type_id: subject.ceTypeId,
      created_at: at,
    })
    .onConflict((oc) => oc.columns(['member_id', column]).doNothing())
    .execute();
}

/** Sets one step's time on the member's gradebook row; with onlyFirst, only if it is not set yet. */
export async function markGradebookStep(
  trx: TDb,
  memberId: string,
  subject: TExamSubject,
  step: 'eval_taken_at' | 'sponsor_answered_at' | 'survey_done_at' | 'completed_at',
  at: string,
  onlyFirst = false,
): Promise<boolean> {
  let query = trx
    .updateTable('gradebook')
    .set({ [step]: at })
    .where('member_id', '=', memberId)
    .where(gradebookOf(subject), '=', subject.id);
  if (onlyFirst) query = query.where(step, 'is', null);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An active sponsor video with its company. */
export async function selectSponsorVideo(db: TDb, id: string) {
  return db
    .selectFrom('sponsor_videos')
    .leftJoin('companies', 'companies.id', 'sponsor_videos.company_id')
    .selectAll('sponsor_videos')
    .select(['companies.name as company_name', 'companies.photo as company_photo'])
    .where('sponsor_videos.id', '=', id)
    .where('sponsor_videos.is_active', '=', 1)
    .executeTakeFirst();
}
export type TSponsorVideoRow = NonNullable<Awaited<ReturnType<typeof selectSponsorVideo>>>;

/** Replaces the member's answer to a class's sponsor video (Replay lets them answer again). */
export async function replaceSponsorAnswer(
  trx: TDb,
  row: { sponsorVideoId: string; memberId: string; classId: string; answer: number; at: string },
) {
  await trx
    .deleteFrom('sponsor_video_answers')
    .where('sponsor_video_id', '=', row.sponsorVideoId)
    .where('member_id', '=', row.memberId)
    .where('class_id', '=', row.classId)
    .execute();
  await trx
    .insertInto('sponsor_video_answers')
    .values({
      id: newId(),
      sponsor_video_id: row.sponsorVideoId,
      member_id: row.memberId,
      class_id: row.classId,
      answer: row.answer,
      created_at: row.at,
    })
    .execute();
}

/** A survey with its questions and choices, in order. */
export async function selectSurvey(db: TDb, surveyId: string) {
  const survey = await db
    .selectFrom('surveys')
    .select(['id', 'hash', 'title'])
    .where('id', '=', surveyId)
    .executeTakeFirst();
  if (!survey) return undefined;
  const questions = await db
    .selectFrom('survey_questions')
    .select(['id', 'hash', 'question', 'type', 'submit_label'])
    .where('survey_id', '=', surveyId)
    .orderBy('position')
    .execute();
  const choices = questions.length
    ? await db
        .selectFrom('survey_choices')
        .select(['question_id', 'hash', 'label'])
        .where(
          'question_id',
          'in',
          questions.map((q) => q.id),
        )
        .orderBy('position')
        .execute()
    : [];
  return Object.assign(survey, {
    questions: questions.map((q) =>
      Object.assign(q, { choices: choices.filter((c) => c.question_id === q.id) }),
    ),
  });
}
export type TSurveyRow = NonNullable<Awaited<ReturnType<typeof selectSurvey>>>;

/** Replaces the member's answer to one question within one survey session. */
export async function replaceSurveyAnswer(
  trx: TDb,
  row: {
    surveyId: string;
    questionId: string;
    memberId: string;
    classId: string;
    sessionHash: string;
    choiceHashes: string[];
    at: string;
  },
) {
  await trx
    .deleteFrom('survey_answers')
    .where('question_id', '=', row.questionId)
    .where('member_id', '=', row.memberId)
    .where('session_hash', '=', row.sessionHash)
    .execute();
  await trx
    .insertInto('survey_answers')
    .values({
      id: newId(),
      survey_id: row.surveyId,
      question_id: row.questionId,
      member_id: row.memberId,
      class_id: row.classId,
      session_hash: row.sessionHash,
      choice_hashes: JSON.stringify(row.choiceHashes),
      created_at: row.at,
    })
    .execute();
}

/**
 * Takes one of the member's exams for a local day, atomically: the day's count goes up only
 * while it is under the limit (one conditional upsert, so concurrent submissions cannot pass
 * it). Returns the new count, or null when the limit was already reached.
 */
export async function claimExamSlot(
  trx: TDb,
  memberId: string,
  localDay: string,
  limit: number,
): Promise<number | null> {
  const row = await trx
    .insertInto('exam_day_counts')
    .values({ member_id: memberId, local_day: localDay, submitted: 1 })
    .onConflict((oc) =>
      oc
        .columns(['member_id', 'local_day'])
        .doUpdateSet((eb) => ({ submitted: eb('exam_day_counts.submitted', '+', 1) }))
        .where('exam_day_counts.submitted', '<', limit),
    )
    .returning('submitted')
    .executeTakeFirst();
  return row ? row.submitted : null;
}

/** Stores the questions and options' order one exam page served from a pool (0908). */
export async function insertExamServing(
  db: TDb,
  row: { id: string; examId: string; memberId: string; questions: string; at: string },
): Promise<void> {
  await db
    .insertInto('exam_servings')
    .values({
      id: row.id,
      exam_id: row.examId,
      member_id: row.memberId,
      questions: row.questions,
      created_at: row.at,
    })
    .execute();
}

/**
 * Marks a served page graded; false when it was graded already (decision 1044): each attempt
 * answers a page of its own, so one attempt's grades never become the next one's key.
 */
export async function markServingGraded(db: TDb, servingId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('exam_servings')
    .set({ graded_at: at })
    .where('id', '=', servingId)
    .where('graded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The last exam page served to the member from this exam's pool: what a submission answers. */
export async function selectLatestServing(db: TDb, memberId: string, examId: string) {
  return db
    .selectFrom('exam_servings')
    .select(['id', 'questions'])
    .where('member_id', '=', memberId)
    .where('exam_id', '=', examId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The zone of the member's day for the limit (issue 28): the profile's; when it has none, the
 * zone the browser proposed is stored as the profile's, once, and read back (so two first
 * submissions at once agree on it).
 */
export async function settleMemberTimeZone(trx: TDb, memberId: string, proposed: string): Promise<string> {
  await trx
    .updateTable('members')
    .set({ time_zone: proposed })
    .where('id', '=', memberId)
    .where('time_zone', 'is', null)
    .execute();
  const row = await trx
    .selectFrom('members')
    .select('time_zone')
    .where('id', '=', memberId)
    .executeTakeFirstOrThrow();
  return row.time_zone ?? proposed;
}

/** Attempts counted toward the limit since an instant (ISO): the day's count whatever its label. */
export async function countCountedAttemptsSince(
  trx: TDb,
  memberId: string,
  sinceIso: string,
): Promise<number> {
  const row = await trx
    .selectFrom('exam_attempts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('member_id', '=', memberId)
    .where('counts_toward_limit', '=', 1)
    .where('created_at', '>=', sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertExamAttempt(
  trx: TDb,
  row: {
    examId: string;
    memberId: string;
    answers: number[];
    score: number;
    localDay: string;
    countsTowardLimit: boolean;
    passed: boolean;
    at: string;
    servingId?: string | null;
  },
): Promise<string> {
  const id = newId();
  await trx
    .insertInto('exam_attempts')
    .values({
      id,
      exam_id: row.examId,
      member_id: row.memberId,
      answers: JSON.stringify(row.answers),
      score: row.score,
      local_day: row.localDay,
      counts_toward_limit: row.countsTowardLimit ? 1 : 0,
      passed: row.passed ? 1 : 0,
      serving_id: row.servingId ?? null,
      created_at: row.at,
    })
    .execute();
  return id;
}

/** The completion of a passed exam; the unique index on (member, class|podcast) allows one. */
export async function insertCompletion(
  trx: TDb,
  row: {
    memberId: string;
    subject: TExamSubject;
    attemptId: string;
    score: number;
    ceTypeId: number;
    certificateNumber: string;
    /** How the credit was earned (decision 1040). */
    delivery: string;
    /** A live webinar's evidence as decided now (issue 42, decision 1152), JSON; null otherwise. */
    evidence: string | null;
    at: string;
  },
) {
  await trx
    .insertInto('completions')
    .values({
      id: newId(),
      member_id: row.memberId,
      class_id: row.subject.kind === 'class' ? row.subject.id : null,
      podcast_id: row.subject.kind === 'podcast' ? row.subject.id : null,
      exam_attempt_id: row.attemptId,
      completed_at: row.at,
      score: row.score,
      credits: row.subject.credits,
      ce_type_id: row.ceTypeId,
      agd_code: row.subject.agdCode,
      certificate_number: row.certificateNumber,
      delivery: row.delivery,
      evidence: row.evidence,
      created_at: row.at,
    })
    .execute();
}
