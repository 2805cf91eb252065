import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.ts';
import { loginLinkSecret } from '../../lib/login-links.ts';

/*
 * The one-click unsubscribe of webinar reminders (issue 25, RFC 8058): a token that names the
 * member by public hash, signed with the server's link secret for this one purpose. It does not
 * expire: an old reminder's link still works.
 */

const UNSUBSCRIBE_PURPOSE = 'unsubscribe-reminders';

function unsubscribeSignature(secret: Buffer, memberHash: string): string {
  return createHmac('sha256', secret).update(`${UNSUBSCRIBE_PURPOSE}.${memberHash}`).digest('base64url');
}

/** The signed, non-expiring token of a member's reminder unsubscribe link. */
export async function unsubscribeToken(db: Kysely<DB>, memberHash: string): Promise<string> {
  return `${memberHash}.${unsubscribeSignature(await loginLinkSecret(db), memberHash)}`;
}

/** The member hash a valid unsubscribe token names, or null. */
export async function verifyUnsubscribeToken(db: Kysely<DB>, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9_-]{1,100})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(unsubscribeSignature(await loginLinkSecret(db), match[1]!), 'base64url');
  const given = Buffer.from(match[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return match[1]!;
}

/** Where a mail's unsubscribe link points (the page with its button, and the one-click POST). */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/unsubscribe-reminders?t=${token}`;

/** The headers of RFC 2369 and RFC 8058 that let a mail client unsubscribe in one click. */
export const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
