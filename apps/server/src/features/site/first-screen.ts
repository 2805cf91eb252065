import { createHash } from 'node:crypto';
import { COOKIE_MESSAGE_CODE, FirstScreenMarker, Texts, type TBootData } from '@opence/shared';
import type { TCompressible } from '../../lib/compression.ts';
import { escapeHtml } from '../../lib/html.ts';
import { createTtlCache } from '../../lib/public-cache.ts';
import type { TSiteService } from './site.service.ts';

/*
 * The page the server sends for every client route (docs/decisions/0806): the built
 * index.html, whose first screen the web build pre-rendered with markers, filled with the brand,
 * the cookie notice's text and the boot data (the answers of /api/site and /api/blurb for the
 * notice), so the browser paints the frame before its script runs and asks for neither again.
 */

/** The filled page, compressed on first need (lib/compression). */
export type TFirstScreenPage = TCompressible & { etag: string };

// As long as the public answers it repeats (03 §1: a staff change shows within seconds).
const PAGE_TTL_MS = 5_000;

/** JSON inside <script type="application/json">: no '<', so no text can end the element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** The CSP source of each inline script of the page (the head script of the first screen). */
export function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

export async function readBootData(site: TSiteService): Promise<TBootData> {
  const [settings, cookieRow] = await Promise.all([site.settings(), site.blurb(COOKIE_MESSAGE_CODE)]);
  return {
    site: {
      status: true,
      brand: settings.brand,
      socialLinks: settings.socialLinks,
      desktopSiteUrl: settings.desktopSiteUrl,
    },
    cookieMessage: cookieRow ? { status: true, rowCount: 1, data: [cookieRow] } : null,
  };
}

export function fillFirstScreen(template: string, boot: TBootData): string {
  const cookieText = boot.cookieMessage?.data[0]?.blurb ?? Texts.COOKIE_FALLBACK;
  // Replacer functions, so a '$&' in a staff-written text stays literal.
  return template
    .replaceAll(FirstScreenMarker.BRAND, () => escapeHtml(boot.site.brand))
    .replaceAll(FirstScreenMarker.COOKIE_MESSAGE, () => escapeHtml(cookieText))
    .replaceAll(FirstScreenMarker.BOOT_DATA, () => jsonForScript(boot));
}

/** The filled page, built at most once per PAGE_TTL_MS. */
export function createFirstScreen(template: string, site: TSiteService) {
  const cache = createTtlCache<TFirstScreenPage>({ ttlMs: PAGE_TTL_MS, maxEntries: 1 });
  return (): Promise<TFirstScreenPage> =>
    cache.get('page', async () => {
      const identity = Buffer.from(fillFirstScreen(template, await readBootData(site)));
      const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
      return { identity, etag };
    });
}
