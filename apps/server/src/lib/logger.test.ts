import { describe, expect, it } from 'vitest';
import { redactLinks, redactUrl } from './logger.ts';

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

describe('redactLinks', () => {
  it('takes every one-time secret out of the links of a text, and only those', () => {
    const text = [
      'Reset: https://ce.example.org/reset/abcDEF_123-xyz',
      'Sign in: https://ce.example.org/login?s=l1.abc&rurl=%2Fexam%2Fx.',
      'Confirm (https://ce.example.org/email/confirm/tok).',
      'Unsubscribe: <http://localhost:3000/api/unsubscribe-reminders?t=h.sig>',
      'Cancel: https://ce.example.org/cancel-seat/CODE12',
      'Course: https://ce.example.org/classroom/abc?x=1',
    ].join('\n');
    const { text: redacted, isRedacted } = redactLinks(text);
    expect(isRedacted).toBe(true);
    expect(redacted).toBe(
      [
        'Reset: https://ce.example.org/reset/[redacted]',
        'Sign in: https://ce.example.org/login?s=[redacted]&rurl=%2Fexam%2Fx.',
        'Confirm (https://ce.example.org/email/confirm/[redacted]).',
        'Unsubscribe: <http://localhost:3000/api/unsubscribe-reminders?t=[redacted]>',
        'Cancel: https://ce.example.org/cancel-seat/[redacted]',
        'Course: https://ce.example.org/classroom/abc?x=1',
      ].join('\n'),
    );
    expect(redactLinks('No link here.')).toEqual({ text: 'No link here.', isRedacted: false });
  });
});
