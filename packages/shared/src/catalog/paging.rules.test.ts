import { describe, expect, it } from 'vitest';
import { clampPage, hasPagination, pageCount, pageFromPath, pageWindow } from './paging.rules.ts';

describe('pageFromPath', () => {
  it.each([
    [undefined, 1],
    [null, 1],
    ['', 1],
    ['abc', 1],
    ['0', 1],
    ['-3', 1],
    ['1', 1],
    ['2', 2],
    ['7x', 7],
    ['12', 12],
  ])('%j → %i', (input, expected) => expect(pageFromPath(input)).toBe(expected));
});

describe('pageCount and hasPagination', () => {
  it.each([
    [0, 10, 0, false],
    [1, 10, 1, false],
    [10, 10, 1, false],
    [11, 10, 2, true],
    [35, 10, 4, true],
    [5, 0, 0, false],
  ])('%i rows of %i → %i pages', (rows, size, pages, paged) => {
    expect(pageCount(rows, size)).toBe(pages);
    expect(hasPagination(rows, size)).toBe(paged);
  });
});

describe('clampPage', () => {
  it('clamps beyond the last page to the last page', () => expect(clampPage(9, 35, 10)).toBe(4));
  it('keeps a page in range', () => expect(clampPage(2, 35, 10)).toBe(2));
  it('raises 0 to 1', () => expect(clampPage(0, 35, 10)).toBe(1));
  it('gives page 1 when there are no rows', () => expect(clampPage(3, 0, 10)).toBe(1));
});

describe('pageWindow', () => {
  it('is 0-based with offset and limit', () => {
    expect(pageWindow(1, 35, 10)).toEqual({ page: 1, offset: 10, limit: 10 });
  });
  it('clamps a page beyond the end to the last page', () => {
    expect(pageWindow(200, 35, 10)).toEqual({ page: 3, offset: 30, limit: 10 });
  });
  it('clamps a negative page to the first', () => {
    expect(pageWindow(-1, 35, 10)).toEqual({ page: 0, offset: 0, limit: 10 });
  });
});
