import type { Kysely } from 'kysely';
import { ClassType, examOpensAt, studentName, webinarEndsAt } from '@opence/shared';
import type { DB } from '../../db/types.ts';
import { nowIso } from '../../lib/ids.ts';
import { yieldToRequests, type TJob } from '../../lib/jobs.ts';
import { loginLinkUrl } from '../../domain/login-links.ts';
import { unsubscribeHeaders, unsubscribeToken, unsubscribeUrl } from '../../domain/unsubscribe.ts';
import { enqueueMail } from '../../lib/mail/outbox.ts';
import { examOpenMail } from './seats.mails.ts';
import * as repo from './seats.jobs.repo.ts';
import type { TExamOpenCandidate } from './seats.jobs.repo.ts';

/*
 * The scheduled work of live webinars (03 §4, §5): ended webinars move to on-demand as 'Video
 * Upcoming', and attendees are mailed once when the exam opens. Each is safe to run in several
 * processes at once: the scheduler claims each run, and every change is a conditional update.
 */

const MINUTE_MS = 60_000;
/** Exam-open mails go out for webinars released within this window (docs/decisions/0406). */
const EXAM_MAIL_WINDOW_MS = 30 * 24 * 60 * MINUTE_MS;

export type TSeatsJobsDeps = {
  db: Kysely<DB>;
  publicUrl: string;
  brand: () => Promise<string>;
  mailQueued: () => void;
};

/**
 * An ended live class shows as ARCHIVE ('Video Upcoming') in on-demand until its recording is
 * attached (03 §4); one whose recording is already attached becomes PRODUCED_PLAYBACK.
 */
export async function archiveEndedWebinars(db: Kysely<DB>, now: Date): Promise<number> {
  const ended = (await repo.selectStartedWebinars(db, nowIso(now))).filter(
    (c) => webinarEndsAt(c.release_at, c.duration_min) <= now,
  );
  for (const c of ended) {
    const typeId = c.recording_attached_at ? ClassType.PRODUCED_PLAYBACK : ClassType.ARCHIVE;
    await repo.updateEndedWebinarType(db, c.id, typeId, nowIso(now));
    await yieldToRequests();
  }
  return ended.length;
}

/**
 * Mails every seat holder of one webinar a login link once its exam is open. The mark and the
 * mails share one transaction, and the mark is conditional: a second run sends nothing.
 */
async function mailOneExamOpen(deps: TSeatsJobsDeps, webinar: TExamOpenCandidate, brand: string, now: Date) {
  const publicUrl = deps.publicUrl.replace(/\/$/, '');
  return deps.db.transaction().execute(async (trx) => {
    if (!(await repo.claimExamOpenMail(trx, webinar.id, nowIso(now)))) return 0;
    // A webinar without an exam is marked too, so it is not looked at again.
    if (!webinar.exam_id) return 0;
    // Who left the webinar mails by a reminder's link gets no exam notice either (issue 37 row 11).
    const holders = (await repo.selectSeatHolders(trx, webinar.id)).filter((m) => !m.opted_out);
    for (const member of holders) {
      const hasStarted = member.started_at !== null;
      const rurl = hasStarted ? `/affidavit/${webinar.hash}` : `/classroom/${webinar.hash}`;
      const loginUrl = await loginLinkUrl(trx, publicUrl, member.id, rurl, { now });
      const content = examOpenMail({
        brand,
        name: studentName(member.firstname, member.lastname),
        title: webinar.title,
        hasStarted,
        loginUrl,
      });
      const unsubscribe = unsubscribeUrl(
        publicUrl,
        'reminders',
        await unsubscribeToken(trx, 'reminders', member.hash),
      );
      await enqueueMail(
        trx,
        Object.assign(
          { to: member.email, kind: 'exam-open', headers: unsubscribeHeaders(unsubscribe) },
          content,
        ),
        now,
      );
    }
    return holders.length;
  });
}

/** The exam of a live class opens examDelayMin after its end; its attendees are mailed then (03 §5). */
export async function mailOpenedExams(deps: TSeatsJobsDeps, now: Date): Promise<number> {
  const since = nowIso(new Date(now.getTime() - EXAM_MAIL_WINDOW_MS));
  const due = (await repo.selectExamOpenCandidates(deps.db, since, nowIso(now))).filter(
    (c) => examOpensAt(c.release_at, c.duration_min, c.exam_delay_min) <= now,
  );
  if (due.length === 0) return 0;
  const brand = await deps.brand();
  let mailed = 0;
  for (const webinar of due) {
    mailed += await mailOneExamOpen(deps, webinar, brand, now);
    await yieldToRequests();
  }
  if (mailed > 0) deps.mailQueued();
  return mailed;
}

/** The jobs of this feature, for the scheduler: each once a minute. */
export function seatsJobs(deps: TSeatsJobsDeps): TJob[] {
  return [
    {
      name: 'seats.archive-ended-webinars',
      everyMs: MINUTE_MS,
      run: async (now) => {
        await archiveEndedWebinars(deps.db, now);
      },
    },
    {
      name: 'seats.exam-open-mail',
      everyMs: MINUTE_MS,
      run: async (now) => {
        await mailOpenedExams(deps, now);
      },
    },
  ];
}
