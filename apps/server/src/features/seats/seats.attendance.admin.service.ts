import type { Kysely } from 'kysely';
import {
  attendanceThresholdMinutes,
  CeType,
  DEFAULT_ATTENDANCE_THRESHOLD_PCT,
  reachesThreshold,
  studentName,
  sumParticipantRows,
  Texts,
} from '@opence/shared';
import type {
  TAttendanceConfirmResponse,
  TAttendancePreviewRequest,
  TAttendancePreviewResponse,
  TAttendanceMatch,
  TAttendanceRow,
} from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { conflict, notFound } from '../../lib/api-errors.ts';
import { recordAudit } from '../../domain/audit.ts';
import { parseParticipantReport } from './seats.attendance.parse.ts';
import * as repo from './seats.attendance.admin.repo.ts';

/*
 * Verified attendance (issue 25, docs/decisions/0412, 0931): a preview stores what the report says
 * (members matched by account or confirmed home e-mail, and why, minutes summed, at or below the threshold, rows
 * that matched nobody); confirming it makes the credit type of the class's gradebook rows and
 * completions follow it, replaces the previous confirmed report and is audited.
 */

type TCandidate = Awaited<ReturnType<typeof repo.selectMembersByEmails>>[number];

/**
 * Who an address of the report is, and why (docs/decisions/0931): the account whose e-mail it is;
 * else the one member who confirmed it as their home e-mail. A home e-mail nobody confirmed, or
 * one several members confirmed (a shared inbox), matches no one: typing someone's address into
 * one's profile never takes their attendance.
 */
function matcher(members: readonly TCandidate[]) {
  const byAccount = new Map(members.map((m) => [m.email_key, m]));
  const byHome = new Map<string, TCandidate[]>();
  for (const m of members) {
    const home = m.email2?.trim().toLowerCase();
    if (home) byHome.set(home, [...(byHome.get(home) ?? []), m]);
  }
  return (email: string): { member: TCandidate | null; match: TAttendanceMatch } => {
    const account = byAccount.get(email);
    if (account) return { member: account, match: 'account-email' };
    const homes = byHome.get(email) ?? [];
    const confirmed = homes.filter((m) => m.email2_verified_at);
    if (confirmed.length === 1) return { member: confirmed[0]!, match: 'confirmed-home-email' };
    if (confirmed.length > 1) return { member: null, match: 'shared-home-email' };
    return { member: null, match: homes.length ? 'unconfirmed-home-email' : 'no-account' };
  };
}

