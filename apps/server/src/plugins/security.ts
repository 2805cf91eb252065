import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';

/**
 * The Content-Security-Policy: no foreign script, and no inline script but the page's own, by
 * hash (issue 11 hardening, 0806). React sets style attributes (progress bars, image ratios),
 * so inline styles are allowed.
 */
function contentSecurityPolicy(isHttps: boolean, inlineScriptHashes: string[]): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...inlineScriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'https:'],
    ['media-src', "'self'", 'https:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['frame-src', 'https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ...(isHttps ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((d) => d.join(' ')).join(';');
}

/**
 * Every response's security headers, computed once. They are helmet's defaults written out,
 * because @fastify/helmet rebuilt the whole set (CSP string included) on every request, which
 * was a tenth of the server's time on small answers (docs/decisions/0805).
 */
export function securityHeaders(publicUrl: string, inlineScriptHashes: string[] = []): OutgoingHttpHeaders {
  const isHttps = publicUrl.startsWith('https://');
  return {
    'content-security-policy': contentSecurityPolicy(isHttps, inlineScriptHashes),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // frame-ancestors 'none' says the same to browsers that read CSP; this is for the rest.
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(isHttps ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Responses at least this long are compressed when the client accepts br or gzip. */
export const COMPRESS_FROM_BYTES = 1024;

/** Secure headers (from securityHeaders) on every response, and compression of text. */
export async function registerSecurity(app: FastifyInstance, opts: { headers: OutgoingHttpHeaders }) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(opts.headers);
    done();
  });
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
}
