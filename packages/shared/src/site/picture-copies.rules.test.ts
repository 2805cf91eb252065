import { describe, expect, it } from 'vitest';
import { pictureAt } from './picture-copies.rules.ts';

describe('pictureAt', () => {
  it("gives a stored picture's copy at a width", () => {
    expect(pictureAt('/media/demo/images/classes/a.webp', 320)).toBe(
      '/media/_w/320/demo/images/classes/a.webp',
    );
    expect(pictureAt('/media/uploads/2026/11/x.JPG', 640)).toBe('/media/_w/640/uploads/2026/11/x.JPG');
  });

  it('leaves other addresses, vector pictures and copies as they are', () => {
    for (const url of [
      'https://cdn.example.com/a.jpg',
      '/favicon.svg',
      '/media/demo/images/classes/a.svg',
      '/media/_w/320/demo/a.webp',
      '/media/demo/pdf/a.pdf',
      '',
    ]) {
      expect(pictureAt(url, 320)).toBe(url);
    }
  });
});
