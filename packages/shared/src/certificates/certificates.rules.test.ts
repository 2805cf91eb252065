import { describe, expect, it } from 'vitest';
import { Texts } from '../texts.ts';
import {
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
    signatoryName: 'Dr. Ana Ruiz',
    signatoryTitle: 'Director of Continuing Education',
    signatureImage: '',
  };
  const today = '2026-11-25';
  it('finds nothing in settings a board would accept', () => {
    expect(providerSettingsProblems(good, today)).toEqual([]);
    expect(providerSettingsProblems({ ...good, agdPaceProviderId: 'DEMO 214365' }, today)).toEqual([]);
    // The last day of the approval still issues.
    expect(providerSettingsProblems({ ...good, agdApprovalEnd: today }, today)).toEqual([]);
    expect(
      providerSettingsProblems({ ...good, signatureImage: '/media/signatures/2026/11/0193-ab.png' }, today),
    ).toEqual([]);
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
    // The signature line (issue 35, decision 1043).
    [{ signatoryName: ' ' }, 'signatoryName', Texts.CERT_SETTING_SIGNATORY],
    [
      { signatoryName: 'Replace this text with the name of the person who signs certificates' },
      'signatoryName',
      Texts.CERT_SETTING_PLACEHOLDER,
    ],
    [{ signatoryTitle: undefined }, 'signatoryTitle', Texts.CERT_SETTING_SIGNATORY],
    [
      { signatureImage: 'https://images.example/sig.png' },
      'signatureImage',
      Texts.CERT_SIGNATURE_NOT_UPLOADED,
    ],
    [{ signatureImage: '/media/uploads/2026/11/x.png' }, 'signatureImage', Texts.CERT_SIGNATURE_NOT_UPLOADED],
    [{ signatureImage: '/media/signatures/../x.svg' }, 'signatureImage', Texts.CERT_SIGNATURE_NOT_UPLOADED],
  ])('refuses %o at %s', (change, field, message) => {
    expect(providerSettingsProblems({ ...good, ...change }, today)).toEqual([{ field, message }]);
  });
});
