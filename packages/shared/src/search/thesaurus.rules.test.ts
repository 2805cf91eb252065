import { describe, expect, it } from 'vitest';
import {
  joinPhrases,
  mergeSynonyms,
  suggestTopics,
  thesaurusEntries,
  thesaurusKey,
} from './thesaurus.rules.ts';

const groups = [
  { terms: ['cbct', 'cone beam'], source: 'MeSH' },
  { terms: ['srp', 'scaling and root planing'], source: 'CDT D4341' },
  { terms: ['perio', 'periodontal'], source: 'AGD 490' },
  { terms: ['perio', 'gum disease'], source: 'MeSH Periodontal Diseases' },
  { terms: ['no shows', 'broken appointments'], source: 'OpenCE editorial' },
];
const shipped = thesaurusEntries(groups);
const find = (term: string) => shipped.find((e) => e.term === term);

describe('thesaurusKey', () => {
  it.each([
    ['CBCT', 'cbct'],
    ['Cone-Beam', 'cone beam'],
    ['scaling and root planing', 'scaling root planing'],
    ['no shows', 'no shows'],
    ['scaling and', 'scaling and'],
    ['the', 'the'],
    ['Paediatric', 'paediatric'],
    ['!!', ''],
  ])('%j → %j', (text, key) => expect(thesaurusKey(text)).toBe(key));
});

describe('thesaurusEntries: every term of a family finds the others', () => {
  it.each([
    ['cbct', ['cone beam'], 'MeSH'],
    ['cone beam', ['cbct'], 'MeSH'],
    ['scaling root planing', ['srp'], 'CDT D4341'],
    ['perio', ['periodontal', 'gum disease'], 'AGD 490; MeSH Periodontal Diseases'],
    ['gum disease', ['perio'], 'MeSH Periodontal Diseases'],
  ])('%j → %j (%s)', (term, alternatives, source) => {
    expect(find(term)).toEqual({ term, alternatives, source });
  });
});

describe('mergeSynonyms: staff replace a shipped term and add their own', () => {
  it.each<[string, { term: string; alternatives: string[] }[], string, string[] | undefined]>([
    ['shipped alone', [], 'cbct', ['cone beam']],
    ['staff override', [{ term: 'CBCT', alternatives: ['3d imaging'] }], 'cbct', ['3d imaging']],
    [
      'staff rows of one term add up',
      [
        { term: 'cbct', alternatives: ['3d'] },
        { term: 'cbct', alternatives: ['tomography'] },
      ],
      'cbct',
      ['3d', 'tomography'],
    ],
    [
      'staff new term',
      [{ term: 'Invisalign', alternatives: ['clear aligner'] }],
      'invisalign',
      ['clear aligner'],
    ],
    [
      'other shipped terms kept',
      [{ term: 'cbct', alternatives: ['x'] }],
      'perio',
      ['periodontal', 'gum disease'],
    ],
    ['unknown term', [], 'zirconia', undefined],
  ])('%s', (_name, staff, term, expected) => {
    expect(mergeSynonyms(shipped, staff).get(term)).toEqual(expected);
  });
});

describe('joinPhrases: adjacent words naming a thesaurus term become one', () => {
  const synonyms = mergeSynonyms(shipped, []);
  it.each([
    [
      ['cone', 'beam', 'implant'],
      ['cone beam', 'implant'],
    ],
    [['scaling', 'root', 'planing'], ['scaling root planing']],
    [
      ['gum', 'disease', 'diabetes'],
      ['gum disease', 'diabetes'],
    ],
    [
      ['implant', 'cone', 'beam'],
      ['implant', 'cone beam'],
    ],
    [
      ['beam', 'cone'],
      ['beam', 'cone'],
    ],
    [['perio'], ['perio']],
    [[], []],
  ])('%j → %j', (words, joined) => expect(joinPhrases(words, synonyms)).toEqual(joined));
});

describe('suggestTopics: the nearest categories, never none', () => {
  const categories = [
    'Implants',
    'Endodontics',
    'Periodontics',
    'Orthodontics',
    'Pediatric Dentistry',
    'Infection Control',
  ].map((name) => ({ name }));
  const synonyms = mergeSynonyms(
    [...shipped, ...thesaurusEntries([{ terms: ['kids', 'pediatric'], source: 'MeSH' }])],
    [],
  );
  it.each([
    [['implantology'], ['Implants']],
    [['orthodontia'], ['Orthodontics']],
    [['kids', 'xyz'], ['Pediatric Dentistry']],
    [['perio'], ['Periodontics']],
    [
      ['endodontic', 'periodontal'],
      ['Periodontics', 'Endodontics'],
    ], // periodontal and its 'perio'
    [['xyzzy'], ['Implants', 'Endodontics', 'Periodontics', 'Orthodontics']],
  ])('%j → %j', (words, names) => {
    expect(suggestTopics(words, synonyms, categories).map((c) => c.name)).toEqual(names);
  });
});
