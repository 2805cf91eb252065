import { describe, expect, it } from 'vitest';
import {
  agdSubjectText,
  boardAcceptsCourse,
  creditHoursText,
  licenceText,
  stateList,
} from './credit-wording.rules.ts';

describe('subject codes, hours and licences as certificates print them (issue 35)', () => {
  it.each([
    ['690', null, '690 Implants'],
    ['490', undefined, '490 Periodontics'],
    ['490', 'Periodontology', '490 Periodontology'],
    ['999', 'Sleep Dentistry', '999 Sleep Dentistry'],
    ['999', null, '999'],
    [null, 'Implants', null],
    ['  ', null, null],
  ] as const)('code %s with name %s prints %s', (code, name, text) =>
    expect(agdSubjectText(code, name)).toBe(text),
  );

  it.each([
    [2, false, '2 CE credit hours'],
    [1, false, '1 CE credit hour'],
    [1.5, true, '1.5 CE credit hours (0.15 CEU)'],
    [10, true, '10 CE credit hours (1 CEU)'],
  ] as const)('%s hours (CEU %s): %s', (hours, withCeu, text) =>
    expect(creditHoursText(hours, { withCeu })).toBe(text),
  );

  it('reads a list of states', () => {
    expect(stateList(' ma, nh;TX x  CAL ')).toEqual(['MA', 'NH', 'TX']);
    expect(stateList(null)).toEqual([]);
  });

  it.each([
    [null, true],
    [[], true],
    [['AGD', 'ADA'], true],
    [['AGD PACE'], true],
    [['ADA CERP'], false],
    [['ADHA', 'NDHA'], false],
    [['Dental Board of California Registered Provider'], false],
    [['as for dentists'], true],
  ] as const)('a board accepting %o takes a PACE course (not CERP): %s', (providers, accepted) => {
    const result = boardAcceptsCourse(providers, { agdPace: true, adaCerp: false, californiaBoard: false });
    // Default: a licence is named unless its board's list excludes the course.
    expect(result !== false).toBe(accepted);
  });

  it('names the CA board course for California, CERP when the provider holds it', () => {
    const ca = ['Dental Board of California Registered Provider'];
    expect(boardAcceptsCourse(ca, { agdPace: true, adaCerp: false, californiaBoard: true })).toBe(true);
    expect(boardAcceptsCourse(['ADA CERP'], { agdPace: true, adaCerp: true, californiaBoard: false })).toBe(
      true,
    );
  });

  it('names a licence by state, type and number', () => {
    expect(licenceText({ state: 'CA', licenceType: 'dental_hygienist', licenceNumber: 'RDH 1' })).toBe(
      'CA dental hygienist, licence RDH 1',
    );
  });
});
