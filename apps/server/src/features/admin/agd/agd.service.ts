import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { ADMIN_PAGE_SIZE, type TAgdHeldBack } from '@opence/shared/schemas';
import { isUniqueViolation } from '../../../db/dialect/index.ts';
import type { DB } from '../../../db/types.ts';
import { newId, nowIso } from '../../../lib/ids.ts';
import { notFound } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { toCsv } from '../../../lib/csv.ts';
import { offsetOf, pageOf } from '../paging.ts';
import * as repo from './agd.repo.ts';
import { AGD_CSV_HEADER, agdRosterRow, isSubmittableAgdNumber, weeklyPeriod } from './agd.rules.ts';

/*
 * The AGD weekly submission (03 §7): the roster of completions of members with an AGD number,
 * kept as a CSV file for staff to upload to the AGD. Each completion is sent exactly once: the
 * submission row, the file and the marks on the completions are written in one transaction,
 * and the marks are a conditional update that a concurrent run cannot also win. Completions
 * whose AGD number is not six digits are held back, listed for staff, and tried again next
 * run (docs/decisions/0707).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type TCandidate = Awaited<ReturnType<typeof repo.selectUnsubmitted>>[number];
type TSubmissionRow = Awaited<ReturnType<typeof repo.selectSubmissionsPage>>['rows'][number];

function heldBackEntry(c: TCandidate): TAgdHeldBack {
  return {
    completionId: c.id,
    username: c.username,
    name: [c.firstname, c.lastname].filter(Boolean).join(' '),
    agdNumber: c.agd_number ?? '',
    title: c.class_title ?? c.podcast_title ?? '',
    completedAt: c.completed_at,
  };
}

function rosterRow(c: TCandidate) {
  return agdRosterRow({
    agdNumber: c.agd_number ?? '',
    completedAt: c.completed_at,
    liveEventAt: c.class_release_at,
    delivery: c.delivery,
    place: c.event_place,
    title: c.class_title ?? c.podcast_title ?? '',
    credits: Number(c.credits),
    agdCode: c.agd_code ?? c.class_agd_code ?? c.podcast_agd_code,
    instructor: c.class_speaker ?? c.podcast_speaker,
    timeZone: c.time_zone,
  });
}

function parseHeldBack(value: string): TAgdHeldBack[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as TAgdHeldBack[]) : [];
  } catch {
    return [];
  }
}

function present(row: TSubmissionRow) {
  return {
    id: row.id,
    runKey: row.run_key,
    periodStart: row.period_start,
    periodEnd: row.period_end,
    rowCount: row.row_count,
    heldBack: parseHeldBack(row.held_back),
    finishedAt: row.finished_at,
    createdAt: row.created_at,
  };
}

export type TAgdRun = {
  runKey: string;
  periodStart: Date;
  periodEnd: Date;
  actorId: string | null;
  now: Date;
};

export function createAgdSubmissions(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  /** Makes one submission; null when a run with this key was already made. */
  async function submit(run: TAgdRun) {
    const id = newId();
    const at = nowIso(run.now);
    try {
      await db.transaction().execute(async (trx) => {
        // The run's row comes first, so its unique key is taken before anything is read.
        await repo.insertSubmission(trx, {
          id,
          run_key: run.runKey,
          period_start: nowIso(run.periodStart),
          period_end: nowIso(run.periodEnd),
          created_at: at,
        });
        const candidates = await repo.selectUnsubmitted(trx, nowIso(run.periodEnd));
        const sendable = candidates.filter((c) => isSubmittableAgdNumber(c.agd_number));
        const heldBack = candidates.filter((c) => !isSubmittableAgdNumber(c.agd_number)).map(heldBackEntry);
        const taken = await repo.markSubmitted(
          trx,
          sendable.map((c) => c.id),
          id,
          at,
        );
        const rows = sendable.filter((c) => taken.has(c.id)).map(rosterRow);
        await repo.finishSubmission(trx, id, {
          csv: toCsv(AGD_CSV_HEADER, rows),
          row_count: rows.length,
          held_back: JSON.stringify(heldBack),
          finished_at: nowIso(),
        });
        await recordAudit(
          trx,
          {
            actorId: run.actorId,
            action: 'agd-submit',
            entity: 'agd_submissions',
            entityId: id,
            detail: { runKey: run.runKey, rows: rows.length, heldBack: heldBack.length },
          },
          run.now,
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    const made = await repo.selectSubmission(db, id);
    return made ? present(made) : null;
  }

  return {
    submit,

    /** The scheduled run of the week `now` falls in (also `npm run agd:submit`). */
    weekly(now: Date = new Date()) {
      return submit(Object.assign(weeklyPeriod(now), { actorId: null, now }));
    },

    /** A run made by hand (console, command line): everything not yet sent, up to now. */
    now(actorId: string | null, now: Date = new Date()) {
      const runKey = `manual-${nowIso(now)}-${randomBytes(3).toString('hex')}`;
      return submit({
        runKey,
        periodStart: new Date(now.getTime() - 7 * DAY_MS),
        periodEnd: now,
        actorId,
        now,
      });
    },

    async list(page: number) {
      const { rows, total } = await repo.selectSubmissionsPage(db, offsetOf(page), ADMIN_PAGE_SIZE);
      return pageOf(page, total, rows.map(present));
    },

    /** The kept file of a submission. */
    async file(id: string) {
      const row = await repo.selectSubmission(db, id);
      if (!row) throw notFound('This AGD submission no longer exists.');
      return {
        fileName: `agd-roster-${row.period_end.slice(0, 10)}-${row.id.slice(-6)}.csv`,
        csv: row.csv ?? '',
      };
    },
  };
}

export type TAgdSubmissions = ReturnType<typeof createAgdSubmissions>;
