import { describe, expect, it } from 'vitest';
import {
  itemsToSend,
  sendOutcome,
  waitsBehind,
  withQueued,
  type TQueuedItem,
} from './progress-sync.rules.ts';

const item = (over: Partial<TQueuedItem>): TQueuedItem => ({
  id: 'i1',
  member: 'm1',
  token: 't1',
  kind: 'position',
  target: 'podcast:p1',
  body: {},
  queuedAt: 1,
  ...over,
});

describe('withQueued', () => {
  it.each([
    ['a newer position in the same episode replaces the older', item({ id: 'a' }), item({ id: 'b' }), ['b']],
    [
      'positions in two episodes are both kept',
      item({ id: 'a' }),
      item({ id: 'b', target: 'podcast:p2' }),
      ['a', 'b'],
    ],
    [
      "another member's item on this device is kept",
      item({ id: 'a', member: 'm2' }),
      item({ id: 'b' }),
      ['a', 'b'],
    ],
    [
      'an evaluation and a position of one subject are both kept',
      item({ id: 'a', kind: 'evaluation', target: 'p1' }),
      item({ id: 'b', target: 'p1' }),
      ['a', 'b'],
    ],
    [
      'a second play of an episode keeps the first one queued, ahead of what followed',
      item({ id: 'a', kind: 'play', target: 'p1' }),
      item({ id: 'b', kind: 'play', target: 'p1' }),
      ['a'],
    ],
    [
      'a second view of a class keeps the first one queued',
      item({ id: 'a', kind: 'view', target: 'c1' }),
      item({ id: 'b', kind: 'view', target: 'c1' }),
      ['a'],
    ],
    [
      'plays of two episodes are both kept',
      item({ id: 'a', kind: 'play', target: 'p1' }),
      item({ id: 'b', kind: 'play', target: 'p2' }),
      ['a', 'b'],
    ],
    [
      'a play and the evaluation after it are both kept, the play first',
      item({ id: 'a', kind: 'play', target: 'p1' }),
      item({ id: 'b', kind: 'evaluation', target: 'p1' }),
      ['a', 'b'],
    ],
  ])('%s', (_name, first, second, ids) => {
    expect(withQueued([first], second).map((i) => i.id)).toEqual(ids);
  });
});

describe('sendOutcome', () => {
  it.each([
    [200, 'sent'],
    [204, 'sent'],
    [0, 'keep'],
    [401, 'keep'],
    [408, 'keep'],
    [429, 'keep'],
    [500, 'keep'],
    [503, 'keep'],
    [400, 'drop'],
    [403, 'drop'],
    [404, 'drop'],
    [409, 'drop'],
  ] as const)('%i → %s', (status, outcome) => {
    expect(sendOutcome(status)).toBe(outcome);
  });
});

describe('itemsToSend', () => {
  it("gives only the member's items, oldest first", () => {
    const queue = [
      item({ id: 'late', queuedAt: 3, target: 'a' }),
      item({ id: 'other', member: 'm2', queuedAt: 1 }),
      item({ id: 'early', queuedAt: 2, target: 'b' }),
    ];
    expect(itemsToSend(queue, 'm1').map((i) => i.id)).toEqual(['early', 'late']);
  });
});

describe('waitsBehind', () => {
  const play = item({ id: 'play', kind: 'play', target: 'p1' });
  it.each([
    [
      'the evaluation after a kept play of its episode waits',
      item({ kind: 'evaluation', target: 'p1' }),
      [play],
      true,
    ],
    ['an evaluation of another episode does not', item({ kind: 'evaluation', target: 'p2' }), [play], false],
    [
      "another member's evaluation does not",
      item({ kind: 'evaluation', target: 'p1', member: 'm2' }),
      [play],
      false,
    ],
    ['nothing kept, nothing waits', item({ kind: 'evaluation', target: 'p1' }), [], false],
  ] as const)('%s', (_name, next, kept, waits) => {
    expect(waitsBehind(next, kept)).toBe(waits);
  });
});
