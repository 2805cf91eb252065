import { describe, expect, it } from 'vitest';
import { chooseFilter, filterQuery, isFiltered, listFilter, listFilterKey } from './filter.rules.ts';

describe('listFilter', () => {
  it.each([
    [{}, { categoryId: null, companyId: null, words: [] }],
    [
      { cid: ' c1 ', coid: '' },
      { categoryId: 'c1', companyId: null, words: [] },
    ],
    [{ coid: 'k9' }, { categoryId: null, companyId: 'k9', words: [] }],
    [{ q: 'ab' }, { categoryId: null, companyId: null, words: [] }],
    [{ q: '3M' }, { categoryId: null, companyId: null, words: ['3m'] }],
    [
      { q: '"Implants" and the crowns' },
      { categoryId: null, companyId: null, words: ['implants', 'crowns'] },
    ],
    [{ q: 'crowns crowns' }, { categoryId: null, companyId: null, words: ['crowns'] }],
    [{ q: 'the and for' }, { categoryId: null, companyId: null, words: [] }],
    [{ q: 'x'.repeat(40) }, { categoryId: null, companyId: null, words: ['x'.repeat(30)] }],
  ])('%j → %j', (params, expected) => {
    expect(listFilter(params)).toEqual(expected);
  });

  it('gives equal searches one key and different searches different keys', () => {
    expect(listFilterKey(listFilter({ q: '"Crowns"' }))).toBe(listFilterKey(listFilter({ q: 'crowns' })));
    expect(listFilterKey(listFilter({ q: 'crowns' }))).not.toBe(listFilterKey(listFilter({ cid: 'crowns' })));
  });
});

describe('isFiltered', () => {
  it.each([
    [{}, false],
    [{ q: 'ab' }, false],
    [{ q: '3m' }, true],
    [{ cid: 'c1' }, true],
    [{ coid: ' ' }, false],
  ])('%j → %s', (params, expected) => expect(isFiltered(params)).toBe(expected));
});

describe('chooseFilter: one choice clears the others (01 §5)', () => {
  it.each([
    ['category', 'c1', { cid: 'c1', coid: null, q: null }],
    ['company', 'k1', { cid: null, coid: 'k1', q: null }],
    ['keyword', '"implants"', { cid: null, coid: null, q: 'implants' }],
    ['keyword', 'ab', { cid: null, coid: null, q: null }],
    ['category', '', { cid: null, coid: null, q: null }],
  ] as const)('%s %j → %j', (kind, value, expected) => {
    expect(chooseFilter(kind, value)).toEqual(expected);
  });
});

describe('filterQuery', () => {
  it.each([
    [{}, ''],
    [{ cid: 'c1' }, '?cid=c1'],
    [{ cid: 'c1', coid: 'k1', q: 'root canal' }, '?cid=c1&coid=k1&q=root%20canal'],
    [{ q: 'a&b=c' }, '?q=a%26b%3Dc'],
    [{ cid: null, coid: '', q: '  ' }, ''],
  ])('%j → %s', (params, expected) => expect(filterQuery(params)).toBe(expected));
});
