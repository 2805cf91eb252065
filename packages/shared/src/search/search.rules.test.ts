import { describe, expect, it } from 'vitest';
import { normaliseSearchText, searchWords } from './search.rules.ts';

describe('normaliseSearchText', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['ab', null],
    ['  ab  ', null],
    ['abc', 'abc'],
    ['"implants"', 'implants'],
    ["'ab'", null],
    ['“crowns”', 'crowns'],
    ['3m', '3m'],
    ['3M', '3M'],
    [' "3M" ', '3M'],
    ['4m', null],
    ['a'.repeat(31), 'a'.repeat(30)],
    ['a'.repeat(30), 'a'.repeat(30)],
    ['x'.repeat(29) + ' y', 'x'.repeat(29)],
  ])('%j → %j', (input, expected) => {
    expect(normaliseSearchText(input)).toBe(expected);
  });
});

describe('searchWords', () => {
  it('drops small words and splits on white space', () => {
    expect(searchWords('The Implants of Today', ['the', 'of'])).toEqual(['implants', 'today']);
  });
  it('returns nothing for no text', () => {
    expect(searchWords(null, [])).toEqual([]);
  });
});
