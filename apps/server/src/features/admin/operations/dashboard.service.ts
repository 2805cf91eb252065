import type { Kysely } from 'kysely';
import { isApprovalExpired } from '@opence/shared/schemas';
import type { TDialectName } from '../../../db/dialect/index.ts';
import type { DB } from '../../../db/types.ts';
import { nowIso } from '../../../lib/ids.ts';
import * as repo from './operations.repo.ts';

const UPCOMING_SHOWN = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What staff see first (03 §7, §9, §10): the coming live classes and how full they are, the
 * day's registrations and completions, the health of the mail outbox, and a warning once the
 * AGD PACE approval has ended.
 */
export function createDashboard(deps: { db: Kysely<DB>; dialect: TDialectName }) {
  const { db } = deps;
  return {
    /** `dayStart`: the start of today in the staff member's zone (the browser knows it). */
    async summary(dayStart: string | undefined, now = new Date()) {
      const since = dayStart ? new Date(dayStart).toISOString() : nowIso(new Date(now.getTime() - DAY_MS));
      const upcoming = await repo.selectUpcomingLive(db, deps.dialect, nowIso(now), UPCOMING_SHOWN);
      const counts = await repo.selectSeatCounts(
        db,
        upcoming.map((c) => c.id),
      );
      const seatsOf = (classId: string, isWaiting: number) =>
        Number(counts.find((c) => c.class_id === classId && Number(c.is_waiting) === isWaiting)?.n ?? 0);
      const outbox = await repo.selectOutboxCounts(db);
      const outboxCount = (...statuses: string[]) =>
        outbox.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + Number(r.n), 0);
      const approvalEnd = (await repo.selectSetting(db, 'agdApprovalEnd'))?.value ?? '';
      const last = await repo.selectLastAgdSubmission(db);
      return {
        status: true,
        upcoming: upcoming.map((c) => ({
          id: c.id,
          title: c.title,
          releaseAt: c.release_at,
          capacity: c.capacity,
          seats: seatsOf(c.id, 0),
          waitlist: seatsOf(c.id, 1),
        })),
        registrationsToday: await repo.countMembersSince(db, since),
        completionsToday: await repo.countCompletionsSince(db, since),
        outbox: { pending: outboxCount('pending', 'sending'), failed: outboxCount('failed') },
        approvalEnd,
        isApprovalExpired: isApprovalExpired(approvalEnd, now),
        lastAgdSubmission: last
          ? { id: last.id, createdAt: last.created_at, rowCount: last.row_count }
          : null,
      };
    },
  };
}

export type TDashboard = ReturnType<typeof createDashboard>;
