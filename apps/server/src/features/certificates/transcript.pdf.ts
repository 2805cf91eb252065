import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { TCeReport } from '../../lib/mail/templates.ts';
import { toWinAnsi, wrapToWidth } from '../../lib/pdf.ts';

/*
 * The CE transcript as a PDF (03 §7 send-ce-report): every completion of a member with the
 * totals by CE type. A pure function of the data; pages break as the table grows.
 */

/** The CE report's content (the mail's table) with the provider it is issued by. */
export type TTranscriptData = TCeReport & { brand: string; providerName: string };

const PAGE = { width: 612, height: 792 };
const MARGIN = 48;
const INK = rgb(0.1, 0.13, 0.19);
const MUTED = rgb(0.32, 0.38, 0.44);
const ACCENT = rgb(0.04, 0.33, 0.58);
const SIZE = 9;
const LINE = SIZE * 1.35;
// Column x offsets and widths: date, course, credits, type, certificate.
const COLUMNS = [
  { title: 'Date', x: 0, width: 62 },
  { title: 'Course', x: 68, width: 226 },
  { title: 'CEU', x: 304, width: 32 },
  { title: 'Type', x: 340, width: 82 },
  { title: 'Certificate', x: 426, width: 90 },
] as const;

const credits = (n: number) => String(Math.round(n * 100) / 100);

export async function renderTranscriptPdf(data: TTranscriptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`CE transcript: ${data.memberName}`));
  doc.setProducer(toWinAnsi(data.brand));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const draw = (p: PDFPage, text: string, x: number, font: PDFFont, size = SIZE, color = INK) =>
    p.drawText(toWinAnsi(text), { x: MARGIN + x, y: y - size, size, font, color });

  draw(page, 'Continuing Education Transcript', 0, bold, 18, ACCENT);
  y -= 26;
  draw(page, data.providerName, 0, regular, 11, MUTED);
  y -= 22;
  draw(page, `Participant: ${data.memberName}`, 0, bold, 11);
  y -= 16;
  if (data.agdNumber) {
    draw(page, `AGD number: ${data.agdNumber}`, 0, regular, 10);
    y -= 14;
  }
  const generated = new Intl.DateTimeFormat('en-US', { timeZone: data.timeZone, dateStyle: 'long' }).format(
    data.generatedAt,
  );
  draw(page, `Issued ${generated}. Dates are given in the ${data.timeZone} time zone.`, 0, regular, 9, MUTED);
  y -= 24;

  const header = () => {
    for (const column of COLUMNS) draw(page, column.title, column.x, bold);
    y -= LINE + 2;
    page.drawLine({
      start: { x: MARGIN, y: y + 4 },
      end: { x: PAGE.width - MARGIN, y: y + 4 },
      thickness: 0.75,
      color: ACCENT,
    });
  };
  header();
  if (data.rows.length === 0) {
    draw(page, 'No CE completed.', 0, regular);
    y -= LINE;
  }
  for (const row of data.rows) {
    const titleLines = wrapToWidth(toWinAnsi(row.title), regular, SIZE, COLUMNS[1].width);
    if (y - titleLines.length * LINE < MARGIN + 60) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN;
      header();
    }
    draw(page, row.date, COLUMNS[0].x, regular);
    draw(page, credits(row.credits), COLUMNS[2].x, regular);
    draw(page, row.typeLabel, COLUMNS[3].x, regular);
    draw(page, row.certificateNumber, COLUMNS[4].x, regular);
    for (const line of titleLines) {
      draw(page, line, COLUMNS[1].x, regular);
      y -= LINE;
    }
    y -= 3;
  }

  y -= 8;
  page.drawLine({
    start: { x: MARGIN, y: y + 4 },
    end: { x: PAGE.width - MARGIN, y: y + 4 },
    thickness: 0.75,
    color: ACCENT,
  });
  y -= 6;
  draw(page, `Self-Study: ${credits(data.totals.selfStudy)} CEU`, 0, regular, 10);
  y -= 14;
  draw(page, `Live, Interactive: ${credits(data.totals.live)} CEU`, 0, regular, 10);
  y -= 14;
  draw(page, `Total: ${credits(data.totals.total)} CEU`, 0, bold, 10);
  return doc.save();
}