export function createAttendanceService(deps: { db: Kysely<DB>; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async preview(staffId: string, body: TAttendancePreviewRequest): Promise<TAttendancePreviewResponse> {
      const cls = await repo.selectClass(db, body.c);
      if (!cls) throw notFound();
      if (cls.ce_type_id !== CeType.LIVE) throw conflict(Texts.ATTENDANCE_NOT_LIVE);
      const rows = parseParticipantReport(body.csv);
      const totals = sumParticipantRows(rows.filter((r) => r.email !== ''));
      const guests = rows.filter((r) => r.email === '');
      const members = await repo.selectMembersByEmails(
        db,
        totals.map((t) => t.email),
      );
      const matchOf = matcher(members);
      const thresholdPct =
        body.thresholdPct ?? cls.attendance_threshold_pct ?? DEFAULT_ATTENDANCE_THRESHOLD_PCT;
      const thresholdMin = attendanceThresholdMinutes(cls.duration_min, thresholdPct);
      const matched: TAttendanceRow[] = [];
      const belowThreshold: TAttendanceRow[] = [];
      const unmatched: TAttendanceRow[] = guests.map((g) => ({
        name: g.name,
        email: '',
        minutes: g.minutes,
        match: 'no-email',
      }));
      const records = new Map<
        string,
        { name: string; email: string; minutes: number; is_live: number; match: TAttendanceMatch }
      >();
      const addressesOf = new Map<string, Set<string>>();
      for (const total of totals) {
        const { member, match } = matchOf(total.email);
        if (!member) {
          unmatched.push(Object.assign({}, total, { match }));
          continue;
        }
        addressesOf.set(member.id, (addressesOf.get(member.id) ?? new Set()).add(total.email));
        // Two addresses of one member (primary and home) count as one person.
        const earlier = records.get(member.id);
        const minutes = Math.round(((earlier?.minutes ?? 0) + total.minutes) * 100) / 100;
        records.set(member.id, {
          name: total.name,
          email: total.email,
          minutes,
          is_live: 0,
          match: earlier?.match ?? match,
        });
      }
      const byId = new Map(members.map((m) => [m.id, m]));
      for (const [memberId, record] of records) {
        const member = byId.get(memberId)!;
        record.is_live = reachesThreshold(record.minutes, thresholdMin) ? 1 : 0;
        const row = {
          name: record.name,
          email: record.email,
          minutes: record.minutes,
          memberName: studentName(member.firstname, member.lastname),
          match: record.match,
        };
        (record.is_live ? matched : belowThreshold).push(row);
      }
      // Each member's joined/left rows, as the report writes them: the webinar evidence (issue 42).
      const presenceOf = (memberId: string) =>
        JSON.stringify(
          rows
            .filter((r) => r.joinedAt && addressesOf.get(memberId)?.has(r.email.trim().toLowerCase()))
            .map((r) => ({ from: r.joinedAt, to: r.leftAt || null })),
        );
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.insertImport(
          trx,
          {
            id,
            class_id: cls.id,
            status: 'preview',
            threshold_pct: thresholdPct,
            threshold_min: thresholdMin,
            file_name: body.fileName ?? null,
            row_count: rows.length,
            unmatched: JSON.stringify(unmatched),
            created_by: staffId,
            created_at: nowIso(now()),
          },
          [...records].map(([memberId, r]) => ({
            import_id: id,
            member_id: memberId,
            name: r.name,
            email: r.email,
            minutes: r.minutes,
            is_live: r.is_live,
            presence: presenceOf(memberId),
          })),
        );
      });
      return {
        status: true,
        id,
        classTitle: cls.title,
        durationMin: cls.duration_min,
        thresholdPct,
        thresholdMin,
        matched,
        belowThreshold,
        unmatched,
      };
    },

    async confirm(staffId: string, id: string): Promise<TAttendanceConfirmResponse> {
      const at = now();
      return db.transaction().execute(async (trx) => {
        const imported = await repo.selectImport(trx, id);
        if (!imported) throw notFound();
        if (imported.status !== 'preview') throw conflict(Texts.ATTENDANCE_IMPORT_GONE);
        const replaced = await repo.replaceConfirmed(trx, imported.class_id);
        if (!(await repo.confirmImport(trx, id, nowIso(at)))) throw conflict(Texts.ATTENDANCE_IMPORT_GONE);
        const records = await repo.selectRecords(trx, id);
        const live = records.filter((r) => r.is_live === 1).map((r) => r.member_id);
        await repo.applyVerifiedCredit(trx, imported.class_id, live);
        await repo.updateClassThreshold(trx, imported.class_id, imported.threshold_pct);
        const unmatched = (JSON.parse(imported.unmatched) as unknown[]).length;
        const summary = { live: live.length, belowThreshold: records.length - live.length, unmatched };
        await recordAudit(
          trx,
          {
            actorId: staffId,
            action: 'attendance.confirm',
            entity: 'class',
            entityId: imported.class_id,
            detail: Object.assign({ importId: id, thresholdPct: imported.threshold_pct, replaced }, summary),
          },
          at,
        );
        return Object.assign({ status: true, replaced }, summary);
      });
    },
  };
}
export type TAttendanceService = ReturnType<typeof createAttendanceService>;
