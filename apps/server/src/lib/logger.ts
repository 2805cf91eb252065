import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets: the session token and one-time link tokens. */
const SECRET_QUERY = /([?&](?:s|t|token|h|p|u|code)=)[^&#]*/gi;

/**
 * Pages whose next path segment is a one-time token or a secret code (the mailed links of
 * 0104, 0921, 03 §3, the seat's cancel code, an event's claim code and door code), by the app's routes and
 * their aliases. `test/log-check/token-paths.test.ts` holds this list against the app's routes.
 */
export const SECRET_PATH_PREFIXES = [
  '/login',
  '/reset',
  '/email/confirm',
  '/gdpr/confirm',
  '/cancel-seat',
  '/cancel',
  '/claim',
  '/scan',
] as const;
const SECRET_PATH = new RegExp(
  `^((?:${SECRET_PATH_PREFIXES.map((p) => p.replaceAll('/', '\\/')).join('|')})/)[^/?#]+`,
  'i',
);

/**
 * A URL as it may be logged: the one rule for secrets in query values and in token paths
 * (issue 37: `/reset/<token>` was logged in clear while `?t=` was redacted).
 */
export function redactUrl(url: string): string {
  return url.replace(SECRET_PATH, '$1[redacted]').replace(SECRET_QUERY, '$1[redacted]');
}

/** An address in a text: http(s), up to the first space or closing bracket. */
const LINK = /https?:\/\/[^\s<>"')\]]+/g;

/**
 * A text (a mail's body) with every link's secret taken out by the same rule as a logged URL:
 * what staff read in the outbox can sign no one in (issue 37 row 6). True when it took one out.
 */
export function redactLinks(text: string): { text: string; isRedacted: boolean } {
  let isRedacted = false;
  const redacted = text.replace(LINK, (link) => {
    if (!URL.canParse(link)) {
      isRedacted = true;
      return '[link removed]';
    }
    const url = new URL(link);
    const pathAndQuery = redactUrl(`${url.pathname}${url.search}`);
    if (pathAndQuery === `${url.pathname}${url.search}`) return link;
    isRedacted = true;
    return `${url.origin}${pathAndQuery}${url.hash}`;
  });
  return { text: redacted, isRedacted };
}

/**
 * Structured logs (pino). Tokens and passwords never reach a log line: headers and bodies
 * are redacted by path, and URLs lose their secret query values.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.p',
        '*.s',
        '*.t',
        '*.token',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), ip: request.ip };
      },
    },
  };
}
