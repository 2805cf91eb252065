import type { Updateable } from 'kysely';
import { addDays, TRACKER_MANDATORY_TOPICS, TRACKER_TOPIC_LABELS } from '@opence/shared';
import type { TTrackerRuleInput } from '@opence/shared/schemas';
import type { TrackerRulesTable } from '../../db/types.ts';
import { recordAudit } from '../../domain/audit.ts';
import { nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { badRequest, notFound } from '../../lib/api-errors.ts';
import type { TTrackerContext } from './tracker.context.ts';
import { presentStaffRule } from './tracker.presenter.ts';
import * as certificatesRepo from './tracker.certificates.repo.ts';
import * as repo from './tracker.rules.repo.ts';

/* The staff console's part of the tracker: the state requirement rules, and a member's file looked at with a reason. */

export function createTrackerAdmin(ctx: TTrackerContext) {
  const { db, now, today, readFile } = ctx;

  const admin = {
    /** The console's list of requirement rules; those never verified or older than a year are flagged. */
    async staffRules(filter: { state?: string | undefined; licenceType?: string | undefined }) {
      const yearAgo = addDays(today(), -365);
      return (await repo.selectRules(db, filter)).map((r) => ({
        id: r.id,
        state: r.state,
        licenceType: r.licence_type,
        totalHours: r.total_hours,
        confidence: r.confidence,
        verifiedOn: r.verified_on,
        needsVerifying: r.verified_on === null || r.verified_on < yearAgo,
      }));
    },

    async staffRule(id: string) {
      const row = await repo.selectRuleById(db, id);
      if (!row) throw notFound();
      return presentStaffRule(row);
    },

    /**
     * Staff save a rule: the numbers, topics and sources as given, the day they verified it and
     * who they are; the audit row names the fields that changed, in the same transaction.
     */
    async updateRule(staff: TSessionMember, id: string, input: TTrackerRuleInput) {
      const before = await admin.staffRule(id);
      const unknown = input.mandatory.filter(
        (m) => !TRACKED_TOPICS.has(m.category) && !NOTE_CATEGORIES.has(m.category),
      );
      if (unknown.length) throw badRequest('Choose each mandatory topic from the list.', 'mandatory');
      if ((input.categoryCaps ?? []).some((c) => !(c.topic in TRACKER_TOPIC_LABELS)))
        throw badRequest('Choose each capped topic from the list.', 'categoryCaps');
      const mandatory = input.mandatory.map((m) => ({
        topic: m.topic,
        category: m.category,
        hours: m.hours === null ? null : Number(m.hours),
        frequency: m.frequency || null,
        appliesTo: m.appliesTo || null,
        note: m.note || null,
        ...(m.kind ? { kind: m.kind } : {}),
      }));
      const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      const flag = (v: boolean | null) => (v === null ? null : v ? 1 : 0);
      const set = {
        cycle_years: num(input.cycleYears),
        total_hours: num(input.totalHours),
        self_study_max_hours: num(input.selfStudyMaxHours),
        self_study_max_percent: num(input.selfStudyMaxPercent),
        self_study_no_limit: flag(input.selfStudyNoLimit),
        live_min_hours: num(input.liveMinHours),
        live_webinar_counts_as_live: flag(input.liveWebinarCountsAsLive),
        mandatory: JSON.stringify(mandatory),
        carry_over_allowed: flag(input.carryOverAllowed),
        carry_over_max_hours: num(input.carryOverMaxHours),
        hour_minutes: input.hourMinutes ?? null,
        category_caps: input.categoryCaps?.length
          ? JSON.stringify(
              input.categoryCaps.map((c) => ({
                topic: c.topic,
                maxHours: Number(c.maxHours),
                note: c.note || null,
              })),
            )
          : null,
        notes: input.notes || null,
        sources: JSON.stringify(input.sources),
        verified_on: input.verifiedOn,
        verified_by: staff.id,
        updated_at: nowIso(now()),
      };
      // What the console's form leaves out stays as it is (an older form, a script).
      const optional: Updateable<TrackerRulesTable> = {};
      if (input.firstPeriodExempt !== undefined) optional.first_period_exempt = flag(input.firstPeriodExempt);
      if (input.anchorMonth !== undefined) optional.anchor_month = num(input.anchorMonth);
      if (input.anchorDay !== undefined) optional.anchor_day = num(input.anchorDay);
      if (input.anchorParity !== undefined) optional.anchor_parity = input.anchorParity;
      if (input.anchorConfirmed !== undefined) optional.anchor_confirmed = input.anchorConfirmed ? 1 : 0;
      Object.assign(set, optional);
      await db.transaction().execute(async (trx) => {
        await repo.updateRule(trx, id, set);
        const after = presentStaffRule(Object.assign((await repo.selectRuleById(trx, id))!, {}));
        const changed: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(after)) {
          const was = (before as Record<string, unknown>)[key];
          if (key !== 'updatedAt' && JSON.stringify(was) !== JSON.stringify(value)) changed[key] = value;
        }
        await recordAudit(trx, {
          actorId: staff.id,
          action: 'tracker.rule.update',
          entity: 'tracker_rules',
          entityId: id,
          detail: { state: before.state, licenceType: before.licenceType, changed },
        });
      });
      return admin.staffRule(id);
    },

    /** A member's file for staff, recorded in the audit log with the reason given. */
    async staffFile(staff: TSessionMember, id: string, reason: string) {
      const row = await certificatesRepo.selectAnyCertificate(db, id);
      if (!row) throw notFound();
      await recordAudit(db, {
        actorId: staff.id,
        action: 'tracker.certificate.view',
        entity: 'tracker_certificates',
        entityId: row.id,
        detail: { member: row.member_id, reason: reason.slice(0, 300) },
      });
      return readFile(row);
    },
  };
  return admin;
}

export const TRACKED_TOPICS: ReadonlySet<string> = new Set(TRACKER_MANDATORY_TOPICS);
/** Categories of the dataset that are kept as notes, not bars (decision 1101). */
const NOTE_CATEGORIES: ReadonlySet<string> = new Set(['choice_group', 'sedation_permit', 'permit_specific']);
