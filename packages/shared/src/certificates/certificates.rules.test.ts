import { describe, expect, it } from 'vitest';
import { CeType } from '../constants.ts';
import {
  certificateFormat,
  certificatePdfPath,
  certificatePdfUrl,
  formatCalendarDay,
  objectivesList,
  verifyPath,
} from './certificates.rules.ts';

describe('certificate rules', () => {
  it('puts the PDF and the verification page behind the number', () => {
    expect(certificatePdfPath('7KQ2-M9XD-4TPA-ZB1C')).toBe('/api/certificate/7KQ2-M9XD-4TPA-ZB1C.pdf');
    expect(verifyPath('7KQ2-M9XD-4TPA-ZB1C')).toBe('/verify/7KQ2-M9XD-4TPA-ZB1C');
    expect(certificatePdfUrl('https://ce.example.org', '7KQ2-M9XD-4TPA-ZB1C')).toBe(
      'https://ce.example.org/api/certificate/7KQ2-M9XD-4TPA-ZB1C.pdf',
    );
  });
  it.each([
    [CeType.LIVE, 'Live Interactive'],
    [CeType.SELF_STUDY, 'Self-Instruction'],
    [CeType.NONE, 'Self-Instruction'],
  ])('format of CE type %i is %s', (ceType, format) => expect(certificateFormat(ceType)).toBe(format));
  it.each([
    ['2026-03-02', 'March 2, 2026'],
    ['2025-12-31', 'December 31, 2025'],
    ['not a day', 'not a day'],
  ])('formats the calendar day %s as %s in any zone', (day, text) =>
    expect(formatCalendarDay(day)).toBe(text),
  );
  it('splits objectives one per line and drops bullets and blanks', () =>
    expect(objectivesList('• Plan the case\n\n- Place the implant\n  Restore it ')).toEqual([
      'Plan the case',
      'Place the implant',
      'Restore it',
    ]));
  it('has no objectives for an empty text', () => expect(objectivesList(null)).toEqual([]));
});
