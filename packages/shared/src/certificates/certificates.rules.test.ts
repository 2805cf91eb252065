import { describe, expect, it } from 'vitest';
import { CeType } from '../constants.ts';
import { Texts } from '../texts.ts';
import {
  certificateFormat,
  certificatePdfPath,
  certificatePdfUrl,
  formatCalendarDay,
  objectivesList,
  providerSettingsProblems,
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

describe('providerSettingsProblems (decision 1004)', () => {
  const good = {
    providerName: 'Harbor Dental Education',
    providerContact: '12 Harbor Street, Boston MA · ce@harbor.test',
    agdPaceProviderId: '219876',
    agdApprovalStart: '2025-11-01',
    agdApprovalEnd: '2028-10-31',
    agdApprovalStatement: 'Harbor Dental Education is nationally approved for FAGD/MAGD credit.',
    adaCerpStatement: '',
    ukCpdStatement: null,
  };
  const today = '2026-11-25';
  it('finds nothing in settings a board would accept', () => {
    expect(providerSettingsProblems(good, today)).toEqual([]);
    expect(providerSettingsProblems({ ...good, agdPaceProviderId: 'DEMO 214365' }, today)).toEqual([]);
    // The last day of the approval still issues.
    expect(providerSettingsProblems({ ...good, agdApprovalEnd: today }, today)).toEqual([]);
  });
  it.each([
    [{ agdPaceProviderId: '000000' }, 'agdPaceProviderId', Texts.CERT_SETTING_PROVIDER_ID],
    [{ agdPaceProviderId: '' }, 'agdPaceProviderId', Texts.CERT_SETTING_PROVIDER_ID],
    [{ agdApprovalEnd: '2025-10-31' }, 'agdApprovalEnd', Texts.CERT_SETTING_APPROVAL_EXPIRED],
    [{ agdApprovalStart: null }, 'agdApprovalStart', Texts.CERT_SETTING_APPROVAL_PERIOD],
    [{ agdApprovalStatement: ' ' }, 'agdApprovalStatement', Texts.CERT_SETTING_STATEMENT],
    [
      { agdApprovalStatement: 'Approved. Replace this text with the statement your approval letter gives.' },
      'agdApprovalStatement',
      Texts.CERT_SETTING_PLACEHOLDER,
    ],
    [
      { adaCerpStatement: 'ADA CERP … Replace this text with yours.' },
      'adaCerpStatement',
      Texts.CERT_SETTING_PLACEHOLDER,
    ],
    [{ providerContact: '100 Example Street, Suite 200' }, 'providerContact', Texts.CERT_SETTING_PLACEHOLDER],
  ])('refuses %o at %s', (change, field, message) => {
    expect(providerSettingsProblems({ ...good, ...change }, today)).toEqual([{ field, message }]);
  });
});
