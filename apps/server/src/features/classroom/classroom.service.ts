import type { Kysely } from 'kysely';
import {
  CeType,
  canShowExam,
  ClassType,
  seatsLeft,
  earnedCeType,
  examOpensAt,
  examsLeftToday,
  isLiveEvent,
  lessonKind,
  playbackCeType,
  localDayInZone,
  Texts,
  zoneFromOffset,
} from '@opence/shared';
import type { TStudentData } from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { createTtlCache } from '../../lib/public-cache.ts';
import { hashToken, nowIso } from '../../lib/ids.ts';
import {
  acceptSession,
  isTokenShaped,
  type TSessionMember,
  type TSessionRow,
} from '../../domain/sessions.ts';
import { selectVerifiedAttendance } from '../../domain/verified-attendance.ts';
import { conflict, forbidden, notFound } from '../../lib/api-errors.ts';
import {
  presentClass,
  presentGradebook,
  presentStudentData,
  visitorStudentData,
  type TLearnerRecord,
} from './classroom.presenter.ts';
import {
  deleteQueueItem,
  insertClassView,
  insertQueueItem,
  selectClass,
  selectSeatedCount,
  selectCompletion,
  selectGradebook,
  selectLearnerRows,
  selectSessionLearnerRows,
  selectQueueItem,
  selectSeat,
  selectSubmittedOn,
  updateAttendance,
  upsertGradebookView,
  type TClassRow,
  type TLearnerRows,
  type TTarget,
} from './classroom.repo.ts';

/** The session columns of the poll's one statement, as acceptSession reads them. */
function sessionRowOf(rows: NonNullable<Awaited<ReturnType<typeof selectSessionLearnerRows>>>): TSessionRow {
  return {
    sessionId: rows.sessionId!,
    last_used_at: rows.last_used_at!,
    secondFactorAt: rows.secondFactorAt ?? null,
    id: rows.id!,
    hash: rows.hash!,
    role: rows.role!,
    username: rows.username!,
    firstname: rows.firstname ?? null,
    lastname: rows.lastname ?? null,
    email: rows.email!,
    erased_at: rows.erased_at ?? null,
  };
}

/** What a learning record is about: a class or a podcast episode, with the credit it gives. */
export type TSubject = ({ classId: string; typeId: number } | { podcastId: string }) & { ceTypeId: number };

/** The member's day for the exams-per-day limit: the browser's offset when sent, else the profile's zone. */
export type TDayHint = { tzOffsetMin?: number | undefined };

export type TClassroomDeps = {
  db: Kysely<DB>;
  /** Site settings (learningPlatformUrl) through the site's short cache. */
  settings: () => Promise<Record<string, string>>;
  publicUrl: string;
  now?: () => Date;
};

/** How long GET /api/class may show a class row read by an earlier request (a staff edit shows after this). */
const POLLED_CLASS_TTL_MS = 2_000;

const targetOf = (subject: TSubject): TTarget =>
  'classId' in subject ? { classId: subject.classId } : { podcastId: subject.podcastId };

