import type { Kysely } from 'kysely';
import { DEFAULT_TIME_ZONE, isWebinarOpen, localDayInZone, roundCredits, secondsUntil } from '@opence/shared';
import type {
  TMemberHome,
  TMemberHomeLicence,
  TOfficeAssignment,
  TPendingRow,
  TSeatRow,
  TTrackerLicence,
  TTrackerStanding,
} from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { selectCompletionsSince, selectMemberZone } from './member-home.repo.ts';

/** Rows after the first class in progress that the home shows (the rest are one link away). */
const PENDING_SHOWN = 3;

/**
 * The member's home (issue 22, decision 1005): one answer from the lists other features keep,
 * handed in by app.ts (features do not import each other): CE in Progress, the member's seats,
 * the CE tracker's licences and standing.
 */
export type TMemberHomeDeps = {
  db: Kysely<DB>;
  pending: (memberId: string) => Promise<{ totalRows: number; data: TPendingRow[] }>;
  seats: (memberId: string) => Promise<TSeatRow[]>;
  licences: (member: TSessionMember) => Promise<TTrackerLicence[]>;
  standing: (member: TSessionMember, licenceId: string) => Promise<TTrackerStanding>;
  /** The member's office assignments (issue 43). */
  assignments: (memberId: string) => Promise<TOfficeAssignment[]>;
  now?: () => Date;
};

export function createMemberHomeService(deps: TMemberHomeDeps) {
  const now = deps.now ?? (() => new Date());

  /** Credits of completions whose day (the member's) falls in this calendar year. */
  async function creditsThisYear(memberId: string, at: Date): Promise<TMemberHome['creditsThisYear']> {
    const zone = (await selectMemberZone(deps.db, memberId)) || DEFAULT_TIME_ZONE;
    const year = localDayInZone(at, zone).slice(0, 4);
    // A day of margin before January 1st in UTC covers every zone; the day decides below.
    const since = new Date(Date.UTC(Number(year) - 1, 11, 30)).toISOString();
    const rows = (await selectCompletionsSince(deps.db, memberId, since)).filter((r) =>
      (r.local_day ?? localDayInZone(new Date(r.completed_at), zone)).startsWith(`${year}-`),
    );
    return {
      year: Number(year),
      credits: roundCredits(rows.reduce((sum, r) => sum + Number(r.credits), 0)),
      courses: rows.length,
    };
  }

  async function licences(member: TSessionMember): Promise<TMemberHomeLicence[]> {
    const own = await deps.licences(member);
    return Promise.all(
      own.map(async (licence) => {
        const standing = await deps.standing(member, licence.id);
        const required = standing.total.required;
        return {
          licenceId: licence.id,
          state: licence.state,
          licenceType: licence.licenceType,
          periodEnd: licence.periodEnd,
          daysLeft: standing.daysLeft,
          hoursRequired: required,
          hoursCounted: standing.total.counted,
          hoursNeeded:
            required === null ? null : Math.max(0, roundCredits(required - standing.total.counted)),
          needs: standing.gap.map((g) => g.label),
          periodConfirmed: licence.periodBasis !== 'unconfirmed',
        };
      }),
    );
  }

  return {
    async home(member: TSessionMember): Promise<TMemberHome> {
      const at = now();
      const [pending, seats, credits, tracked, assignments] = await Promise.all([
        deps.pending(member.id),
        deps.seats(member.id),
        creditsThisYear(member.id, at),
        licences(member),
        deps.assignments(member.id),
      ]);
      const [first, ...others] = pending.data;
      const next = seats
        .filter((s) => !s.isWaiting)
        .sort((a, b) => (a.releaseDateUTC < b.releaseDateUTC ? -1 : 1))[0];
      return {
        continueClass: first ?? null,
        pendingExams: { count: pending.totalRows, rows: others.slice(0, PENDING_SHOWN) },
        nextWebinar: next
          ? Object.assign({}, next, { isRoomOpen: isWebinarOpen(secondsUntil(next.releaseDateUTC, at)) })
          : null,
        creditsThisYear: credits,
        licences: tracked,
        assignments,
      };
    },
  };
}

export type TMemberHomeService = ReturnType<typeof createMemberHomeService>;
