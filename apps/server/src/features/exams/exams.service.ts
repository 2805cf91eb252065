import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CeType,
  certificatePdfUrl,
  drawExamPage,
  examOpensAt,
  failedExamMessage,
  gradeAnswers,
  isLiveEvent,
  isSurveySelectionValid,
  Limits,
  localDayInZone,
  questionsAsServed,
  siteDelivery,
  startOfLocalDay,
  Texts,
  zoneFromOffset,
} from '@opence/shared';
import type {
  TEvaluationForm,
  TExamResponse,
  TGradeExamResponse,
  TStudentData,
  TSurvey,
  TSponsorVideo,
} from '@opence/shared/schemas';
import { isUniqueViolation } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import { newCertificateNumber, newId, newPublicHash, nowIso } from '../../lib/ids.ts';
import { insertEvaluation } from '../../domain/evaluations.ts';
import { selectVerifiedAttendance } from '../../domain/verified-attendance.ts';
import { selectWebinarEvidence } from '../../domain/webinar-evidence.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../lib/api-errors.ts';
import { presentExam, presentSponsorVideo, presentSurvey } from './exams.presenter.ts';
import {
  claimExamSlot,
  countCountedAttemptsSince,
  ensureGradebook,
  insertCompletion,
  insertExamAttempt,
  insertExamServing,
  markGradebookStep,
  replaceSponsorAnswer,
  replaceSurveyAnswer,
  selectClassSubject,
  markServingGraded,
  selectExamQuestions,
  selectLatestServing,
  selectPodcastSubject,
  selectSponsorVideo,
  selectSurvey,
  settleMemberTimeZone,
  type TExamSubject,
} from './exams.repo.ts';

/** The member's record on a class or podcast, from the classroom (passed in by app.ts). */
export type TStudentDataReader = (
  memberId: string,
  subject: ({ classId: string; typeId: number } | { podcastId: string }) & { ceTypeId: number },
  hint?: { tzOffsetMin?: number | undefined },
) => Promise<TStudentData>;

export type TExamsDeps = {
  db: Kysely<DB>;
  studentData: TStudentDataReader;
  publicUrl: string;
  now?: () => Date;
};

/** A class (c) or a podcast episode (p). */
export type TTargetRef = { c?: string | undefined; p?: string | undefined };

/**
 * Evaluation, sponsor video, survey and exam (02 §2, §4; 03 §6). The order of the learning flow
 * is enforced here, not only in the browser: no evaluation before a view (or a podcast play),
 * no sponsor step, survey or exam before the evaluation.
 */
