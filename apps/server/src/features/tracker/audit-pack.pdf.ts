import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TTrackerStanding } from '@opence/shared/schemas';
import { toWinAnsi, wrapToWidth } from '../../lib/pdf.ts';

/*
 * The audit pack's transcript (issue 23): member, licence, period, every course with date,
 * provider, hours, format, topics and whether it counts, and the totals against each
 * requirement, with the rule's source. A pure function of the standing; pages break as it grows.
 */

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const INK = rgb(0.1, 0.13, 0.19);
const MUTED = rgb(0.32, 0.38, 0.44);
const SIZE = 9;
const LINE = SIZE * 1.4;
const COLUMNS = [
  { title: 'Date', x: 0, width: 58 },
  { title: 'Course (provider)', x: 62, width: 214 },
  { title: 'Hours', x: 280, width: 34 },
  { title: 'Format', x: 318, width: 70 },
  { title: 'Topics', x: 392, width: 82 },
  { title: 'Counts', x: 478, width: 38 },
] as const;
const h = (n: number) => String(Math.round(n * 100) / 100);

export async function renderAuditPackPdf(data: {
  memberName: string;
  standing: TTrackerStanding;
  generatedOn: string;
}): Promise<Uint8Array> {
  const { standing } = data;
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`CE audit transcript: ${data.memberName}`));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const draw = (p: PDFPage, text: string, x: number, font: PDFFont, size = SIZE, color = INK) =>
    p.drawText(toWinAnsi(text), { x: MARGIN + x, y, size, font, color });
  const ensure = (lines: number) => {
    if (y - lines * LINE < MARGIN) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
    }
  };
  const line = (text: string, font = regular, size = SIZE, color = INK) => {
    for (const part of wrapToWidth(text, font, size, PAGE.width - 2 * MARGIN)) {
      ensure(1);
      draw(page, part, 0, font, size, color);
      y -= size * 1.4;
    }
  };

  const { licence, rule } = standing;
  line('CE audit transcript', bold, 18);
  y -= 4;
  line(`Member: ${data.memberName}`);
  line(`License: ${licence.state} ${licence.licenceType.replace(/_/g, ' ')} no. ${licence.licenceNumber}`);
  line(`CE period: ${licence.periodStart} to ${licence.periodEnd} (generated ${data.generatedOn})`);
  y -= 6;
  line('Requirements', bold, 12);
  const req = (label: string, counted: number, required: number | null) =>
    line(`${label}: ${h(counted)} h${required === null ? '' : ` of ${h(required)} h`}`);
  req('Total hours', standing.total.counted, standing.total.required);
  if (standing.total.carryOver > 0) line(`  including ${h(standing.total.carryOver)} h carried over`);
  if (standing.live) req('Live hours (minimum)', standing.live.counted, standing.live.required);
  if (standing.selfStudy) {
    req('Self-study hours (maximum)', standing.selfStudy.counted, standing.selfStudy.max);
    if (standing.selfStudy.notCounting > 0)
      line(`  ${h(standing.selfStudy.notCounting)} h beyond the cap do not count`);
  }
  for (const t of standing.topics) {
    req(t.label, t.counted, t.required);
    if (t.validUntil) line(`  card valid until ${t.validUntil}`);
  }
  for (const c of standing.conditional) {
    const status = c.applies === true ? 'applies' : c.applies === false ? 'does not apply' : 'not checked';
    line(`${c.topic}: only for ${c.appliesTo} (${status})`, regular, 8, MUTED);
  }
  if (rule) {
    line(`Rule source: ${rule.sources[0] ?? 'none'} (confidence: ${rule.confidence})`, regular, 8, MUTED);
  }
  line('Confirm the requirements with your board before you renew.', regular, 8, MUTED);
  y -= 8;

  line('Courses', bold, 12);
  ensure(2);
  for (const c of COLUMNS) draw(page, c.title, c.x, bold);
  y -= LINE;
  for (const credit of standing.credits) {
    const cells = [
      [credit.date],
      wrapToWidth(`${credit.title} (${credit.provider})`, regular, SIZE, COLUMNS[1].width),
      [h(credit.hours)],
      [credit.delivery.replace(/_/g, ' ')],
      wrapToWidth(credit.topics.join(', ') || '-', regular, SIZE, COLUMNS[4].width),
      [credit.counts ? h(credit.countedHours) : credit.reasons.join(', ').replace(/_/g, ' ') || 'no'],
    ];
    const rows = Math.max(...cells.map((c) => c.length));
    ensure(rows);
    for (let r = 0; r < rows; r += 1) {
      cells.forEach((cell, i) => {
        if (cell[r]) draw(page, cell[r]!, COLUMNS[i]!.x, regular);
      });
      y -= LINE;
    }
  }
  if (standing.credits.length === 0) line('No courses in this period.');
  return doc.save();
}
