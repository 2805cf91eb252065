import type { Kysely } from 'kysely';
import { ClassType } from '@opence/shared';
import { EVALUATION_QUESTIONS, type TAdminRecording } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { nowIso } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import { conflict, notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { toCsv } from '../../../lib/csv.ts';
import * as repo from './operations.repo.ts';

/*
 * Operations on one class (03 §5, §10): the seat list and waitlist of a live class, attaching
 * the recording once it has ended, and the evaluation results of a class or episode.
 */

const COMMENTS_SHOWN = 500;
const NO_CLASS = 'This class no longer exists.';

const fullName = (m: { firstname: string | null; lastname: string | null }) =>
  [m.firstname, m.lastname].filter(Boolean).join(' ');
const flag = (v: number | null) => (v === null ? null : v === 1);
const yesNo = (v: boolean | null) => (v === null ? '' : v ? 'Yes' : 'No');

export function createClassReports(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  async function seats(classId: string) {
    const cls = await repo.selectClass(db, classId);
    if (!cls) throw notFound(NO_CLASS);
    const rows = await repo.selectSeatList(db, classId);
    return {
      status: true,
      title: cls.title,
      releaseAt: cls.release_at,
      capacity: cls.capacity,
      data: rows.map((r) => ({
        username: r.username,
        name: fullName(r),
        email: r.email,
        reservedAt: r.created_at,
        isWaiting: r.is_waiting === 1,
        privacyOptin: flag(r.privacy_optin),
        startedAt: r.started_at,
        attended: flag(r.attended),
      })),
    };
  }

  return {
    seats,

    /** The seat list as CSV: seats first, then the waitlist in its order. */
    async seatsCsv(classId: string) {
      const list = await seats(classId);
      let seated = 0;
      let waiting = 0;
      const rows = list.data.map((s) => [
        s.isWaiting ? 'Waitlist' : 'Seat',
        s.isWaiting ? ++waiting : ++seated,
        s.username,
        s.name,
        s.email,
        s.reservedAt,
        yesNo(s.privacyOptin),
        s.startedAt,
        yesNo(s.attended),
      ]);
      const header = [
        'Status',
        'Position',
        'Username',
        'Name',
        'E-mail',
        'Reserved (UTC)',
        'Privacy opt-in',
        'Started (UTC)',
        'Attended',
      ];
      return { title: list.title, csv: toCsv(header, rows) };
    },

    /**
     * Attaches the recording of a live class that has ended (03 §4): it becomes a produced
     * playback with its video, and leaves "Video Upcoming".
     */
    async attachRecording(
      classId: string,
      recording: TAdminRecording,
      actor: TSessionMember,
      now = new Date(),
    ) {
      await db.transaction().execute(async (trx) => {
        const cls = await repo.selectClass(trx, classId);
        if (!cls) throw notFound(NO_CLASS);
        const allowed: number[] = [ClassType.LIVE, ClassType.ARCHIVE, ClassType.PRODUCED_PLAYBACK];
        if (!allowed.includes(cls.type_id)) {
          throw conflict('Only a live class (or its archive) takes a recording.');
        }
        const endsAt = Date.parse(cls.release_at) + cls.duration_min * 60_000;
        if (endsAt > now.getTime())
          throw conflict('This class has not ended yet: attach its recording afterwards.');
        const urls = {
          youtubeUrl: (recording.youtubeUrl as string | null) ?? null,
          videoUrl: (recording.videoUrl as string | null) ?? null,
        };
        await repo.attachRecording(trx, classId, urls, nowIso(now));
        await recordAudit(
          trx,
          {
            actorId: actor.id,
            action: 'attach-recording',
            entity: 'classes',
            entityId: classId,
            detail: urls,
          },
          now,
        );
      });
      return { status: true };
    },

    /** Averages per rating and the free-text comments of a class or episode. */
    async evaluations(owner: 'classes' | 'podcasts', id: string) {
      const target = await repo.selectTitle(db, owner, id);
      if (!target) throw notFound(owner === 'classes' ? NO_CLASS : 'This episode no longer exists.');
      const column = owner === 'classes' ? 'class_id' : 'podcast_id';
      const averages = await repo.selectEvaluationAverages(db, column, id);
      const comments = await repo.selectEvaluationComments(db, column, id, COMMENTS_SHOWN);
      const round = (v: number | string | null) => (v === null ? null : Math.round(Number(v) * 100) / 100);
      return {
        status: true,
        title: target.title,
        count: Number(averages.n),
        averages: EVALUATION_QUESTIONS.map((q) =>
          Object.assign({}, q, { average: round(averages[q.question]) }),
        ),
        comments: comments.map((c) => ({
          at: c.created_at,
          comments: c.comments,
          otherTopics: c.other_topics,
        })),
      };
    },
  };
}

export type TClassReports = ReturnType<typeof createClassReports>;
