import {
  hoursText,
  requirementDetail,
  requirementStatusText,
  ruleConfidenceText,
  TRACKER_TOPIC_LABELS,
  trackerDay,
  TrackerTexts as T,
} from '@opence/shared';
import type { TTrackerStanding, TWebinarEvidence } from '@opence/shared/schemas';
import type { TEvidencePage } from '../../domain/evidence-page.ts';
import { PDF_COLORS, PdfWriter, type TPdfColumn } from '../../lib/pdf.ts';
import { webinarEvidencePage } from './audit-pack.webinar-evidence.ts';

/*
 * The audit pack's transcript (issues 23, 35, 36): what an auditor reads. The member, the licence
 * and its CE period; each requirement with what counts toward it and whether it is met or what
 * is missing (the rule engine's result as it stands); the rule's source, wrapped; every course
 * with its date, provider, approval number, delivery, hours, topics by name and the evidence
 * kept for it. A pure function of the data; pages break as it grows.
 */

/** What the pack says of one credit besides the standing: how it was earned and what proves it. */
export type TCreditEvidence = {
  /** 'In-person event', 'Live webinar', 'On-demand course' … */
  delivery: string;
  place: string | null;
  /** The provider's approval: the number the member entered, or this site's AGD PACE provider ID. */
  approval: string | null;
  /** 'Certificate 7KQ2-… (in this pack)', 'Uploaded file certificate.pdf (in this pack)', 'No file uploaded'. */
  evidence: string;
  /** A live webinar's evidence as its credit was decided (issue 42); null otherwise. */
  webinar: TWebinarEvidence | null;
};

export type TAuditPackData = {
  memberName: string;
  standing: TTrackerStanding;
  generatedOn: string;
  evidence: ReadonlyMap<string, TCreditEvidence>;
  /** Issue 42: one page per live credit decided by evidence (scans, presence, polls). */
  evidencePages?: readonly TEvidencePage[];
};

const { muted: MUTED, accent: ACCENT } = PDF_COLORS;
const MISSING = '#9b1c12';
const COLUMNS: readonly TPdfColumn[] = [
  { title: 'Date', x: 0, width: 54 },
  { title: 'Course, provider, approval and evidence', x: 58, width: 196 },
  { title: 'Delivery', x: 258, width: 78 },
  { title: 'Hours', x: 340, width: 30 },
  { title: 'Topics', x: 374, width: 84 },
  { title: 'Counts', x: 462, width: 54 },
];

const REASONS: Record<string, string> = {
  outside_period: 'outside the period',
  over_self_study_cap: 'over the self-study limit',
  over_category_cap: 'over the category limit',
};
const topicLabel = (code: string) => TRACKER_TOPIC_LABELS[code] ?? code.replace(/_/g, ' ');
const licenceType = (type: string) => type.replace(/_/g, ' ');

/** 'Met', 'Missing 3 h' or 'Not set by the rule' for one requirement line. */
function status(line: { required: number | null; counted: number; met: boolean | null }): string {
  if (line.met === true) return 'Met';
  if (line.required === null || line.met === null) return 'No hour requirement recorded';
  return `Missing ${hoursText(Math.max(0, line.required - line.counted))} h`;
}

