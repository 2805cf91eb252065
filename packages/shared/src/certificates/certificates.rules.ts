import { Texts } from '../texts.ts';

/*
 * Pure rules of the Verification of Participation certificate (02 §2, 03 §7): where its PDF and
 * verification page live, and the wording both the modal and the PDF use.
 */

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

/*
 * Provider settings a certificate may be issued with (issue 22, decision 1004): no template
 * placeholder, a real AGD PACE provider ID, and an approval period that has not ended. The
 * same checks refuse the staff's settings save and the member's certificate.
 */

/** Words only the shipped templates hold: staff must replace them before certificates go out. */
const PLACEHOLDER_PATTERN = /replace this text|example street/i;

const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const hasPlaceholder = (value: unknown) => PLACEHOLDER_PATTERN.test(textOf(value));

/** Where a signature upload is stored (cleaned and re-encoded as PNG, decision 1043). */
export const SIGNATURE_KEY_PREFIX = 'signatures/';
const SIGNATURE_URL = /^\/media\/signatures\/[A-Za-z0-9/_-]+\.png$/;

/** A signature image the site uploaded itself: nothing else is drawn on a certificate. */
export function isSignatureUpload(url: string): boolean {
  return SIGNATURE_URL.test(url);
}

/** One check of the provider settings: the field it concerns and the message that names the fix. */
export type TProviderCheck = {
  field: string;
  message: string;
  isOk: (settings: Record<string, unknown>, today: string) => boolean;
};

export const PROVIDER_CHECKS: readonly TProviderCheck[] = [
  {
    field: 'providerName',
    message: Texts.CERT_SETTING_PLACEHOLDER,
    isOk: (s) => !hasPlaceholder(s.providerName),
  },
  {
    field: 'providerContact',
    message: Texts.CERT_SETTING_PLACEHOLDER,
    isOk: (s) => !hasPlaceholder(s.providerContact),
  },
  {
    field: 'agdPaceProviderId',
    message: Texts.CERT_SETTING_PROVIDER_ID,
    // An ID holds a digit other than 0 ('000000' and empty are the template's).
    isOk: (s) => /[1-9]/.test(textOf(s.agdPaceProviderId)) && !hasPlaceholder(s.agdPaceProviderId),
  },
  {
    field: 'agdApprovalStart',
    message: Texts.CERT_SETTING_APPROVAL_PERIOD,
    isOk: (s) => isDay(textOf(s.agdApprovalStart)) && isDay(textOf(s.agdApprovalEnd)),
  },
  {
    field: 'agdApprovalEnd',
    message: Texts.CERT_SETTING_APPROVAL_EXPIRED,
    isOk: (s, today) => !isDay(textOf(s.agdApprovalEnd)) || textOf(s.agdApprovalEnd) >= today,
  },
  {
    field: 'agdApprovalStatement',
    message: Texts.CERT_SETTING_STATEMENT,
    isOk: (s) => textOf(s.agdApprovalStatement) !== '',
  },
  {
    field: 'agdApprovalStatement',
    message: Texts.CERT_SETTING_PLACEHOLDER,
    isOk: (s) => !hasPlaceholder(s.agdApprovalStatement),
  },
  // The signature line (issue 35, decision 1043): a Verification of Participation carries the
  // provider's authorised signatory; the image beside the name is optional.
  {
    field: 'signatoryName',
    message: Texts.CERT_SETTING_SIGNATORY,
    isOk: (s) => textOf(s.signatoryName) !== '',
  },
  {
    field: 'signatoryName',
    message: Texts.CERT_SETTING_PLACEHOLDER,
    isOk: (s) => !hasPlaceholder(s.signatoryName),
  },
  {
    field: 'signatoryTitle',
    message: Texts.CERT_SETTING_SIGNATORY,
    isOk: (s) => textOf(s.signatoryTitle) !== '',
  },
  {
    field: 'signatoryTitle',
    message: Texts.CERT_SETTING_PLACEHOLDER,
    isOk: (s) => !hasPlaceholder(s.signatoryTitle),
  },
  {
    field: 'signatureImage',
    message: Texts.CERT_SIGNATURE_NOT_UPLOADED,
    isOk: (s) => textOf(s.signatureImage) === '' || isSignatureUpload(textOf(s.signatureImage)),
  },
  {
    field: 'adaCerpStatement',
    message: Texts.CERT_SETTING_PLACEHOLDER,
    isOk: (s) => !hasPlaceholder(s.adaCerpStatement),
  },
  {
    field: 'ukCpdStatement',
    message: Texts.CERT_SETTING_PLACEHOLDER,
    isOk: (s) => !hasPlaceholder(s.ukCpdStatement),
  },
];

/** What stops certificates being issued with these settings on this day ('YYYY-MM-DD'); empty when nothing. */
export function providerSettingsProblems(
  settings: Record<string, unknown>,
  today: string,
): { field: string; message: string }[] {
  return PROVIDER_CHECKS.filter((c) => !c.isOk(settings, today)).map(({ field, message }) => ({
    field,
    message,
  }));
}
