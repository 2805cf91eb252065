import { describe, expect, it } from 'vitest';
import { isQuestionsLive, isTakingQuestions, plainQuestionText } from './questions.rules.ts';

describe('plainQuestionText', () => {
  it.each([
    ['trims the ends', '  What about caries?  ', 'What about caries?'],
    ['keeps markup as typed', '<b>Is < 2 mm</b> enough?', '<b>Is < 2 mm</b> enough?'],
    ['keeps single line breaks', 'First line\nSecond line', 'First line\nSecond line'],
    ['turns CRLF and CR into LF', 'a\r\nb\rc', 'a\nb\nc'],
    ['keeps at most one empty line', 'a\n\n\n\n\nb', 'a\n\nb'],
    ['drops trailing spaces on each line', 'a   \nb', 'a\nb'],
    ['turns tabs into spaces', 'a\tb', 'a b'],
    ['drops control characters', 'a\u0000b\u0007c\u001b[31m', 'abc[31m'],
    ['drops zero-width and direction overrides', 'a\u200Bb\u202Ec\u2066d', 'abcd'],
    ['answers empty for only blanks', ' \n\t\u200B ', ''],
    ['keeps emoji and accents', 'Ça va 🦷?', 'Ça va 🦷?'],
  ])('%s', (_name, input, expected) => {
    expect(plainQuestionText(input)).toBe(expected);
  });
});

describe('the question window', () => {
  const start = '2026-12-01T18:00:00.000Z';
  const at = (iso: string) => Date.parse(iso);
  it.each([
    ['a week before', '2026-11-24T18:00:00.000Z', true, false],
    ['61 minutes before', '2026-12-01T16:59:00.000Z', true, false],
    ['an hour before', '2026-12-01T17:00:00.000Z', true, true],
    ['at the start', '2026-12-01T18:00:00.000Z', true, true],
    ['a second before the end', '2026-12-01T18:59:59.000Z', true, true],
    ['at the end', '2026-12-01T19:00:00.000Z', false, false],
    ['a day after', '2026-12-02T19:00:00.000Z', false, false],
  ])('%s: taking questions %s, console live %s', (_name, now, taking, live) => {
    expect(isTakingQuestions(start, 60, at(now))).toBe(taking);
    expect(isQuestionsLive(start, 60, at(now))).toBe(live);
  });
});
