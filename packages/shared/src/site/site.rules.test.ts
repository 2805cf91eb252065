import { describe, expect, it } from 'vitest';
import { certYearOptions, isReserved, loginRedirectPath, pageDescription, pageTitle } from './site.rules.ts';

describe('pageTitle', () => {
  it('joins topic and brand', () => expect(pageTitle('Dental Blog', 'OpenCE')).toBe('Dental Blog | OpenCE'));
  it('shows the brand alone without a topic', () => expect(pageTitle('', 'OpenCE')).toBe('OpenCE'));
});

describe('pageDescription', () => {
  it('keeps short text', () => expect(pageDescription('Short text.')).toBe('Short text.'));
  it('strips tags and folds white space', () => expect(pageDescription('<p>A\n\n b</p>')).toBe('A b'));
  it('cuts at a word boundary within the limit', () => {
    const text = 'word '.repeat(60);
    const cut = pageDescription(text);
    expect(cut.length).toBeLessThanOrEqual(151);
    expect(cut.endsWith('word…')).toBe(true);
  });
  it('cuts a single long word hard', () =>
    expect(pageDescription('x'.repeat(200), 10)).toBe(`${'x'.repeat(10)}…`));
});

describe('certYearOptions', () => {
  it('runs from this year + 10 down to this year − 90', () => {
    const years = certYearOptions(new Date(2026, 5, 1));
    expect(years[0]).toBe(2036);
    expect(years.at(-1)).toBe(1936);
    expect(years).toHaveLength(101);
  });
});

describe('isReserved and loginRedirectPath', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('hasSeat %s isWaiting %s → %s', (seat, waiting, reserved) =>
    expect(isReserved(seat, waiting)).toBe(reserved),
  );
  it('encodes the wanted path', () => expect(loginRedirectPath('/seats')).toBe('/login?rurl=%2Fseats'));
});
