import { describe, expect, it } from 'vitest';
import { patternAnchors, searchTokens, typoPatterns, wordTerms } from './search.terms.ts';
import { mergeSynonyms } from './thesaurus.rules.ts';

/** True when a LIKE pattern ('_' one character) occurs in text. */
const likes = (pattern: string, text: string) => new RegExp(pattern.replace(/_/g, '.')).test(text);

describe('searchTokens', () => {
  it('keeps letters and digits only, lowercase, accents removed', () => {
    expect(searchTokens('Peri-Implantitis')).toEqual(['peri', 'implantitis']);
    expect(searchTokens('"a" NEAR(b c) * : & | ! 🦷 café')).toEqual(['a', 'near', 'b', 'c', 'cafe']);
    expect(searchTokens('🦷🦷')).toEqual([]);
  });
});

describe('typoPatterns', () => {
  it.each([
    ['endodntic', 'endodontic'], // a letter left out
    ['orthodonitcs', 'orthodontics'], // two swapped
    ['vaneers', 'veneers'], // a letter wrong
    ['whitenning', 'whitening'], // one too many
  ])('%s finds %s', (typo, word) => {
    expect(typoPatterns(typo).some((p) => likes(p, word))).toBe(true);
  });

  it('gives none for words under 5 letters or with other characters', () => {
    expect(typoPatterns('endo')).toEqual([]);
    expect(typoPatterns('peri_implant')).toEqual([]);
  });

  it('gives only patterns a trigram index can look up', () => {
    for (const p of typoPatterns('caries')) expect(p.split('_').some((f) => f.length >= 3)).toBe(true);
  });
});

describe('patternAnchors', () => {
  it.each(['endodntic', 'orthodonitcs', 'vaneers', 'caries', 'implnat', 'sterilzation'])(
    'every pattern of %s contains an anchor of 3 letters or more',
    (word) => {
      const terms = wordTerms(word);
      expect(terms.anchors.every((a) => a.length >= 3)).toBe(true);
      for (const p of terms.patterns) {
        const literal = p.split('_');
        expect(
          terms.anchors.some((a) => literal.some((f) => f.includes(a))),
          p,
        ).toBe(true);
      }
    },
  );

  it('needs two anchors for a long word', () => {
    expect(patternAnchors('orthodonitcs', typoPatterns('orthodonitcs'))).toEqual(['ortho', 'nitcs']);
  });
});

describe('wordTerms', () => {
  const synonyms = mergeSynonyms(
    [],
    [
      { term: 'Perio', alternatives: ['periodontal', 'periodontics'] },
      { term: 'cbct', alternatives: ['cone beam'] },
    ],
  );

  it('adds staff synonyms as phrases after the word itself', () => {
    // 'perio' is a prefix of both: its own phrase finds them (issue 41), so they add no branch.
    expect(wordTerms('perio', synonyms).phrases).toEqual([['perio']]);
    expect(wordTerms('CBCT', synonyms).phrases).toEqual([['cbct'], ['cone', 'beam']]);
  });

  it('matches a word with punctuation as its tokens, and hostile text as nothing', () => {
    expect(wordTerms('peri-implantitis').phrases).toEqual([['peri', 'implantitis']]);
    expect(wordTerms('peri-implantitis').patterns).toEqual(['peri_implantitis']);
    expect(wordTerms('!!!')).toEqual({ phrases: [], patterns: [], anchors: [] });
  });

  it("keeps '3m' to the stemmed index: two letters are no trigram", () => {
    expect(wordTerms('3m')).toEqual({ phrases: [['3m']], patterns: [], anchors: [] });
  });
});

describe('wordTerms with the thesaurus', () => {
  it.each<[string, string[], string[][]]>([
    ['implant', ['implants', 'dental implant', 'implant dentistry'], [['implant'], ['dental', 'implant']]],
    ['perio', ['periodontal', 'gum disease'], [['perio'], ['gum', 'disease']]],
    ['periodontal', ['periodontics', 'perio'], [['periodontal'], ['periodontics'], ['perio']]],
    [
      'root canal',
      ['root canal therapy', 'endodontic'],
      [['root', 'canal'], ['root', 'canal', 'therapy'], ['endodontic']],
    ],
  ])('%j leaves out the alternatives its own prefix finds', (word, alternatives, phrases) => {
    const synonyms = mergeSynonyms([], [{ term: word, alternatives }]);
    expect(wordTerms(word, synonyms).phrases).toEqual(phrases);
  });
});
