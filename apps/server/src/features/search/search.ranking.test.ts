import { describe, expect, it } from 'vitest';
import type { TSearchKind } from '../../domain/search.ts';
import { MATCHED_WORD_WEIGHT, rankPartial } from './search.keywords.ts';

/*
 * The partial-match rule (issue 41, docs/decisions/1145): when a search's words are never found
 * together, documents with more of the words come first, then the better fields (a word in the
 * title 8, in a topic or the sponsor 3, elsewhere 1, summed over the words).
 */

type TWord = Record<string, number>;
const asScores = (word: TWord) =>
  new Map(Object.entries(word).map(([id, score]) => [id, { kind: 'class' as TSearchKind, score }]));
const order = (words: TWord[]) =>
  [...rankPartial(words.map(asScores)).entries()]
    .sort((a, b) => b[1].score - a[1].score || a[0].localeCompare(b[0]))
    .map(([id]) => id);

describe('rankPartial', () => {
  it.each<[string, TWord[], string[]]>([
    ['two words beat one, whatever the fields', [{ a: 1, b: 8 }, { a: 1 }], ['a', 'b']],
    ['among one word each, the title first', [{ a: 1, b: 8 }, { c: 3 }], ['b', 'c', 'a']],
    ['a topic beats the description', [{ a: 1 }, { b: 3 }], ['b', 'a']],
    ['three words found, one document has two', [{ a: 8 }, { b: 8 }, { b: 1, c: 8 }], ['b', 'a', 'c']],
    [
      'equal words, summed fields decide',
      [
        { a: 8, b: 3 },
        { a: 1, b: 3 },
      ],
      ['a', 'b'],
    ],
    ['no words, nothing', [], []],
  ])('%s', (_name, words, expected) => expect(order(words)).toEqual(expected));

  it('weighs each word matched above any sum of fields', () => {
    const ten = Array.from({ length: 10 }, () => ({ a: 8 }));
    const [a] = rankPartial(ten.map(asScores)).values();
    expect(a!.score).toBe(10 * MATCHED_WORD_WEIGHT + 80);
    expect(8 * 10).toBeLessThan(MATCHED_WORD_WEIGHT);
  });
});
