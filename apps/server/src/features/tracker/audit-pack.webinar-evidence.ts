import { DECISION_LABEL, Texts } from '@opence/shared';
import type { TWebinarEvidence } from '@opence/shared/schemas';
import { PDF_COLORS, type PdfWriter } from '../../lib/pdf.ts';

/*
 * The audit pack's page for one live webinar credit (issue 42): how long the member was present
 * and by which record, the polls opened and answered with their times, the rule and its
 * decision. Only the member's own facts. Times the server recorded are printed in UTC, a
 * participant report's as the report wrote them.
 */

const when = (at: string) => (/^\d{4}-\d\d-\d\dT/.test(at) ? `${at.slice(0, 16).replace('T', ' ')} UTC` : at);

export function drawWebinarEvidencePage(
  pdf: PdfWriter,
  credit: { title: string; date: string },
  evidence: TWebinarEvidence,
): void {
  const { root } = pdf;
  pdf.newPage();
  pdf.text(root, 'H2', `${Texts.EVIDENCE_TITLE}: ${credit.title}`, {
    size: 14,
    bold: true,
    color: PDF_COLORS.accent,
    gap: 6,
  });
  pdf.fact(root, 'Date', credit.date);
  pdf.fact(root, Texts.EVIDENCE_DECISION, `${DECISION_LABEL[evidence.decision]}. ${evidence.reason}`);
  pdf.fact(root, Texts.EVIDENCE_RULE, evidence.ruleText);
  pdf.fact(
    root,
    Texts.EVIDENCE_MINUTES,
    `${evidence.minutesPresent} (${evidence.minutesSource === 'report' ? Texts.SOURCE_REPORT : Texts.SOURCE_ROOM})`,
    { gap: 8 },
  );
  pdf.text(root, 'H3', Texts.EVIDENCE_PRESENCE, { size: 11, bold: true, gap: 3 });
  if (evidence.presence.length === 0) pdf.text(root, 'P', 'No entry recorded.', { size: 9.5 });
  for (const p of evidence.presence) {
    pdf.text(root, 'P', `${when(p.from)} to ${p.to ? when(p.to) : Texts.EVIDENCE_STILL_IN} (${p.source})`, {
      size: 9.5,
    });
  }
  pdf.y += 6;
  pdf.text(
    root,
    'H3',
    `${Texts.EVIDENCE_POLLS}: ${evidence.pollsAnswered} of ${evidence.pollsOpened} answered`,
    { size: 11, bold: true, gap: 3 },
  );
  for (const p of evidence.polls) {
    const closed = p.closedAt ? `, closed ${when(p.closedAt)}` : '';
    const answered = p.answeredAt ? `answered ${when(p.answeredAt)}` : Texts.EVIDENCE_NOT_ANSWERED;
    pdf.text(root, 'P', `${p.question}: opened ${when(p.openedAt)}${closed}; ${answered}`, { size: 9.5 });
  }
}