export function createExamsService(deps: TExamsDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function findSubject(ref: TTargetRef): Promise<TExamSubject> {
    const subject = ref.c ? await selectClassSubject(db, ref.c) : await selectPodcastSubject(db, ref.p ?? '');
    if (!subject) throw notFound(ref.c ? Texts.NO_CLASS_SELECTED : Texts.SELECT_PODCAST);
    return subject;
  }

  const studentOf = (member: TSessionMember, subject: TExamSubject, tzOffsetMin?: number) =>
    deps.studentData(
      member.id,
      subject.kind === 'class'
        ? { classId: subject.id, typeId: subject.typeId ?? 0, ceTypeId: subject.ceTypeId }
        : { podcastId: subject.id, ceTypeId: subject.ceTypeId },
      { tzOffsetMin },
    );

  /** Viewed the class (or started it live), or listened to the episode: 403 with the spec's text otherwise. */
  function assertViewed(subject: TExamSubject, student: TStudentData) {
    if (student.classViewCount > 0 || student.studentStarted) return;
    throw forbidden(subject.kind === 'class' ? Texts.VIEW_CLASS_FIRST : Texts.LISTEN_PODCAST_FIRST);
  }

  function assertEvaluated(subject: TExamSubject, student: TStudentData) {
    assertViewed(subject, student);
    if (!student.evalTaken) throw forbidden(Texts.COMPLETE_EVALUATION_FIRST);
  }

  const examCompletedText = (subject: TExamSubject) =>
    subject.kind === 'class' ? Texts.EXAM_COMPLETED_RETURN_CLASSROOM : Texts.EXAM_COMPLETED_RETURN_PODCASTS;

  /** The member may take the exam now: it exists and is open, the flow's steps are done, it is not passed yet. */
  function assertExamOpen(subject: TExamSubject, student: TStudentData) {
    if (!subject.examId) throw notFound(Texts.EXAM_NOT_AVAILABLE);
    const opensAt = examOpensAt(subject.releaseAt, subject.durationMin, subject.examDelayMin);
    if (subject.kind === 'class' && isLiveEvent(subject.ceTypeId) && now() < opensAt) {
      throw forbidden(Texts.EXAM_NOT_AVAILABLE);
    }
    assertEvaluated(subject, student);
    if (student.examTaken) throw conflict(examCompletedText(subject));
  }

  /** Loads a class subject and asserts the evaluation is done (sponsor video and survey). */
  async function classAfterEvaluation(member: TSessionMember, c: string) {
    const subject = await findSubject({ c });
    assertEvaluated(subject, await studentOf(member, subject));
    return subject;
  }

  /**
   * A live attendee's webinar evidence and its decision under the webinar's rule (issue 42,
   * decision 1150); null for any other credit. Below a rule that gives no credit, the exam is
   * refused with the reason.
   */
  async function liveEvidenceOf(
    trx: Parameters<typeof selectWebinarEvidence>[0],
    memberId: string,
    subject: TExamSubject,
    ceTypeId: number,
  ) {
    if (subject.kind !== 'class' || ceTypeId !== CeType.LIVE) return null;
    const evidence = await selectWebinarEvidence(trx, subject.id, memberId);
    if (evidence?.decision === 'none') throw forbidden(`${Texts.CREDIT_REFUSED} ${evidence.reason}`);
    return evidence;
  }

  /**
   * How a passed exam's credit was earned (decision 1040): live credit rests on a report or on the
   * member's word, and on the webinar's rule: below it, self-study (issue 42).
   */
  async function deliveryOf(
    trx: Parameters<typeof selectVerifiedAttendance>[0],
    memberId: string,
    subject: TExamSubject,
    ceTypeId: number,
    evidence: { decision: string } | null,
  ) {
    const isLiveCredit =
      subject.kind === 'class' && ceTypeId === CeType.LIVE && evidence?.decision !== 'self_study';
    return siteDelivery({
      isPodcast: subject.kind === 'podcast',
      isInPersonEvent: false,
      isLiveCredit,
      isVerifiedByReport:
        isLiveCredit && (await selectVerifiedAttendance(trx, subject.id, memberId)).isVerified,
    });
  }

  return {
    /** POST /api/save-eval: stores the evaluation once; saving again changes nothing (the browser skips ahead). */
    async saveEvaluation(member: TSessionMember, ref: TTargetRef, form: TEvaluationForm): Promise<void> {
      const subject = await findSubject(ref);
      const student = await studentOf(member, subject);
      assertViewed(subject, student);
      if (student.evalTaken) return;
      const at = nowIso(now());
      await db.transaction().execute(async (trx) => {
        await ensureGradebook(trx, member.id, subject, at);
        // The conditional update is the guard against two concurrent submissions storing two evaluations.
        if (!(await markGradebookStep(trx, member.id, subject, 'eval_taken_at', at, true))) return;
        await insertEvaluation(trx, form, {
          memberId: member.id,
          classId: subject.kind === 'class' ? subject.id : null,
          podcastId: subject.kind === 'podcast' ? subject.id : null,
          at,
        });
      });
    },

    /** GET /api/sva: the class's sponsor video, or none (rowCount 0). */
    async sponsorVideo(member: TSessionMember, c: string): Promise<TSponsorVideo[]> {
      const subject = await classAfterEvaluation(member, c);
      const video = subject.sponsorVideoId ? await selectSponsorVideo(db, subject.sponsorVideoId) : undefined;
      return video ? [presentSponsorVideo(video)] : [];
    },

    /** POST /api/save-sva-response: yes (2) or no (3) to the class's own sponsor video. */
    async saveSponsorAnswer(
      member: TSessionMember,
      input: { c: string; v: string; e: number },
    ): Promise<void> {
      const subject = await classAfterEvaluation(member, input.c);
      if (!subject.sponsorVideoId || subject.sponsorVideoId !== input.v) {
        throw badRequest('v: Not the sponsor video of this class.', 'v');
      }
      const at = nowIso(now());
      await db.transaction().execute(async (trx) => {
        await replaceSponsorAnswer(trx, {
          sponsorVideoId: input.v,
          memberId: member.id,
          classId: subject.id,
          answer: input.e,
          at,
        });
        await markGradebookStep(trx, member.id, subject, 'sponsor_answered_at', at);
      });
    },

    /** GET /api/survey: the class's survey with a new session hash, or none (rowCount 0). */
    async survey(member: TSessionMember, c: string): Promise<TSurvey[]> {
      const subject = await classAfterEvaluation(member, c);
      const survey = subject.surveyId ? await selectSurvey(db, subject.surveyId) : undefined;
      if (!survey || survey.questions.length === 0) return [];
      // The session hash starts with the class hash, so an answer sent without c still names its class.
      return [presentSurvey(survey, `${subject.hash}.${newPublicHash()}`)];
    },

    /** POST /api/save-survey-response: one question's answer; the last one marks the survey done. */
    async saveSurveyAnswer(
      member: TSessionMember,
      input: {
        c?: string | undefined;
        sh: string;
        q: string;
        choices: string[];
        sessionHash: string;
        isLast: boolean;
      },
    ): Promise<void> {
      const classRef = input.c ?? input.sessionHash.split('.')[0] ?? '';
      const subject = await classAfterEvaluation(member, classRef);
      const survey = subject.surveyId ? await selectSurvey(db, subject.surveyId) : undefined;
      if (!survey || survey.hash !== input.sh) throw badRequest('sh: Not the survey of this class.', 'sh');
      const question = survey.questions.find((q) => q.hash === input.q);
      if (!question) throw badRequest('q: Not a question of this survey.', 'q');
      const allowed = new Set(question.choices.map((choice) => choice.hash));
      const choices = [...new Set(input.choices)];
      if (!choices.every((h) => allowed.has(h)) || !isSurveySelectionValid(question.type, choices.length)) {
        throw badRequest('choices: Not a valid selection for this question.', 'choices');
      }
      const at = nowIso(now());
      await db.transaction().execute(async (trx) => {
        await replaceSurveyAnswer(trx, {
          surveyId: survey.id,
          questionId: question.id,
          memberId: member.id,
          classId: subject.id,
          sessionHash: input.sessionHash,
          choiceHashes: choices,
          at,
        });
        if (input.isLast) await markGradebookStep(trx, member.id, subject, 'survey_done_at', at);
      });
    },

    /** GET /api/exam: the questions without the answer key (03 §6). */
    async exam(
      member: TSessionMember,
      ref: TTargetRef,
      tzOffsetMin?: number,
    ): Promise<Omit<TExamResponse, 'status'>> {
      const subject = await findSubject(ref);
      const student = await studentOf(member, subject, tzOffsetMin);
      assertExamOpen(subject, student);
      await liveEvidenceOf(db, member.id, subject, student.ceTypeId);
      let questions = await selectExamQuestions(db, subject.examId!);
      if (subject.drawCount) {
        // A pool: this page's questions and options' order, stored for the grade (0908); the
        // questions of the page before are asked again only when the pool runs short (1044).
        const previous = await selectLatestServing(db, member.id, subject.examId!);
        const asked = new Set(
          previous ? (JSON.parse(previous.questions) as { id: string }[]).map((q) => q.id) : [],
        );
        const page = drawExamPage(
          questions.map((q) => ({
            id: q.id,
            options: [q.option1, q.option2, q.option3, q.option4, q.option5, q.option6],
          })),
          subject.drawCount,
          (below) => randomInt(below),
          asked,
        );
        await insertExamServing(db, {
          id: newId(),
          examId: subject.examId!,
          memberId: member.id,
          questions: JSON.stringify(page),
          at: nowIso(now()),
        });
        questions = questionsAsServed(questions, page)!;
      }
      return {
        exam: presentExam(subject.minScore, questions),
        examDelayMin: subject.examDelayMin,
        studentData: student,
        classId: subject.kind === 'class' ? subject.id : null,
        podcastId: subject.kind === 'podcast' ? subject.id : null,
        hash: subject.hash,
        title: subject.title,
        speakerName: subject.speakerName,
        credits: subject.credits,
        releaseDate: subject.releaseAt,
      };
    },

    /**
     * POST /api/grade-exam (03 §6): scores on the server. For home-study credit the submission
     * first takes one of the day's 10 exams; a passed exam becomes the one completion, with its
     * certificate number. One transaction: a refused or conflicting submission leaves nothing behind.
     *
     * The member's day is decided here (issue 28, decision 0906): the profile's zone; a profile
     * without one takes the zone the browser's tzOffsetMin proposes, once. The day's 10 are
     * counted twice over: by the day's label (atomic under concurrent submissions) and by the
     * attempts since the day's first instant in that zone, so a changed zone cannot open a day
     * that already holds 10 attempts, and an attempt already counted never moves.
     */
    async grade(
      member: TSessionMember,
      ref: TTargetRef,
      answers: number[],
      tzOffsetMin: number,
    ): Promise<Omit<TGradeExamResponse, 'status'>> {
      const subject = await findSubject(ref);
      const student = await studentOf(member, subject, tzOffsetMin);
      assertExamOpen(subject, student);
      let questions = await selectExamQuestions(db, subject.examId!);
      let servingId: string | null = null;
      if (subject.drawCount) {
        // Graded as the member's last exam page showed it, never as the pool is written (0908).
        const serving = await selectLatestServing(db, member.id, subject.examId!);
        const served = serving ? questionsAsServed(questions, JSON.parse(serving.questions)) : null;
        if (!serving || !served) throw conflict(Texts.EXAM_RELOAD);
        questions = served;
        servingId = serving.id;
      }
      if (answers.length !== questions.length) throw badRequest(Texts.ANSWER_ALL_QUESTIONS, 'a');
      const grading = gradeAnswers(
        questions.map((q) => q.correct_option),
        answers,
        subject.minScore,
      );
      const at = now();
      const countsTowardLimit = student.ceTypeId === CeType.SELF_STUDY;
      const certificateNumber = grading.passed ? newCertificateNumber() : null;
      let examsLeft = student.examsLeftToday;
      try {
        await db.transaction().execute(async (trx) => {
          // A served page is answered once: the next attempt opens the exam for new questions.
          if (servingId && !(await markServingGraded(trx, servingId, nowIso(at))))
            throw conflict(Texts.EXAM_NEW_PAGE_NEEDED);
          const zone = await settleMemberTimeZone(trx, member.id, zoneFromOffset(tzOffsetMin));
          const localDay = localDayInZone(at, zone);
          if (countsTowardLimit) {
            const since = await countCountedAttemptsSince(trx, member.id, nowIso(startOfLocalDay(at, zone)));
            if (since >= Limits.EXAMS_PER_DAY) throw new ApiError(429, Texts.EXAM_LIMIT_BANNER);
            const submitted = await claimExamSlot(trx, member.id, localDay, Limits.EXAMS_PER_DAY);
            if (submitted === null) throw new ApiError(429, Texts.EXAM_LIMIT_BANNER);
            examsLeft = Limits.EXAMS_PER_DAY - Math.max(submitted, since + 1);
          }
          const attemptId = await insertExamAttempt(trx, {
            examId: subject.examId!,
            memberId: member.id,
            answers,
            score: grading.score,
            localDay,
            countsTowardLimit,
            passed: grading.passed,
            at: nowIso(at),
            servingId,
          });
          if (!certificateNumber) return;
          // The rule as it stands when the certificate is issued decides, and is kept with it.
          const evidence = await liveEvidenceOf(trx, member.id, subject, student.ceTypeId);
          await insertCompletion(trx, {
            memberId: member.id,
            subject,
            attemptId,
            score: grading.score,
            ceTypeId: evidence?.decision === 'self_study' ? CeType.SELF_STUDY : student.ceTypeId,
            certificateNumber,
            delivery: await deliveryOf(trx, member.id, subject, student.ceTypeId, evidence),
            evidence: evidence ? JSON.stringify(evidence) : null,
            at: nowIso(at),
          });
          await markGradebookStep(trx, member.id, subject, 'completed_at', nowIso(at));
        });
      } catch (error) {
        // Two passing submissions at once: the unique completion lets only the first one in.
        if (isUniqueViolation(error)) throw conflict(examCompletedText(subject));
        throw error;
      }
      return {
        exam: presentExam(subject.minScore, questions),
        examScore: grading.score,
        passed: grading.passed,
        grades: grading.grades,
        examDelayMin: subject.examDelayMin,
        examsLeftToday: examsLeft,
        certUrl: certificateNumber ? certificatePdfUrl(deps.publicUrl, certificateNumber) : null,
        msg: grading.passed ? Texts.CONGRATULATIONS : failedExamMessage(grading.score, subject.minScore),
      };
    },
  };
}

export type TExamsService = ReturnType<typeof createExamsService>;
