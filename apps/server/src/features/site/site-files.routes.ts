import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../db/types.ts';
import { APP_ICONS, APP_THEME_COLOR, APPLE_TOUCH_ICON, MANIFEST_PATH, webAppManifest } from '@opence/shared';
import { nowIso } from '../../lib/ids.ts';
import { icoFromPngs, robotsTxt, securityTxt, sitemapXml } from './site-files.ts';
import { selectSitemapContent } from './site.repo.ts';
import type { TSiteService } from './site.service.ts';

export type TSiteFilesOptions = {
  db: Kysely<DB>;
  site: TSiteService;
  publicUrl: string;
  /** The web app's favicon.svg, or null when it has none (plugins/web.ts). */
  readIcon: () => Promise<Buffer | null>;
};

const ICO_SIZES = [16, 32, 48] as const;

/**
 * /robots.txt, /sitemap.xml, /.well-known/security.txt and /favicon.ico (issue 37 row 12),
 * at the site's root. The sitemap is made on each request, so it follows the content as it
 * changes; the icon is drawn once from the app's favicon.svg.
 */
export const siteFilesRoutes: FastifyPluginAsync<TSiteFilesOptions> = async (app, opts) => {
  const publicUrl = opts.publicUrl.replace(/\/$/, '');
  const hide = { schema: { hide: true } };

  app.get('/robots.txt', hide, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const content = await selectSitemapContent(opts.db, nowIso());
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(sitemapXml(publicUrl, content));
  });

  app.get('/.well-known/security.txt', hide, async (_request, reply) => {
    const { raw } = await opts.site.settings();
    const contact = raw.securityContact || raw.supportEmail;
    if (!contact)
      return reply.code(404).type('text/plain; charset=utf-8').send('No security contact is set.');
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(securityTxt(publicUrl, contact, new Date()));
  });

  let icon: Promise<Buffer | null> | null = null;
  const drawIcon = async () => {
    const svg = await opts.readIcon();
    if (!svg) return null;
    const pngs = await Promise.all(
      ICO_SIZES.map(async (size) => ({ size, png: await sharp(svg).resize(size, size).png().toBuffer() })),
    );
    return icoFromPngs(pngs);
  };
  app.get('/favicon.ico', hide, async (_request, reply) => {
    icon ??= drawIcon();
    const bytes = await icon;
    if (!bytes) return reply.code(404).type('text/plain; charset=utf-8').send('No icon.');
    return reply.type('image/x-icon').header('cache-control', 'public, max-age=86400').send(bytes);
  });

  // The installable app (issue 44, docs/decisions/1170): the manifest names the brand, which the
  // staff may change, so it is made here and revalidated rather than built into the app.
  app.get(MANIFEST_PATH, hide, async (_request, reply) => {
    const { brand } = await opts.site.settings();
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webAppManifest(brand)));
  });

  const pngs = new Map<string, Promise<Buffer | null>>();
  for (const icon of [...APP_ICONS, APPLE_TOUCH_ICON]) {
    app.get(icon.src, hide, async (_request, reply) => {
      if (!pngs.has(icon.src)) pngs.set(icon.src, drawPng(icon.sizes, icon.isFullBleed));
      const bytes = await pngs.get(icon.src);
      if (!bytes) return reply.code(404).type('text/plain; charset=utf-8').send('No icon.');
      return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(bytes);
    });
  }

  /**
   * The icon at a size. A full-bleed one (maskable, Apple's) fills the square with the theme
   * colour and keeps the drawing inside the middle 80 %, the safe zone platforms crop to.
   */
  async function drawPng(size: number, isFullBleed: boolean): Promise<Buffer | null> {
    const svg = await opts.readIcon();
    if (!svg) return null;
    if (!isFullBleed) return sharp(svg, { density: 300 }).resize(size, size).png().toBuffer();
    const inner = Math.round(size * 0.8);
    const drawing = await sharp(svg, { density: 300 }).resize(inner, inner).png().toBuffer();
    const square = await sharp({
      create: { width: size, height: size, channels: 3, background: APP_THEME_COLOR },
    })
      .composite([{ input: drawing, gravity: 'centre' }])
      .png()
      .toBuffer();
    // Opaque, as iOS draws a transparent pixel black.
    return sharp(square).removeAlpha().png().toBuffer();
  }
};
