import { describe, expect, it } from 'vitest';
import {
  AGD_NUMBER_PATTERN,
  EMAIL_PATTERN,
  isCertYearInRange,
  phoneMobileFlag,
  roundCredits,
  safeReturnPath,
  studentName,
  USERNAME_PATTERN,
} from './accounts.rules.ts';

describe('safeReturnPath', () => {
  it.each([
    [undefined, '/home'],
    ['', '/home'],
    ['/seats', '/seats'],
    ['/ebooks?x=1', '/ebooks?x=1'],
    ['https://evil.example', '/home'],
    ['//evil.example', '/home'],
    ['/\\evil.example', '/home'],
    ['javascript:alert(1)', '/home'],
    ['/login', '/home'],
    ['/logout', '/home'],
    ['/reset/abc', '/home'],
    ['/a\nb', '/home'],
  ])('%s → %s', (rurl, expected) => expect(safeReturnPath(rurl)).toBe(expected));
});

describe('isCertYearInRange', () => {
  const now = new Date(2026, 5, 1);
  it.each([
    [1935, false],
    [1936, true],
    [2036, true],
    [2037, false],
    [2000.5, false],
  ])('%s → %s', (year, ok) => expect(isCertYearInRange(year, now)).toBe(ok));
});

describe('phoneMobileFlag', () => {
  it.each([
    ['checked', true],
    ['unchecked', false],
    [true, true],
    [false, false],
    [undefined, false],
    [1, true],
  ])('%s → %s', (value, flag) => expect(phoneMobileFlag(value)).toBe(flag));
});

describe('patterns', () => {
  it('AGD numbers are 5 to 9 digits', () => {
    expect(['12345', '123456789'].every((v) => AGD_NUMBER_PATTERN.test(v))).toBe(true);
    expect(['1234', '1234567890', '12a45', ''].some((v) => AGD_NUMBER_PATTERN.test(v))).toBe(false);
  });
  it('usernames never contain @ or spaces', () => {
    expect(USERNAME_PATTERN.test('ann.lee_1-x')).toBe(true);
    expect(USERNAME_PATTERN.test('ann@lee')).toBe(false);
    expect(USERNAME_PATTERN.test('ann lee')).toBe(false);
  });
  it('e-mail shape', () => {
    expect(EMAIL_PATTERN.test('a.b+c@example.co.uk')).toBe(true);
    expect(['a@b', 'a b@c.de', '@c.de', 'a@c.'].some((v) => EMAIL_PATTERN.test(v))).toBe(false);
  });
});

describe('small helpers', () => {
  it('studentName joins what is given', () => {
    expect(studentName('Ann', 'Lee')).toBe('Ann Lee');
    expect(studentName(null, 'Lee')).toBe('Lee');
  });
  it('roundCredits keeps two decimals', () => expect(roundCredits(0.1 + 0.2)).toBe(0.3));
});
