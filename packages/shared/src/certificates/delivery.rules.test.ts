import { describe, expect, it } from 'vitest';
import {
  CREDIT_DELIVERIES,
  DELIVERY_WORDING,
  deliveryWording,
  isDatedByEvent,
  siteDelivery,
  trackerDeliveryOf,
} from './delivery.rules.ts';

describe('how a credit was earned (issue 35)', () => {
  it.each([
    [{ isPodcast: true, isInPersonEvent: false, isLiveCredit: false, isVerifiedByReport: false }, 'podcast'],
    [{ isPodcast: false, isInPersonEvent: true, isLiveCredit: true, isVerifiedByReport: false }, 'in_person'],
    [
      { isPodcast: false, isInPersonEvent: false, isLiveCredit: false, isVerifiedByReport: false },
      'on_demand',
    ],
    [
      { isPodcast: false, isInPersonEvent: false, isLiveCredit: true, isVerifiedByReport: true },
      'live_webinar_verified',
    ],
    [
      { isPodcast: false, isInPersonEvent: false, isLiveCredit: true, isVerifiedByReport: false },
      'live_webinar_self_attested',
    ],
  ] as const)('%o is %s', (input, delivery) => expect(siteDelivery(input)).toBe(delivery));

  it.each([
    ['on_demand', 'Self-Instruction', 'Electronically Mediated (on-demand video)', 'Online', false],
    ['podcast', 'Self-Instruction', 'Electronically Mediated (recorded audio)', 'Online', false],
    [
      'live_webinar_verified',
      'Live Interactive (Lecture)',
      'Electronically Mediated (live webinar)',
      'Online (live webinar)',
      true,
    ],
    [
      'live_webinar_self_attested',
      'Live Interactive (Lecture)',
      'Electronically Mediated (live webinar)',
      'Online (live webinar)',
      true,
    ],
    ['in_person', 'Live Interactive (Lecture)', 'In Person', 'In person', true],
  ] as const)('%s prints format %s, method %s, place %s', (delivery, format, method, place, isLive) => {
    expect(deliveryWording(delivery)).toMatchObject({ format, method, place, isLive });
    expect(isDatedByEvent(delivery)).toBe(isLive);
  });

  it('never says in person for a delivery that was not, nor live for self-instruction', () => {
    for (const [key, w] of Object.entries(DELIVERY_WORDING)) {
      expect(w.method.includes('In Person'), key).toBe(key === 'in_person');
      expect(w.agdCourseType, key).toBe(w.isLive ? 'Lecture' : 'Self-Instruction');
      expect(w.attendance === null, key).toBe(!w.isLive);
    }
    expect(CREDIT_DELIVERIES).toContain('external');
  });

  it('counts in the tracker as in person, live webinar or self-study; an unknown value as the most modest', () => {
    expect(
      ['on_demand', 'podcast', 'live_webinar_verified', 'in_person', 'other'].map(trackerDeliveryOf),
    ).toEqual(['self_study', 'self_study', 'live_webinar', 'in_person', 'self_study']);
    expect(deliveryWording('made-up')).toBe(DELIVERY_WORDING.on_demand);
  });
});
