import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { CERTIFICATE_TITLE, Texts } from '@opence/shared';
import { toWinAnsi, wrapToWidth } from '../../lib/pdf.ts';
import type { TCertificateData } from './certificates.presenter.ts';

/*
 * The Verification of Participation certificate as a PDF (03 §7): a pure function of the
 * gathered data, so it is tested by reading its text back. US Letter, portrait, one page.
 */

const PAGE = { width: 612, height: 792 };
const MARGIN = 54;
const INK = rgb(0.1, 0.13, 0.19);
const MUTED = rgb(0.32, 0.38, 0.44);
const ACCENT = rgb(0.04, 0.33, 0.58);

type TFonts = { regular: PDFFont; bold: PDFFont };

/** Draws text lines top-down from a cursor, wrapping to the column width. */
class Writer {
  y: number;
  constructor(
    private readonly page: PDFPage,
    private readonly fonts: TFonts,
    private readonly x: number,
    private readonly width: number,
    top: number,
  ) {
    this.y = top;
  }

  text(
    text: string,
    opts: { size?: number; bold?: boolean; color?: typeof INK; center?: boolean; gap?: number } = {},
  ) {
    const size = opts.size ?? 10;
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    for (const line of wrapToWidth(toWinAnsi(text), font, size, this.width)) {
      const lineWidth = font.widthOfTextAtSize(line, size);
      const x = opts.center ? this.x + (this.width - lineWidth) / 2 : this.x;
      this.page.drawText(line, { x, y: this.y - size, size, font, color: opts.color ?? INK });
      this.y -= size * 1.35;
    }
    this.y -= opts.gap ?? 0;
  }

  /** 'Label: value' with the label in bold, wrapped as one paragraph. */
  fact(label: string, value: string, size = 10) {
    const labelText = toWinAnsi(`${label}:`);
    // A wide gap after the label, so text extraction reads it as a space at every size.
    const labelWidth = this.fonts.bold.widthOfTextAtSize(labelText, size) + size * 0.5;
    const lines = wrapToWidth(toWinAnsi(value), this.fonts.regular, size, this.width - labelWidth);
    this.page.drawText(labelText, { x: this.x, y: this.y - size, size, font: this.fonts.bold, color: INK });
    for (const line of lines) {
      this.page.drawText(line, {
        x: this.x + labelWidth,
        y: this.y - size,
        size,
        font: this.fonts.regular,
        color: INK,
      });
      this.y -= size * 1.35;
    }
  }

  rule(gapBefore = 6, gapAfter = 10) {
    this.y -= gapBefore;
    this.page.drawLine({
      start: { x: this.x, y: this.y },
      end: { x: this.x + this.width, y: this.y },
      thickness: 0.75,
      color: ACCENT,
    });
    this.y -= gapAfter;
  }
}

function participantLine(data: TCertificateData): string | null {
  const parts = [
    data.agdNumber ? `AGD number: ${data.agdNumber}` : null,
    data.licenseNumber
      ? `License number: ${data.licenseNumber}${data.licenseState ? ` (${data.licenseState})` : ''}`
      : null,
  ].filter(Boolean);
  return parts.length ? parts.join('  ·  ') : null;
}

function courseFacts(data: TCertificateData): [string, string][] {
  const facts: [string, string | null][] = [
    ['Course number', data.courseNumber],
    ['California course number', data.caCourseNumber],
    ['Date completed', data.dateCompleted],
    ['Credit hours', `${data.creditHours} CEU`],
    ['Credit type', data.creditType],
    ['AGD subject code', data.subjectCode],
    ['Method', data.method],
    ['Format', data.format],
    [Texts.CERT_ATTENDANCE_LABEL, data.attendanceVerification],
    ['Lecturer', data.lecturer],
    ['Location', data.location],
    ['Commercial supporter', data.supporterName],
  ];
  return facts.filter((f): f is [string, string] => Boolean(f[1]));
}

export async function renderCertificatePdf(data: TCertificateData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(toWinAnsi(`${CERTIFICATE_TITLE}: ${data.courseTitle}`));
  doc.setAuthor(toWinAnsi(data.provider.name));
  doc.setProducer(toWinAnsi(data.provider.brand));
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const page = doc.addPage([PAGE.width, PAGE.height]);
  page.drawRectangle({
    x: 24,
    y: 24,
    width: PAGE.width - 48,
    height: PAGE.height - 48,
    borderColor: ACCENT,
    borderWidth: 2,
  });

  const w = new Writer(page, fonts, MARGIN, PAGE.width - 2 * MARGIN, PAGE.height - MARGIN);
  if (data.isDuplicate)
    w.text(Texts.CERT_DUPLICATE, { size: 12, bold: true, color: rgb(0.7, 0.14, 0.09), center: true, gap: 4 });
  w.text(CERTIFICATE_TITLE, { size: 24, bold: true, color: ACCENT, center: true, gap: 4 });
  w.text(data.provider.name, { size: 12, center: true, color: MUTED, gap: 14 });
  w.text('This certifies that', { size: 11, center: true, color: MUTED, gap: 2 });
  w.text(data.participantName, { size: 20, bold: true, center: true, gap: 2 });
  const participant = participantLine(data);
  if (participant) w.text(participant, { size: 10, center: true, color: MUTED });
  w.y -= 8;
  w.text('has participated in the continuing dental education activity', {
    size: 11,
    center: true,
    color: MUTED,
    gap: 2,
  });
  w.text(data.courseTitle, { size: 15, bold: true, center: true, gap: 4 });
  w.rule();
  for (const [label, value] of courseFacts(data)) w.fact(label, value);
  w.rule();

  const provider = data.provider;
  w.fact('Provider', provider.name, 9);
  if (provider.contact) w.fact('Contact', provider.contact, 9);
  w.fact('AGD PACE provider ID', provider.agdPaceProviderId, 9);
  if (data.approvalPeriod) w.fact('Approval period', data.approvalPeriod, 9);
  w.y -= 4;
  for (const statement of [provider.approvalStatement, provider.adaCerpStatement, provider.ukCpdStatement]) {
    if (statement) w.text(statement, { size: 8, color: MUTED, gap: 4 });
  }

  await drawVerification(doc, page, fonts, data);
  return doc.save();
}

/** Certificate number, verification URL and a QR code to it, at the foot of the page. */
async function drawVerification(doc: PDFDocument, page: PDFPage, fonts: TFonts, data: TCertificateData) {
  const qrSize = 84;
  const png = await QRCode.toBuffer(data.verificationUrl, { type: 'png', margin: 1, width: 336 });
  const image = await doc.embedPng(png);
  const bottom = MARGIN - 8;
  page.drawImage(image, { x: PAGE.width - MARGIN - qrSize, y: bottom, width: qrSize, height: qrSize });
  const w = new Writer(page, fonts, MARGIN, PAGE.width - 2 * MARGIN - qrSize - 16, bottom + qrSize - 18);
  w.fact('Certificate number', data.certificateNumber, 9);
  w.fact('Verify at', data.verificationUrl, 9);
}
