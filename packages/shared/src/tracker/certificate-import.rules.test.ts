import { describe, expect, it } from 'vitest';
import {
  extractCertificateFields,
  findVerificationUrl,
  IMPORT_SURE,
  parseCertificateDate,
  participantMatches,
} from './certificate-import.rules.ts';

describe('parseCertificateDate', () => {
  it.each([
    ['Date: 2026-03-14', '2026-03-14'],
    ['Completed 03/14/2026', '2026-03-14'],
    ['on 3/4/2026', '2026-03-04'],
    ['March 14, 2026', '2026-03-14'],
    ['Mar. 14 2026', '2026-03-14'],
    ['14 March 2026', '2026-03-14'],
    ['the 1st of nothing', null],
    ['02/30/2026', null],
    ['13/01/2026', null],
    ['Smarch 14, 2026', null],
  ])('%s → %s', (text, expected) => {
    expect(parseCertificateDate(text)).toBe(expected);
  });
});

describe('extractCertificateFields', () => {
  const cases: [string, string, Record<string, string | null>][] = [
    [
      'labels on their lines',
      'Course Title: Infection Control\nProvider: Gulf Coast Dental Society\nDate of Completion: 01/03/2025\nCE Hours: 2\nAGD Subject Code: 148\nAGD PACE Program Provider ID: 210137',
      {
        title: 'Infection Control',
        provider: 'Gulf Coast Dental Society',
        completedOn: '2025-01-03',
        hours: '2',
        agdCode: '148',
        approval: 'AGD PACE #210137',
      },
    ],
    [
      'a name under "This certifies that", a sentence after it',
      'CERTIFICATE\nThis certifies that\nDana Lee\nhas completed the course\nCourse: Ethics',
      { participant: 'Dana Lee', title: 'Ethics' },
    ],
    [
      'other label words, other order',
      'Credits: 1.5\nAttendee: Chris Park, RDH\nSponsored by: Pacific Academy\nProgram: Perio Update\nCourse date: June 2, 2025',
      {
        hours: '1.5',
        participant: 'Chris Park, RDH',
        provider: 'Pacific Academy',
        title: 'Perio Update',
        completedOn: '2025-06-02',
      },
    ],
    ['contact hours and CEUs', 'Contact hours: 3\nCEUs 0.3', { hours: '3' }],
    [
      '"Course name" is the title, not the participant',
      'Course name: Local Anesthesia\nName: Priya Shah',
      { title: 'Local Anesthesia', participant: 'Priya Shah' },
    ],
    [
      'a CERP number with words between, split over two OCR lines',
      'ADA CERP Recognized Provider\nno. 445566',
      { approval: 'ADA CERP #445566' },
    ],
    [
      'the approval line names no provider',
      'AGD PACE Program Provider ID: 219367\nProvider: Real Provider',
      { provider: 'Real Provider', approval: 'AGD PACE #219367' },
    ],
    ['nothing recognisable', 'Lorem ipsum dolor sit amet', { title: null, hours: null, completedOn: null }],
  ];
  it.each(cases)('%s', (_name, text, expected) => {
    const fields = extractCertificateFields(text);
    for (const [field, value] of Object.entries(expected))
      expect(fields[field as keyof typeof fields].value, field).toBe(value);
  });

  it('is sure of labelled fields, less of unlabelled ones, less again after OCR', () => {
    expect(extractCertificateFields('CE Hours: 2').hours.confidence).toBeGreaterThanOrEqual(IMPORT_SURE);
    expect(extractCertificateFields('You earned 2 CE hours').hours.confidence).toBeLessThan(IMPORT_SURE);
    const twoDates = extractCertificateFields('Printed 01/02/2025\nValid until 01/02/2027');
    expect(twoDates.completedOn.confidence).toBeLessThan(IMPORT_SURE);
    expect(extractCertificateFields('CE Hours: 2', { ocr: true }).hours.confidence).toBeLessThan(
      extractCertificateFields('CE Hours: 2').hours.confidence,
    );
  });
});

describe('participantMatches', () => {
  it.each([
    ['Dr. María Núñez, DDS', 'Maria Nunez', true],
    ['MARIA NUNEZ', 'María Núñez', true],
    ['Maria J. Nunez', 'Maria Nunez', true],
    ['Nunez, Maria', 'Maria Nunez', true],
    ['Chris Park RDH', 'Chris Park', true],
    ['Maria Lopez', 'Maria Nunez', false],
    ['John Smith', 'Maria Nunez', false],
    [null, 'Maria Nunez', null],
  ] as const)('%s vs %s → %s', (printed, member, expected) => {
    expect(participantMatches(printed, member)).toBe(expected);
  });
});

describe('findVerificationUrl', () => {
  it.each([
    ['Verify: https://verify.example/c/GC-1001.', 'https://verify.example/c/GC-1001'],
    ['no address here', null],
  ])('%s', (text, expected) => {
    expect(findVerificationUrl(text)).toBe(expected);
  });
});
