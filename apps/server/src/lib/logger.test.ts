import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger.ts';

describe('redactUrl', () => {
  it.each([
    ['/api/seats?s=abc123', '/api/seats?s=[redacted]'],
    ['/api/upcoming?page=1&s=abc&q=x', '/api/upcoming?page=1&s=[redacted]&q=x'],
    ['/api/reset?t=secret', '/api/reset?t=[redacted]'],
    ['/api/search?q=implants', '/api/search?q=implants'],
    ['/api/class?c=h&s=', '/api/class?c=h&s=[redacted]'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});
