import { describe, expect, it } from 'vitest';
import { joinPhrases, listFilter, mergeSynonyms, wordTerms } from '@opence/shared';
import data from './dental-thesaurus.json' with { type: 'json' };
import { SHIPPED_THESAURUS } from './thesaurus.ts';

/* The shipped dental thesaurus (issue 41, docs/decisions/1146): its data and what it expands. */

const synonyms = mergeSynonyms(SHIPPED_THESAURUS, []);
/** The phrases a query's words are looked up with: the search text rules, joining, the thesaurus. */
const expand = (q: string) =>
  joinPhrases(listFilter({ cid: null, coid: null, q }).words, synonyms).map((w) =>
    wordTerms(w, synonyms).phrases.map((p) => p.join(' ')),
  );

describe('dental-thesaurus.json', () => {
  it('names a source for every family', () => {
    for (const group of data.groups) expect(group.source.length, group.terms.join()).toBeGreaterThan(10);
  });

  it('has the families of the issue', () => {
    expect(data.groups.length).toBeGreaterThanOrEqual(30);
  });
});

describe('thesaurus expansion', () => {
  it.each<[string, string[]]>([
    ['cbct', ['cone beam']],
    ['cone beam', ['cbct']],
    ['kids', ['pediatric', 'paediatric', 'child']],
    ['paediatric', ['pediatric', 'kids']],
    ['periodontics', ['perio', 'periodontal']],
    ['gum disease', ['periodontitis', 'gingivitis']],
    ['endo', ['root canal', 'root canal therapy']],
    ['endodontic', ['endo', 'root canal']],
    ['root canal', ['endodontic']],
    ['srp', ['scaling and root planing']],
    ['scaling and root planing', ['srp']],
    ['cdt', ['current dental terminology', 'coding']],
    ['rdh', ['dental hygienist']],
    ['sdf', ['silver diamine fluoride']],
    ['tmj', ['tmd', 'temporomandibular']],
    ['osa', ['sleep apnea']],
    ['sleep apnea', ['osa']],
    ['braces', ['orthodontic']],
    ['aligners', ['clear aligner']],
    ['dry mouth', ['xerostomia']],
    ['cavities', ['caries']],
    ['numbing', ['local anesthesia', 'anaesthesia']],
    ['implants', ['dental implant']],
  ])('%j also finds %j', (query, some) => {
    const phrases = expand(query);
    expect(phrases).toHaveLength(1);
    for (const p of some) expect(phrases[0]).toContain(p);
  });

  it('joins the words of a phrase and leaves the others', () => {
    expect(expand('dry mouth kids').map((p) => p[0])).toEqual(['dry mouth', 'kids']);
  });
});