export async function renderAuditPackPdf(data: TAuditPackData): Promise<Uint8Array> {
  const { standing } = data;
  const { licence, rule } = standing;
  const pdf = new PdfWriter({
    title: `CE audit transcript: ${data.memberName}, ${licence.state} ${licenceType(licence.licenceType)} ${licence.licenceNumber}`,
    subject: `CE period ${licence.periodStart} to ${licence.periodEnd}`,
  });
  const { root } = pdf;
  pdf.text(root, 'H1', 'CE audit transcript', { size: 18, bold: true, color: ACCENT, gap: 6 });
  pdf.fact(root, 'Member', data.memberName);
  pdf.fact(
    root,
    'License',
    `${licence.state} ${licenceType(licence.licenceType)}, number ${licence.licenceNumber}`,
  );
  pdf.fact(root, 'CE period', `${trackerDay(licence.periodStart)} to ${trackerDay(licence.periodEnd)}`);
  pdf.fact(root, 'Generated', trackerDay(data.generatedOn), { gap: 10 });

  pdf.text(root, 'H2', 'Requirements', { size: 12, bold: true, gap: 4 });
  const hoursLine = (
    label: string,
    line: { required: number | null; counted: number; met: boolean | null },
  ) => {
    const needed = line.required === null ? '' : ` of ${hoursText(line.required)} h`;
    pdf.fact(root, label, `${hoursText(line.counted)} h${needed}: ${status(line)}`, {
      color: line.met === false ? MISSING : undefined,
    });
  };
  if (standing.firstPeriodExempt) pdf.fact(root, 'Total hours', T.TOTAL_EXEMPT);
  else
    hoursLine(
      standing.totalIsMembers ? `Total hours (${T.TOTAL_YOUR_FIGURE})` : 'Total hours',
      standing.total,
    );
  if (standing.total.carryOver > 0)
    pdf.text(root, 'P', `Including ${hoursText(standing.total.carryOver)} h carried over.`, {
      size: 9,
      color: MUTED,
    });
  if (standing.live) hoursLine('Live hours (minimum)', standing.live);
  if (standing.selfStudy) {
    pdf.fact(
      root,
      'Self-study hours (maximum)',
      `${hoursText(standing.selfStudy.counted)} h of at most ${hoursText(standing.selfStudy.max)} h counted` +
        (standing.selfStudy.notCounting > 0
          ? `; ${hoursText(standing.selfStudy.notCounting)} h beyond it do not count`
          : ''),
    );
  }
  // Each requirement as the tracker decides it: a requirement that does not apply says why and
  // is never missing (issue 36).
  for (const r of standing.requirements) {
    pdf.fact(root, r.label, `${requirementStatusText(r)}: ${requirementDetail(r, licence)}`, {
      color: r.status === 'missing' ? MISSING : undefined,
    });
  }
  pdf.y += 4;
  if (rule) {
    pdf.fact(root, 'Rule source', rule.sources.join('\n') || 'none recorded', { size: 8.5 });
    pdf.fact(
      root,
      'Confidence',
      `${ruleConfidenceText(rule.confidence)}${rule.verifiedOn ? `, verified by staff on ${trackerDay(rule.verifiedOn)}` : ', not yet verified by staff'}`,
      { size: 8.5 },
    );
  } else {
    pdf.text(root, 'P', 'No requirement rule is recorded for this state and licence type.', { size: 9 });
  }
  pdf.text(root, 'P', 'Confirm the requirements with your board before you renew.', {
    size: 8.5,
    color: MUTED,
    gap: 10,
  });

  pdf.text(root, 'H2', 'Courses', { size: 12, bold: true, gap: 4 });
  pdf.table(
    root,
    COLUMNS,
    standing.credits.map((credit) => {
      const proof = data.evidence.get(credit.id);
      const course = [
        credit.title,
        credit.provider,
        proof?.approval ? `Approval: ${proof.approval}` : 'Approval: not entered',
        `Evidence: ${proof?.evidence ?? 'none'}`,
      ].join('\n');
      return [
        trackerDay(credit.date),
        course,
        [proof?.delivery ?? credit.delivery, proof?.place].filter(Boolean).join(', '),
        hoursText(credit.hours),
        credit.topics.map(topicLabel).join(', ') || 'None',
        credit.counts
          ? `Yes, ${hoursText(credit.countedHours)} h`
          : `No: ${credit.reasons.map((r) => REASONS[r] ?? r).join(', ') || 'not counted'}`,
      ];
    }),
    { size: 8.5, rowGap: 5 },
  );
  if (standing.credits.length === 0) pdf.text(root, 'P', 'No courses in this period.');
  // One page per live credit decided by evidence (issue 42): in-person scans, then webinars.
  const webinarPages = standing.credits.flatMap((credit) => {
    const webinar = data.evidence.get(credit.id)?.webinar;
    return webinar
      ? [webinarEvidencePage({ title: credit.title, date: trackerDay(credit.date) }, webinar)]
      : [];
  });
  for (const page of [...(data.evidencePages ?? []), ...webinarPages]) drawEvidencePage(pdf, page);
  return pdf.finish();
}

/** One evidence page: its heading, facts, lines, then each titled section. */
function drawEvidencePage(pdf: PdfWriter, page: TEvidencePage): void {
  const { root } = pdf;
  pdf.newPage();
  pdf.text(root, 'H2', page.heading, { size: 12, bold: true, color: ACCENT, gap: 6 });
  for (const [label, value] of page.facts) pdf.fact(root, label, value);
  pdf.y += 4;
  for (const line of page.lines) pdf.text(root, 'P', line, { size: 9, gap: 2 });
  for (const section of page.sections ?? []) {
    pdf.y += 4;
    pdf.text(root, 'H3', section.title, { size: 11, bold: true, gap: 3 });
    for (const line of section.lines) pdf.text(root, 'P', line, { size: 9, gap: 2 });
  }
}
