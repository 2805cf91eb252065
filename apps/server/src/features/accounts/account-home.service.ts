import { CeType, creditLabel, DEFAULT_TIME_ZONE, roundCredits, studentName, Texts } from '@opence/shared';
import type { TMember } from '../../db/types.ts';
import { ceReportMail, type TCeReport } from '../../domain/mail-templates.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { rateLimited } from '../../lib/api-errors.ts';
import { MAIL_REQUEST_LIMIT, type TAccountsContext } from './accounts.context.ts';
import { presentAccountItems } from './accounts.presenter.ts';
import * as repo from './accounts.repo.ts';

/*
 * The account home (01 §2, 03 §7): its items, the member's credits by CE type, and the CE
 * report mailed with every completion.
 */

export function createAccountHomeService({ db, deps, now, memberOf, queueMail }: TAccountsContext) {
  async function buildCeReport(member: TMember): Promise<TCeReport> {
    const timeZone = member.time_zone || DEFAULT_TIME_ZONE;
    const dateFormat = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    const rows = (await repo.selectCompletionsForReport(db, member.id)).map((r) => ({
      date: dateFormat.format(new Date(r.completed_at)),
      title: r.classTitle ?? r.podcastTitle ?? '',
      credits: Number(r.credits),
      typeLabel: creditLabel(Number(r.ce_type_id)),
      certificateNumber: r.certificate_number,
    }));
    const totals = await creditTotals(member.id);
    return {
      memberName: studentName(member.firstname, member.lastname),
      agdNumber: member.agd_number,
      timeZone,
      generatedAt: now(),
      rows,
      totals: { selfStudy: totals.ceHome, live: totals.ceLive, total: totals.ceTotal },
    };
  }

  async function creditTotals(memberId: string) {
    const sums = await repo.selectCreditSums(db, memberId);
    const of = (type: number) => roundCredits(sums.find((s) => s.ceTypeId === type)?.credits ?? 0);
    const ceHome = of(CeType.SELF_STUDY);
    const ceLive = of(CeType.LIVE);
    return { ceHome, ceLive, ceTotal: roundCredits(ceHome + ceLive) };
  }

  return {
    async accountItems() {
      return presentAccountItems(await repo.selectAccountItems(db));
    },

    /** GET /api/account-home: credits by CE type (03 §7) and whether to remind about the AGD number. */
    async accountHome(session: TSessionMember) {
      const member = await memberOf(session);
      const totals = await creditTotals(member.id);
      return Object.assign({ status: true }, totals, {
        showAgdReminder: !member.agd_number && !member.hide_agd_reminder,
      });
    },

    buildCeReport,

    /** GET /api/send-ce-report: mails every completion with the totals (01 §2, 03 §7). */
    async sendCeReport(session: TSessionMember) {
      const member = await memberOf(session);
      const hit = await hitRateLimit(
        db,
        `ce-report:member:${member.id}`,
        MAIL_REQUEST_LIMIT.hits,
        MAIL_REQUEST_LIMIT.windowMs,
        now(),
      );
      if (!hit.allowed) throw rateLimited();
      const report = await buildCeReport(member);
      const mail = ceReportMail({ brand: await deps.brand(), report });
      const attachments = (await deps.ceReportAttachments?.(report, member)) ?? [];
      await queueMail(Object.assign({}, mail, { to: member.email, kind: 'ce-report' as const, attachments }));
      deps.mailQueued?.();
      return { status: true, msg: Texts.CE_REPORT_SENT };
    },
  };
}
