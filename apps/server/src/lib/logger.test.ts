import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/seats?s=abc123', '/api/seats?s=[redacted]'],
    ['/api/upcoming?page=1&s=abc&q=x', '/api/upcoming?page=1&s=[redacted]&q=x'],
    ['/api/reset?t=secret', '/api/reset?t=[redacted]'],
    ['/api/search?q=implants', '/api/search?q=implants'],
    ['/api/class?c=h&s=', '/api/class?c=h&s=[redacted]'],
    ['/reset/abcDEF_-123', '/reset/[redacted]'],
    ['/email/confirm/abc?x=1', '/email/confirm/[redacted]?x=1'],
    ['/gdpr/confirm/abc', '/gdpr/confirm/[redacted]'],
    ['/cancel-seat/code1', '/cancel-seat/[redacted]'],
    ['/cancel/code1', '/cancel/[redacted]'],
    ['/login/l1.abc', '/login/[redacted]'],
    ['/login?s=l1.abc&rurl=/home', '/login?s=[redacted]&rurl=/home'],
    ['/resetx/abc', '/resetx/abc'],
    ['/reset', '/reset'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
