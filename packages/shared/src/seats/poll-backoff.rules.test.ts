import { describe, expect, it } from 'vitest';
import { pollBackoffMs, retryAfterMs } from './poll-backoff.rules.ts';

describe('pollBackoffMs', () => {
  it('doubles from one second up to the cap, spread by up to half again', () => {
    expect(pollBackoffMs(1, null, 15_000, 0)).toBe(1_000);
    expect(pollBackoffMs(2, null, 15_000, 0)).toBe(2_000);
    expect(pollBackoffMs(3, null, 15_000, 0.999)).toBe(5_998);
    expect(pollBackoffMs(10, null, 15_000, 0)).toBe(15_000);
  });

  it('never asks again sooner than the server said', () => {
    expect(pollBackoffMs(1, 5_000, 15_000, 0)).toBe(5_000);
    expect(pollBackoffMs(1, 5_000, 15_000, 0.5)).toBe(6_250);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('1')).toBe(1_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:05 GMT', Date.parse('2026-11-25T10:00:00Z'))).toBe(5_000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});
