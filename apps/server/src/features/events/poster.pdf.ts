import QRCode from 'qrcode';
import { DEFAULT_TIME_ZONE } from '@opence/shared';
import { PAGE, PdfWriter } from '../../lib/pdf.ts';

/*
 * An in-person event's poster as a PDF (issue 35): the event, where and when, the claim code big
 * enough to read across a room and a QR code of the claim page. Written like every PDF the site
 * makes (lib/pdf.ts: one embedded font, tagged).
 */

export type TPosterData = { title: string; place: string; date: string; code: string; claimUrl: string };

const INK = '#111111';
const MUTED = '#3d4754';

export async function renderPosterPdf(data: TPosterData): Promise<Uint8Array> {
  const pdf = new PdfWriter({ title: `${data.title}: claim your CE`, subject: `Claim code ${data.code}` });
  const { root } = pdf;
  const center = { align: 'center' as const };
  const when = new Intl.DateTimeFormat('en-US', {
    timeZone: DEFAULT_TIME_ZONE,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(data.date));
  pdf.y = 72;
  pdf.text(root, 'H1', data.title, { size: 30, bold: true, color: INK, gap: 10, ...center });
  pdf.text(root, 'P', data.place, { size: 16, color: MUTED, gap: 4, ...center });
  pdf.text(root, 'P', when, { size: 14, color: MUTED, gap: 28, ...center });
  pdf.text(root, 'P', 'Claim your CE: scan the code, or open the claim page and enter', {
    size: 16,
    gap: 12,
    ...center,
  });
  pdf.text(root, 'P', data.claimUrl.replace(/\/[^/]+$/, ''), { size: 14, color: MUTED, gap: 16, ...center });
  pdf.text(root, 'P', data.code, { size: 64, bold: true, gap: 24, ...center });
  const size = 220;
  const png = await QRCode.toBuffer(data.claimUrl, { type: 'png', margin: 1, width: 880 });
  pdf.image(root, png, `QR code of the claim page ${data.claimUrl}`, {
    x: (PAGE.width - size) / 2,
    y: pdf.y,
    width: size,
  });
  return pdf.finish();
}
