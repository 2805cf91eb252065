import { describe, expect, it } from 'vitest';
import { bannerImageFor, interleaveAds } from './ads.rules.ts';

const kinds = (slots: { kind: string }[]) => slots.map((s) => (s.kind === 'ad' ? 'A' : 'r')).join('');

describe('interleaveAds', () => {
  const rows = [1, 2, 3, 4, 5, 6, 7];
  it('puts the first ad at indexStart and the next every interval rows', () => {
    expect(kinds(interleaveAds(rows, ['a', 'b'], { indexStart: 2, interval: 3 }))).toBe('rrArrrArr');
  });
  it('uses each banner once', () => {
    expect(kinds(interleaveAds(rows, ['a'], { indexStart: 0, interval: 2 }))).toBe('Arrrrrrr');
  });
  it('drops ads beyond the end of the list and allows one right after the last row', () => {
    expect(kinds(interleaveAds([1, 2], ['a', 'b', 'c'], { indexStart: 1, interval: 1 }))).toBe('rArA');
  });
  it('shows no ads without placement or banners', () => {
    expect(kinds(interleaveAds(rows, ['a'], null))).toBe('rrrrrrr');
    expect(kinds(interleaveAds(rows, [], { indexStart: 1, interval: 1 }))).toBe('rrrrrrr');
  });
  it('treats an interval below 1 as 1', () => {
    expect(kinds(interleaveAds([1, 2], ['a', 'b'], { indexStart: 0, interval: 0 }))).toBe('ArAr');
  });
});

describe('bannerImageFor', () => {
  it('shows the single image whatever the width', () => expect(bannerImageFor(['x'], 1200)).toBe('x'));
  it('picks one of four by width', () => {
    const urls = ['xs', 'sm', 'md', 'lg'];
    expect(bannerImageFor(urls, 360)).toBe('xs');
    expect(bannerImageFor(urls, 600)).toBe('sm');
    expect(bannerImageFor(urls, 800)).toBe('md');
    expect(bannerImageFor(urls, 1280)).toBe('lg');
  });
  it('gives nothing for no images', () => expect(bannerImageFor([], 360)).toBeUndefined());
});
