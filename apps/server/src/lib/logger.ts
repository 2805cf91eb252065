import type { FastifyServerOptions } from 'fastify';

/** Query parameters that carry secrets: the session token and one-time link tokens. */
const SECRET_QUERY = /([?&](?:s|t|token|h|p|u)=)[^&]*/gi;

/** Removes secret query values from a URL before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
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
