import { describe, expect, it } from 'vitest';
import {
  acceptedScanWindows,
  doorCodeText,
  inPersonDecision,
  readDoorCode,
  scanWindowAt,
  scanWindowEndsAt,
  type TKeptScan,
} from './scans.rules.ts';

const at = (hhmm: string) => `2026-11-28T${hhmm}:00.000Z`;
const scanIn = (hhmm: string): TKeptScan => ({ direction: 'in', at: at(hhmm) });
const scanOut = (hhmm: string): TKeptScan => ({ direction: 'out', at: at(hhmm) });

describe('inPersonDecision', () => {
  const cases: {
    name: string;
    min: number;
    kept: TKeptScan[];
    decision: 'live' | 'none';
    minutes: number;
    reason: RegExp;
  }[] = [
    {
      name: 'well over the minimum',
      min: 60,
      kept: [scanIn('09:00'), scanOut('11:00')],
      decision: 'live',
      minutes: 120,
      reason: /Present 120 minutes/,
    },
    {
      name: 'exactly at the minimum',
      min: 60,
      kept: [scanIn('09:00'), scanOut('10:00')],
      decision: 'live',
      minutes: 60,
      reason: /at least 60/,
    },
    {
      name: 'one minute short',
      min: 60,
      kept: [scanIn('09:00'), scanOut('09:59')],
      decision: 'none',
      minutes: 59,
      reason: /1 short/,
    },
    {
      name: 'seconds do not round up',
      min: 60,
      kept: [{ direction: 'in', at: '2026-11-28T09:00:30.000Z' }, scanOut('10:00')],
      decision: 'none',
      minutes: 59,
      reason: /1 short/,
    },
    {
      name: 'scan-out missing',
      min: 60,
      kept: [scanIn('09:00')],
      decision: 'none',
      minutes: 0,
      reason: /No scan-out/,
    },
    {
      name: 'scan-in missing',
      min: 60,
      kept: [scanOut('10:00')],
      decision: 'none',
      minutes: 0,
      reason: /No scan-in/,
    },
    { name: 'nothing scanned', min: 60, kept: [], decision: 'none', minutes: 0, reason: /No scan-in/ },
    {
      name: 'exit before entry (a correction gone wrong)',
      min: 0,
      kept: [scanIn('10:00'), scanOut('09:00')],
      decision: 'none',
      minutes: 0,
      reason: /before the scan-in/,
    },
    {
      name: 'order of the list does not matter',
      min: 30,
      kept: [scanOut('10:00'), scanIn('09:00')],
      decision: 'live',
      minutes: 60,
      reason: /Present 60/,
    },
    {
      name: 'a minimum of zero with both scans',
      min: 0,
      kept: [scanIn('09:00'), scanOut('09:00')],
      decision: 'live',
      minutes: 0,
      reason: /Present 0/,
    },
  ];
  it.each(cases)('$name', ({ min, kept, decision, minutes, reason }) => {
    const result = inPersonDecision(min, kept);
    expect(result.decision).toBe(decision);
    expect(result.minutesPresent).toBe(minutes);
    expect(result.reason).toMatch(reason);
    expect(result.ruleText).toContain(`${min} minutes`);
  });
});

describe('door codes', () => {
  it.each([
    ['K7QM2P-E-4H7KQ', { eventCode: 'K7QM2P', direction: 'in', mac: '4H7KQ' }],
    ['k7qm2px4h7kq', { eventCode: 'K7QM2P', direction: 'out', mac: '4H7KQ' }],
    [' K7QM2P X 4H7KQ ', { eventCode: 'K7QM2P', direction: 'out', mac: '4H7KQ' }],
    ['K7QM2P', null],
    ['K7QM2P-A-4H7KQ', null],
    ['K7QM2P-E-4H7KQ9', null],
  ])('reads %s', (raw, expected) => {
    expect(readDoorCode(raw)).toEqual(expected);
  });

  it('prints what it reads', () => {
    expect(readDoorCode(doorCodeText('K7QM2P', 'out', '4H7KQ'))).toEqual({
      eventCode: 'K7QM2P',
      direction: 'out',
      mac: '4H7KQ',
    });
  });

  it('takes the current and the previous five-minute window only', () => {
    const now = new Date('2026-11-28T10:07:00.000Z');
    const [current, previous] = acceptedScanWindows(now);
    expect(current).toBe(scanWindowAt(new Date('2026-11-28T10:05:00.000Z')));
    expect(previous).toBe(scanWindowAt(new Date('2026-11-28T10:04:59.999Z')));
    expect(scanWindowAt(new Date('2026-11-28T09:59:59.999Z'))).toBe(previous - 1);
    expect(scanWindowEndsAt(now)).toBe('2026-11-28T10:10:00.000Z');
  });
});
