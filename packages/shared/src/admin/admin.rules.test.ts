import { describe, expect, it } from 'vitest';
import { fromLocalDateTimeInput, isApprovalExpired, toLocalDateTimeInput } from './admin.rules.ts';

// The suite runs with TZ=America/New_York (vitest.config.ts).
describe('datetime-local conversion in the staff member zone', () => {
  it.each([
    ['2026-12-01T14:30:00.000Z', '2026-12-01T09:30'],
    ['2026-07-01T14:30:00.000Z', '2026-07-01T10:30'],
    ['2026-03-08T06:59:00.000Z', '2026-03-08T01:59'],
    [null, ''],
    ['not a date', ''],
  ])('shows %s as %s', (iso, local) => {
    expect(toLocalDateTimeInput(iso)).toBe(local);
  });

  it.each([
    ['2026-12-01T09:30', '2026-12-01T14:30:00.000Z'],
    ['2026-07-01T10:30', '2026-07-01T14:30:00.000Z'],
    ['', ''],
    ['2026-12-01', ''],
    ['tomorrow', ''],
  ])('stores %s as %s', (local, iso) => {
    expect(fromLocalDateTimeInput(local)).toBe(iso);
  });

  it('round-trips', () => {
    const iso = '2027-01-15T23:05:00.000Z';
    expect(fromLocalDateTimeInput(toLocalDateTimeInput(iso))).toBe(iso);
  });
});

describe('isApprovalExpired', () => {
  const now = new Date('2026-11-01T12:00:00Z');
  it.each([
    ['2025-10-31', true],
    ['2026-10-31', true],
    ['2026-11-01', false],
    ['2027-01-01', false],
    ['', false],
    ['soon', false],
  ])('%s → %s', (end, expired) => {
    expect(isApprovalExpired(end, now)).toBe(expired);
  });
});
