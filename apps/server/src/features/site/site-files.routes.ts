import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DB } from '../../db/types.ts';
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
};