export function createClassroomService(deps: TClassroomDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function findClass(ref: string): Promise<TClassRow> {
    const row = await selectClass(db, ref);
    if (!row) throw notFound(Texts.NO_CLASS_SELECTED);
    return row;
  }

  // The live room's 15-second poll reads the class from here: every attendee shares the row.
  const polledClasses = createTtlCache<TClassRow | undefined>({
    ttlMs: POLLED_CLASS_TTL_MS,
    maxEntries: 1_000,
  });

  /** The day the browser's offset proposes (used when the profile has no zone), if one was sent. */
  const dayFromHint = (hint: TDayHint): string | null =>
    hint.tzOffsetMin === undefined ? null : localDayInZone(now(), zoneFromOffset(hint.tzOffsetMin));

  /**
   * The member's rows on a class or podcast episode, and the certificate number once passed.
   * The day of the exams-per-day limit is the profile zone's; without one, the zone the browser's
   * offset proposes, else UTC's (issue 28: the day is the server's, as grading counts it).
   */
  async function learnerRecord(
    memberId: string,
    subject: TSubject,
    hint: TDayHint,
    options: { withSeated?: boolean } = {},
  ) {
    const proposedDay = dayFromHint(hint);
    const rows = await selectLearnerRows(db, memberId, targetOf(subject), proposedDay, options);
    return recordFrom(memberId, rows, subject, proposedDay);
  }

  /** The learner record from the learner query's row (by member, or the poll's by session). */
  async function recordFrom(
    memberId: string,
    rows: TLearnerRows,
    subject: TSubject,
    proposedDay: string | null,
  ) {
    const day = rows.time_zone ? localDayInZone(now(), rows.time_zone) : proposedDay;
    const submitted =
      day !== null && day === proposedDay
        ? (rows.submitted ?? 0)
        : await selectSubmittedOn(db, memberId, day ?? localDayInZone(now(), null));
    const record: TLearnerRecord = {
      ceTypeId: rows.completion_ce_type_id ?? rows.gradebook_ce_type_id ?? subject.ceTypeId,
      examsLeftToday: examsLeftToday(submitted),
      gradebook: presentGradebook(rows),
      plays: Number(rows.plays),
      seat: rows.seat_id
        ? { id: rows.seat_id, is_waiting: rows.is_waiting ?? 0, started_at: rows.seat_started_at }
        : null,
      completion: rows.completed_at
        ? {
            completed_at: rows.completed_at,
            score: rows.score ?? 0,
            credits: rows.credits ?? 0,
            local_day: rows.local_day,
          }
        : null,
      member: { agd_number: rows.agd_number, hide_agd_reminder: rows.hide_agd_reminder },
      queueId: rows.queue_id,
      isPremium: 'classId' in subject && subject.typeId === ClassType.PREMIUM,
    };
    return {
      record,
      certificateNumber: rows.certificate_number,
      seated: rows.seated === undefined ? null : Number(rows.seated),
    };
  }

  /**
   * The member's record on a class or podcast episode (02 §3 Student data). Shared with the exam
   * calls and the podcast pages; a visitor gets the record without personal fields (03 §2).
   */
  async function studentData(
    memberId: string | null,
    subject: TSubject,
    hint: TDayHint = {},
  ): Promise<TStudentData> {
    if (!memberId) return visitorStudentData(subject.ceTypeId, examsLeftToday(0));
    const { record } = await learnerRecord(memberId, subject, hint);
    return presentStudentData(record);
  }

  const classSubject = (row: TClassRow): TSubject => ({
    classId: row.id,
    typeId: row.type_id,
    ceTypeId: row.ce_type_id,
  });

  const hasSeatLimit = (row: TClassRow) => row.type_id === ClassType.LIVE && row.capacity !== null;

  /**
   * GET /api/class: the class, the member's record on it and whether the exam area shows, for
   * the session of the token the request carries (a visitor without one, or with one that is
   * not valid). The live room asks every 15 s per attendee, so the session, the member's rows
   * and the seats taken are read in one statement (issue 21), not by the auth guard first.
   */
  async function getClass(token: string | null, ref: string, hint: TDayHint) {
    const row = await polledClasses.get(ref, () => selectClass(db, ref));
    if (!row) throw notFound(Texts.NO_CLASS_SELECTED);
    if (!isTokenShaped(token)) return classAnswer(row, null);
    const proposedDay = dayFromHint(hint);
    const rows = await selectSessionLearnerRows(db, hashToken(token), row.id, proposedDay, {
      withSeated: hasSeatLimit(row),
    });
    const member = rows ? await acceptSession(db, sessionRowOf(rows), now()) : null;
    if (!rows || !member) return classAnswer(row, null);
    return classAnswer(row, await recordFrom(member.id, rows, classSubject(row), proposedDay));
  }

  async function classAnswer(row: TClassRow, learner: Awaited<ReturnType<typeof recordFrom>> | null) {
    const withSeatLimit = hasSeatLimit(row);
    const [settings, visitorSeated] = await Promise.all([
      deps.settings(),
      withSeatLimit && !learner ? selectSeatedCount(db, row.id) : 0,
    ]);
    const seated = learner?.seated ?? visitorSeated;
    const student = learner
      ? presentStudentData(learner.record)
      : visitorStudentData(row.ce_type_id, examsLeftToday(0));
    const isLive = isLiveEvent(row.ce_type_id);
    const classObj = presentClass(row, {
      now: now(),
      examTaken: student.examTaken,
      certificateNumber: learner?.certificateNumber ?? null,
      showZoomCode: student.isReserved,
      publicUrl: deps.publicUrl,
      learningPlatformUrl: settings.learningPlatformUrl ?? null,
    });
    const canShow = canShowExam({
      hasExam: classObj.hasExam,
      examsLeftToday: student.examsLeftToday,
      isLive,
      examOpensAt: examOpensAt(row.release_at, row.duration_min, row.exam_delay_min),
      now: now(),
      lessonKind: lessonKind(classObj),
      hasAttended: student.classViewCount > 0 || student.studentStarted !== null,
    });
    const withSeats = withSeatLimit
      ? Object.assign(classObj, { seatsLeft: seatsLeft(row.capacity, seated) })
      : classObj;
    return { classObj: withSeats, studentData: student, canShowExam: canShow };
  }

  /**
   * GET /api/class-view (03 §6): records a view and puts the class into CE in Progress. A class
   * with nothing to view (Video Upcoming, Video Unavailable, premium) cannot be viewed here, so
   * a view always means the lesson was shown.
   */
  async function logView(member: TSessionMember, ref: string): Promise<string> {
    const row = await findClass(ref);
    const kind = lessonKind({
      typeId: row.type_id,
      youtubeUrl: row.youtube_url,
      videoUrl: row.video_url,
      pdfUrl: row.pdf_url,
    });
    if (kind === 'upcoming') throw conflict(Texts.VIDEO_UPCOMING);
    if (kind === 'unavailable' || kind === 'premium') throw notFound(Texts.VIDEO_UNAVAILABLE);
    const at = nowIso(now());
    return db.transaction().execute(async (trx) => {
      const ceTypeId = playbackCeType(row.ce_type_id);
      const gradebookId = await upsertGradebookView(trx, {
        memberId: member.id,
        classId: row.id,
        ceTypeId,
        at,
      });
      await insertClassView(trx, { classId: row.id, memberId: member.id, at });
      return gradebookId;
    });
  }

  /**
   * POST /api/save-affidavit: the attendance confirmation (02 §2) on the member's gradebook row.
   * Live credit is decided here (03 §5); everyone else keeps self-study credit.
   */
  async function saveAffidavit(member: TSessionMember, ref: string, attended: boolean): Promise<void> {
    const row = await findClass(ref);
    const [gradebook, seat, completion] = await Promise.all([
      selectGradebook(db, member.id, { classId: row.id }),
      selectSeat(db, member.id, row.id),
      selectCompletion(db, member.id, { classId: row.id }),
    ]);
    const startedAt = gradebook?.started_at ?? seat?.started_at ?? null;
    if (!gradebook || (gradebook.view_count === 0 && !startedAt)) throw forbidden(Texts.VIEW_CLASS_FIRST);
    if (completion) throw conflict(Texts.EXAM_COMPLETED_RETURN_CLASSROOM);
    const ceTypeId = earnedCeType({
      classCeTypeId: row.ce_type_id,
      attended,
      hasSeat: Boolean(seat),
      isWaiting: seat?.is_waiting === 1,
      startedAtIso: startedAt,
      releaseAtIso: row.release_at,
      durationMin: row.duration_min,
    });
    // Once staff confirmed the meeting's participant report, live credit follows it (issue 25).
    const report =
      row.ce_type_id === CeType.LIVE ? await selectVerifiedAttendance(db, row.id, member.id) : null;
    const verifiedCeType = report?.hasReport
      ? report.isVerified
        ? CeType.LIVE
        : CeType.SELF_STUDY
      : ceTypeId;
    await updateAttendance(db, gradebook.id, { attended, ceTypeId: verifiedCeType, at: nowIso(now()) });
  }

  /** POST /api/queue-add: the class joins the member's Watch Later list. */
  async function addToQueue(member: TSessionMember, ref: string): Promise<string> {
    const row = await findClass(ref);
    await insertQueueItem(db, { memberId: member.id, classId: row.id, at: nowIso(now()) });
    const item = await selectQueueItem(db, member.id, row.id);
    if (!item) throw notFound();
    return item.id;
  }

  /** GET /api/remove-queue: the class leaves the member's Watch Later list (removing twice is fine). */
  async function removeFromQueue(member: TSessionMember, ref: string): Promise<string> {
    const row = await findClass(ref);
    await deleteQueueItem(db, member.id, row.id);
    return row.hash;
  }

  return { findClass, studentData, getClass, logView, saveAffidavit, addToQueue, removeFromQueue };
}

export type TClassroomService = ReturnType<typeof createClassroomService>;
