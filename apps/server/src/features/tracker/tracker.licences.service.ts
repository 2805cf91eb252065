import {
  planPeriod,
  requirementConditions,
  requirementKey,
  TRACKER_PERMITS,
  TrackerTexts,
  type TPeriodAnchor,
  type TTrackerPermit,
} from '@opence/shared';
import type { TTrackerLicenceData, TTrackerRule } from '@opence/shared/schemas';
import { newId, nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { ApiError, badRequest, notFound } from '../../lib/api-errors.ts';
import { UNDO_MS, type TTrackerContext } from './tracker.context.ts';
import { presentLicence } from './tracker.presenter.ts';
import * as repo from './tracker.licences.repo.ts';
import * as rulesRepo from './tracker.rules.repo.ts';

/*
 * The member's licences: their periods (proposed from the state's cycle rule where the data
 * confirms it), the requirements they mark done, deletion with an undo window.
 */

/** The rule's cycle anchor as the period planner reads it. */
export function periodAnchor(rule: TTrackerRule | null): TPeriodAnchor | null {
  if (!rule) return null;
  const parity = rule.anchorParity;
  return {
    cycleYears: rule.cycleYears,
    type: rule.anchorType,
    month: rule.anchorMonth,
    day: rule.anchorDay,
    parity: parity === 'odd' || parity === 'even' || parity === 'birth_year' ? parity : null,
    confirmed: rule.anchorConfirmed,
  };
}

/** The licence questions a rule's requirements depend on (the form asks only these). */
export function ruleQuestions(rule: TTrackerRule | null) {
  const conditions = (rule?.mandatory ?? []).flatMap((m) => requirementConditions(m));
  const permits = new Set<TTrackerPermit>();
  for (const c of conditions) if (c.type === 'permit') permits.add(c.permit);
  return {
    dea: conditions.some((c) => c.type === 'dea'),
    permits: TRACKER_PERMITS.filter((p) => permits.has(p)),
    issuedOn: Boolean(rule?.firstPeriodExempt) || conditions.some((c) => c.type === 'first_licensure'),
    requiredHours: rule?.totalHours === null || rule === null,
  };
}

export function createTrackerLicences(ctx: TTrackerContext) {
  const { db, now, today, ruleFor, ownLicence } = ctx;

  /** A licence as the API gives it, with its requirements marked done. */
  async function licenceOut(row: repo.TLicenceRow) {
    return presentLicence(row, await repo.selectChecks(db, [row.id]));
  }

  /**
   * Where a licence's period comes from: 'rule' when the board's cycle, with the birth month or
   * issue day the licence holds, gives exactly these dates; else the member's own ('member').
   */
  async function periodBasis(input: TTrackerLicenceData): Promise<'rule' | 'member'> {
    const rule = await ruleFor(input.state, input.licenceType);
    const plan = planPeriod(
      periodAnchor(rule),
      {
        birthMonth: input.birthMonth ?? null,
        birthYear: input.birthYear ?? null,
        issueDate: input.issuedOn ?? null,
      },
      today(),
    );
    return plan.basis === 'rule' &&
      plan.period?.start === input.periodStart &&
      plan.period.end === input.periodEnd
      ? 'rule'
      : 'member';
  }

  async function licenceColumns(input: TTrackerLicenceData) {
    return {
      state: input.state,
      licence_type: input.licenceType,
      licence_number: input.licenceNumber,
      period_start: input.periodStart,
      period_end: input.periodEnd,
      carry_over_hours: input.carryOverHours,
      holds_dea: input.holdsDea ? 1 : 0,
      issued_on: input.issuedOn ?? null,
      birth_month: input.birthMonth ?? null,
      birth_year: input.birthYear ?? null,
      permits: JSON.stringify([...new Set(input.permits)]),
      required_hours: input.requiredHours ?? null,
      period_basis: await periodBasis(input),
    };
  }

  async function licencesOf(memberId: string) {
    const rows = await repo.selectLicences(db, memberId);
    const checks = await repo.selectChecks(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) =>
      presentLicence(
        r,
        checks.filter((c) => c.licence_id === r.id),
      ),
    );
  }

  return {
    async topics() {
      return rulesRepo.selectTopics(db);
    },

    async licences(member: TSessionMember) {
      return licencesOf(member.id);
    },

    /** A member's licences by their id: what their offices see, where they share it (issue 43). */
    licencesOf,

    async createLicence(member: TSessionMember, input: TTrackerLicenceData) {
      const at = nowIso(now());
      const row = Object.assign(
        { id: newId(), member_id: member.id, deleted_at: null, created_at: at, updated_at: at },
        await licenceColumns(input),
      );
      await repo.insertLicence(db, row);
      return presentLicence(row);
    },

    async updateLicence(member: TSessionMember, id: string, input: TTrackerLicenceData) {
      await ownLicence(member, id);
      const set = Object.assign(await licenceColumns(input), { updated_at: nowIso(now()) });
      if (!(await repo.updateLicence(db, member.id, id, set))) throw notFound();
      return licenceOut(await ownLicence(member, id));
    },

    /** Deletes the licence; it can be restored for TRACKER_UNDO_MINUTES, then the purge removes it. */
    async deleteLicence(member: TSessionMember, id: string) {
      if (!(await repo.deleteLicence(db, member.id, id, nowIso(now())))) throw notFound();
    },

    /** Restores a licence deleted within the undo window. */
    async restoreLicence(member: TSessionMember, id: string) {
      const since = nowIso(new Date(now().getTime() - UNDO_MS));
      if (!(await repo.restoreLicence(db, member.id, id, since)))
        throw new ApiError(404, TrackerTexts.UNDO_TOO_LATE, { errorMsg: true });
      return licenceOut(await ownLicence(member, id));
    },

    /** The member marks one of the licence's requirements done on a day (or removes the mark). */
    async setCheck(member: TSessionMember, id: string, input: { key: string; doneOn: string | null }) {
      const licence = await ownLicence(member, id);
      const rule = await ruleFor(licence.state, licence.licence_type);
      if (!(rule?.mandatory ?? []).some((m) => requirementKey(m) === input.key))
        throw badRequest('Choose a requirement of this license.', 'key');
      if (input.doneOn)
        await repo.upsertCheck(db, {
          licence_id: licence.id,
          requirement_key: input.key,
          done_on: input.doneOn,
          updated_at: nowIso(now()),
        });
      else await repo.deleteCheck(db, licence.id, input.key);
      return licenceOut(licence);
    },

    /**
     * The period the state's cycle rule proposes for a licence, or the questions still open (a
     * period the data cannot confirm is asked, never guessed), and the licence questions its
     * requirements depend on.
     */
    async propose(q: {
      state: string;
      licenceType: string;
      birthMonth?: number | undefined;
      birthYear?: number | undefined;
      issueDate?: string | undefined;
      renewalYear?: number | undefined;
      renewalDate?: string | undefined;
    }) {
      const rule = await ruleFor(q.state, q.licenceType);
      const plan = planPeriod(periodAnchor(rule), q, today());
      return {
        rule,
        period: plan.period,
        asks: plan.asks,
        renewalYears: plan.renewalYears,
        basis: plan.basis,
        hint:
          plan.asks.includes('renewal_date') || plan.asks.includes('renewal_year')
            ? (rule?.cycleAnchor ?? null)
            : null,
        questions: ruleQuestions(rule),
      };
    },
  };
}
