import { CeType } from '../constants.ts';

/*
 * Pure rules of the Verification of Participation certificate (02 §2, 03 §7): where its PDF and
 * verification page live, and the wording both the modal and the PDF use.
 */

/** The method every course of this product is delivered by (02 §2 Certificate modal). */
export const CERTIFICATE_METHOD = 'Electronically Mediated';
export const CERTIFICATE_LOCATION = 'Online';
export const CERTIFICATE_TITLE = 'Verification of Participation';

/** A certificate number as it may be asked for: random, URL-safe (new ones look like 7KQ2-M9XD-4TPA-ZB1C). */
export const CERTIFICATE_NUMBER_PATTERN = /^[A-Za-z0-9_-]{8,40}$/;

/** The stable URL path of a certificate's PDF (certUrl, 03 §7): the number alone grants access. */
export function certificatePdfPath(certificateNumber: string): string {
  return `/api/certificate/${encodeURIComponent(certificateNumber)}.pdf`;
}

/** The absolute URL of a certificate's PDF (certUrl opens it in a new tab, 03 §7). */
export function certificatePdfUrl(publicUrl: string, certificateNumber: string): string {
  return `${publicUrl}${certificatePdfPath(certificateNumber)}`;
}

/** The public verification page of a certificate (03 §7). */
export function verifyPath(certificateNumber: string): string {
  return `/verify/${encodeURIComponent(certificateNumber)}`;
}

/** The format a certificate names (03 §7): live interactive or self-instruction. */
export function certificateFormat(ceTypeId: number): string {
  return ceTypeId === CeType.LIVE ? 'Live Interactive' : 'Self-Instruction';
}

/** 'March 3, 2026' for a calendar day 'YYYY-MM-DD', without any time-zone shift. */
export function formatCalendarDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** A learning-objectives text (one per line) as a list. */
export function objectivesList(text: string | null | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.replace(/^[\s•*-]+/, '').trim())
    .filter(Boolean);
}
