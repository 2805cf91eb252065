import { blogPath, ClassType, drilldownPath, onDemandPath, podcastPath, premiumPath } from '@opence/shared';
import { escapeHtml } from '../../lib/html.ts';
import type { selectSitemapContent } from './site.repo.ts';

/*
 * What the site publishes about itself (issue 37 row 12, docs/decisions/0933): robots.txt with
 * no rule that another contradicts, a sitemap of every public page and piece of content,
 * security.txt (RFC 9116) and /favicon.ico. Pure functions; site-files.routes.ts serves them.
 */

/** The app's public pages a search engine may list (01 §2). */
export const PUBLIC_PAGES = [
  '/',
  '/webinars',
  '/ondemand',
  '/premium',
  '/podcasts',
  '/blog',
  '/drilldowns',
  '/tutorials',
  '/ebooks',
  '/support',
  '/terms',
  '/privacy',
  '/accessibility',
] as const;

/** Paths crawlers have no business in: the console, the API, a member's own pages and links. */
const DISALLOWED = [
  '/admin',
  '/api/',
  '/account',
  '/login',
  '/reset/',
  '/email/',
  '/gdpr/',
  '/cancel',
  '/claim',
];

/**
 * robots.txt: only Disallow lines (everything else is allowed by default), so first-match and
 * longest-match parsers read it alike; the tester's first-match parser read `Allow: /` before
 * `Disallow: /admin` as allowing the console.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

type TContent = Awaited<ReturnType<typeof selectSitemapContent>>;

/** A class's public page by its type: the reserve page of a live webinar, else its list's page. */
function classPath(c: TContent['classes'][number]): string {
  if (c.type_id === ClassType.LIVE) return `/reserve/${encodeURIComponent(c.hash)}`;
  return c.type_id === ClassType.PREMIUM ? premiumPath(c.slug) : onDemandPath(c.slug);
}

/** sitemap.xml (sitemaps.org 0.9): the public pages, then every published piece of content. */
export function sitemapXml(publicUrl: string, content: TContent): string {
  const url = (path: string, lastmod?: string) =>
    `<url><loc>${escapeHtml(`${publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((path) => url(path)),
    ...content.classes.map((c) => url(classPath(c), c.updated_at)),
    ...content.podcasts.map((p) => url(podcastPath(p.show_hash, p.hash), p.updated_at)),
    ...content.posts.map((p) => url(blogPath(p.slug), p.updated_at)),
    ...content.drilldowns.map((d) => url(drilldownPath(d.slug), d.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
}

/** How long a security.txt stays valid: RFC 9116 asks for less than a year. */
const SECURITY_TXT_DAYS = 180;

/** security.txt (RFC 9116): where to report, until when the file holds, and where it lives. */
export function securityTxt(publicUrl: string, contact: string, now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_DAYS * 86_400_000);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: mailto:${contact}`,
    `Expires: ${expires.toISOString().replace('.000Z', 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${publicUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}

/** An ICO file holding PNG images (Windows Vista and every browser since read them). */
export function icoFromPngs(images: readonly { size: number; png: Uint8Array }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}
