import { describe, expect, it } from 'vitest';
import { Texts } from '../texts.ts';
import {
  agdStatusText,
  completedCountsErrorText,
  completedTabEmptyText,
  completedTabFrom,
  completedTabLabel,
  completedTabs,
  completedTotal,
  pendingEmptyText,
  queueEmptyText,
  showsSpeakerLine,
} from './member-lists.rules.ts';

describe('member list rules', () => {
  it.each([
    [0, false],
    [1, true],
    [0.5, true],
    [-1, true],
  ])('a queue row of %d credits shows the speaker line: %s', (credits, shows) =>
    expect(showsSpeakerLine(credits)).toBe(shows),
  );

  it.each([
    [false, Texts.EMPTY_QUEUE],
    [true, Texts.EMPTY_QUEUE_SHORT],
  ])('Watch Later empty, removed here %s → %s', (removed, text) =>
    expect(queueEmptyText(removed)).toBe(text),
  );

  it.each([
    [0, 'You currently do not have any classes in progress.'],
    [1, 'All exams completed.'],
    [7, 'All exams completed.'],
  ])('CE in Progress empty with %i completed → %s', (completed, text) =>
    expect(pendingEmptyText(completed)).toBe(text),
  );

  it.each([
    ['podcasts', 'podcasts'],
    ['webinars', 'webinars'],
    [null, 'webinars'],
    ['in-person', 'in-person'],
    ['anything', 'webinars'],
  ] as const)('tab query %j → %s', (value, tab) => expect(completedTabFrom(value)).toBe(tab));

  it('labels the tabs and counts both kinds', () => {
    const counts = { cntWebinars: 3, cntPodcasts: 2 };
    expect(completedTabLabel('webinars', counts)).toBe('Webinars (3)');
    expect(completedTabLabel('podcasts', counts)).toBe('Podcasts (2)');
    expect(completedTotal(counts)).toBe(5);
  });

  it('shows In-person only to a member who claimed an event, and counts it in the total', () => {
    expect(completedTabs({ cntWebinars: 3, cntPodcasts: 2 })).toEqual(['webinars', 'podcasts']);
    expect(completedTabs({ cntWebinars: 0, cntPodcasts: 0, cntInPerson: 0 })).toEqual([
      'webinars',
      'podcasts',
    ]);
    const counts = { cntWebinars: 3, cntPodcasts: 2, cntInPerson: 1 };
    expect(completedTabs(counts)).toEqual(['webinars', 'podcasts', 'in-person']);
    expect(completedTabLabel('in-person', counts)).toBe('In-person (1)');
    expect(completedTotal(counts)).toBe(6);
  });

  it.each([
    ['webinars', 'No training completed.'],
    ['podcasts', 'No podcasts completed.'],
    ['in-person', 'No in-person events claimed.'],
  ] as const)('an empty %s tab says %s', (tab, text) => expect(completedTabEmptyText(tab)).toBe(text));

  it.each([
    ['2026-03-02T14:00:00.000Z', true, 'Sent to the AGD on day(2026-03-02T14:00:00.000Z).'],
    ['2026-03-02T14:00:00.000Z', false, 'Sent to the AGD on day(2026-03-02T14:00:00.000Z).'],
    [null, true, 'Not yet sent to the AGD.'],
    [null, false, 'Not sent to the AGD: no AGD number on your profile.'],
  ])('AGD status of %j (AGD number %s) → %s', (at, hasNumber, text) =>
    expect(agdStatusText(at, hasNumber, (iso) => `day(${iso})`)).toBe(text),
  );

  it.each([
    [0, 'System Error.  Unable to retrieve data.'],
    [500, 'API Error.  Unable to retrieve data.'],
    [401, 'API Error.  Unable to retrieve data.'],
  ])('completed counts failing with HTTP %i → %s', (status, text) =>
    expect(completedCountsErrorText(status)).toBe(text),
  );
});
