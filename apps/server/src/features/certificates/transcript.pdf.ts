import { creditHoursText, hoursText } from '@opence/shared';
import { PDF_COLORS, PdfWriter, type TPdfColumn } from '../../lib/pdf.ts';

/*
 * The CE transcript as a PDF (03 §7 send-ce-report): every completion of a member with how it
 * was earned and where, and the totals by CE type. A pure function of the data; pages break as
 * the table grows, and its header row is repeated on each page.
 */

export type TTranscriptData = {
  brand: string;
  providerName: string;
  memberName: string;
  agdNumber: string | null;
  /** The zone the dates are given in. */
  timeZone: string;
  generatedAt: Date;
  rows: {
    date: string;
    title: string;
    credits: number;
    /** The delivery's label ('In-person event', 'Live webinar', …). */
    delivery: string;
    place: string;
    certificateNumber: string;
  }[];
  totals: { selfStudy: number; live: number; total: number };
};

const { muted: MUTED, accent: ACCENT } = PDF_COLORS;
// Column x offsets (from the margin) and widths.
const COLUMNS: readonly TPdfColumn[] = [
  { title: 'Date', x: 0, width: 70 },
  { title: 'Course', x: 74, width: 170 },
  { title: 'Delivery', x: 248, width: 70 },
  { title: 'Place', x: 322, width: 80 },
  { title: 'CE credit hours', x: 406, width: 44 },
  { title: 'Certificate', x: 454, width: 62 },
];

export async function renderTranscriptPdf(data: TTranscriptData): Promise<Uint8Array> {
  const pdf = new PdfWriter({
    title: `CE transcript: ${data.memberName}`,
    author: data.providerName,
    producer: data.brand,
  });
  const { root } = pdf;
  pdf.text(root, 'H1', 'Continuing Education Transcript', { size: 18, bold: true, color: ACCENT, gap: 6 });
  pdf.text(root, 'P', data.providerName, { size: 11, color: MUTED, gap: 10 });
  pdf.text(root, 'P', `Participant: ${data.memberName}`, { size: 11, bold: true, gap: 3 });
  if (data.agdNumber) pdf.text(root, 'P', `AGD number: ${data.agdNumber}`, { size: 10, gap: 3 });
  const generated = new Intl.DateTimeFormat('en-US', { timeZone: data.timeZone, dateStyle: 'long' }).format(
    data.generatedAt,
  );
  pdf.text(root, 'P', `Issued ${generated}. Dates are given in the ${data.timeZone} time zone.`, {
    size: 9,
    color: MUTED,
    gap: 12,
  });

  pdf.table(
    root,
    COLUMNS,
    data.rows.map((r) => [r.date, r.title, r.delivery, r.place, hoursText(r.credits), r.certificateNumber]),
    // Rows stop 60 pt above the foot of a page, leaving room for the totals below the table.
    { size: 8.5, rowGap: 4, keepBelow: 60, headerRule: { color: ACCENT, before: -2, after: 4 } },
  );
  if (data.rows.length === 0) pdf.text(root, 'P', 'No CE completed.', { size: 8.5 });

  pdf.rule({ color: ACCENT, before: 8, after: 6 });
  pdf.text(root, 'P', `Self-Study: ${creditHoursText(data.totals.selfStudy)}`, { size: 10, gap: 2 });
  pdf.text(root, 'P', `Live, Interactive: ${creditHoursText(data.totals.live)}`, { size: 10, gap: 2 });
  pdf.text(root, 'P', `Total: ${creditHoursText(data.totals.total)}`, { size: 10, bold: true });
  return pdf.finish();
}
