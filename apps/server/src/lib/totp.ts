import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hashToken } from './ids.ts';

/*
 * TOTP (RFC 6238) through otpauth (docs/decisions/0920): SHA-1, 6 digits, 30-second steps, the
 * parameters every authenticator app reads from an otpauth:// URI. A code of the step before or
 * after is accepted (clock drift); the caller keeps the last accepted step so a code is never
 * accepted twice.
 */

const PERIOD_S = 30;
const DIGITS = 6;
/** Steps either side of now that still count. */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

function totpOf(secret: string, label = 'account', issuer = 'OpenCE') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret: 160 random bits (RFC 4226 §4), base-32 as apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI and its QR code (an SVG data URL) for the enrolment screen. */
export async function totpEnrolment(secret: string, label: string, issuer: string) {
  const uri = totpOf(secret, label, issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The code of a secret at a time (tests, the demo's documented secret). */
export function totpCode(secret: string, at: Date = new Date()): string {
  return totpOf(secret).generate({ timestamp: at.getTime() });
}

/** The time step a valid 6-digit code belongs to, or null when it matches none in the window. */
export function totpStep(secret: string, code: string, at: Date = new Date()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return totp.counter({ timestamp: at.getTime() }) + delta;
}

/** Ten recovery codes, 50 random bits each, shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => alphabet[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
  });
}

/** What is stored of a recovery code: its hash, salted with the member's id. */
export function recoveryCodeHash(memberId: string, code: string): string {
  return hashToken(`${memberId}:${code.replace(/[\s-]/g, '').toLowerCase()}`);
}
