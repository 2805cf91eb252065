import QRCode from 'qrcode';
import { CERTIFICATE_TITLE, Texts } from '@opence/shared';
import { PAGE, PDF_COLORS, PdfWriter } from '../../lib/pdf.ts';
import type { TCertificateData } from './certificates.presenter.ts';

/*
 * The Verification of Participation certificate as a PDF (03 §7, issue 35): a pure function of
 * the gathered data (and the signature image's bytes), so it is tested by reading its text back.
 * US Letter, portrait; tagged, with the one embedded font of every PDF the site makes (lib/pdf.ts).
 */

const MARGIN = 54;
const { muted: MUTED, accent: ACCENT } = PDF_COLORS;

function courseFacts(data: TCertificateData): [string, string][] {
  const facts: [string, string | null][] = [
    ['Course number', data.courseNumber],
    ['California course number', data.caCourseNumber],
    ['Date completed', data.dateCompleted],
    ['Credits', data.creditHoursText],
    ['Credit type', data.creditType],
    ['AGD subject code', data.subjectCode],
    ['Format', data.format],
    ['Method', data.method],
    ['Location', data.location],
    [Texts.CERT_ATTENDANCE_LABEL, data.attendanceVerification],
    ['Lecturer', data.lecturer],
    ['Commercial supporter', data.supporterName],
  ];
  return facts.filter((f): f is [string, string] => Boolean(f[1]));
}

export async function renderCertificatePdf(
  data: TCertificateData,
  signatureImage: Buffer | null = null,
): Promise<Uint8Array> {
  const pdf = new PdfWriter(
    {
      title: `${CERTIFICATE_TITLE}: ${data.courseTitle}`,
      author: data.provider.name,
      subject: `${data.participantName}, certificate ${data.certificateNumber}`,
      producer: data.provider.brand,
    },
    { margin: MARGIN },
  );
  const { root } = pdf;
  pdf.decorate((doc) =>
    doc
      .lineWidth(2)
      .strokeColor(ACCENT)
      .rect(24, 24, PAGE.width - 48, PAGE.height - 48)
      .stroke(),
  );
  const center = { align: 'center' as const };
  if (data.isDuplicate)
    pdf.text(root, 'P', Texts.CERT_DUPLICATE, { size: 12, bold: true, color: '#b3241a', gap: 4, ...center });
  pdf.text(root, 'H1', CERTIFICATE_TITLE, { size: 24, bold: true, color: ACCENT, gap: 4, ...center });
  pdf.text(root, 'P', data.provider.name, { size: 12, color: MUTED, gap: 14, ...center });
  pdf.text(root, 'P', 'This certifies that', { size: 11, color: MUTED, gap: 2, ...center });
  pdf.text(root, 'P', data.participantName, { size: 20, bold: true, gap: 2, ...center });
  if (data.agdNumber)
    pdf.text(root, 'P', `AGD number: ${data.agdNumber}`, { size: 10, color: MUTED, ...center });
  if (data.licences.length > 0)
    pdf.text(
      root,
      'P',
      `${data.licences.length > 1 ? 'Licences' : 'Licence'}: ${data.licences.join(' · ')}`,
      {
        size: 10,
        color: MUTED,
        ...center,
      },
    );
  pdf.y += 8;
  pdf.text(root, 'P', 'has participated in the continuing dental education activity', {
    size: 11,
    color: MUTED,
    gap: 2,
    ...center,
  });
  pdf.text(root, 'H2', data.courseTitle, { size: 15, bold: true, gap: 4, ...center });
  pdf.rule({ color: ACCENT, before: 6, after: 10 });
  for (const [label, value] of courseFacts(data)) pdf.fact(root, label, value);
  pdf.rule({ color: ACCENT, before: 6, after: 10 });

  const provider = data.provider;
  pdf.fact(root, 'Provider', provider.name, { size: 9 });
  if (provider.contact) pdf.fact(root, 'Contact', provider.contact, { size: 9 });
  pdf.fact(root, 'AGD PACE provider ID', provider.agdPaceProviderId, { size: 9 });
  if (data.approvalPeriod) pdf.fact(root, 'Approval period', data.approvalPeriod, { size: 9 });
  pdf.y += 4;
  for (const statement of [provider.approvalStatement, provider.adaCerpStatement, provider.ukCpdStatement]) {
    if (statement) pdf.text(root, 'P', statement, { size: 8, color: MUTED, gap: 4 });
  }

  await drawFoot(pdf, data, signatureImage);
  return pdf.finish();
}

const SIGNATURE = { width: 220, imageHeight: 46 };
const QR_SIZE = 84;
const FOOT_HEIGHT = 190;

/**
 * The signature line (decision 1043), then the verification (number, URL, QR code) at the foot:
 * on the page's last 190 points, or on a page of its own when the text above reaches them.
 */
async function drawFoot(pdf: PdfWriter, data: TCertificateData, signatureImage: Buffer | null) {
  const { root } = pdf;
  pdf.ensure(FOOT_HEIGHT);
  const top = Math.max(pdf.y + 8, pdf.bottom - FOOT_HEIGHT);
  const signatory = data.provider.signatory;
  const lineY = top + SIGNATURE.imageHeight + 4;
  if (signatureImage && signatory) {
    pdf.image(root, signatureImage, `Signature of ${signatory.name}`, {
      x: MARGIN,
      y: top,
      fit: [SIGNATURE.width, SIGNATURE.imageHeight],
    });
  }
  pdf.decorate((doc) =>
    doc
      .lineWidth(0.75)
      .strokeColor('#1a2130')
      .moveTo(MARGIN, lineY)
      .lineTo(MARGIN + SIGNATURE.width, lineY)
      .stroke(),
  );
  pdf.y = lineY + 3;
  const signer = signatory ? `${signatory.name}, ${signatory.title}` : 'Authorised signatory';
  pdf.text(root, 'P', signer, { size: 9, width: pdf.textWidth });
  pdf.text(root, 'P', `Authorised signatory for ${data.provider.name}`, { size: 8, color: MUTED });

  const png = await QRCode.toBuffer(data.verificationUrl, { type: 'png', margin: 1, width: 336 });
  const qrX = PAGE.width - MARGIN - QR_SIZE;
  const qrY = pdf.bottom - QR_SIZE + 8;
  pdf.image(root, png, `QR code: verify this certificate at ${data.verificationUrl}`, {
    x: qrX,
    y: qrY,
    width: QR_SIZE,
  });
  const width = qrX - 16 - MARGIN;
  pdf.y = Math.max(pdf.y + 8, qrY + 24);
  pdf.fact(root, 'Certificate number', data.certificateNumber, { size: 9, width });
  pdf.fact(root, 'Verify at', data.verificationUrl, { size: 9, width });
}
