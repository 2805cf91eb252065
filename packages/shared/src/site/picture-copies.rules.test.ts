import { describe, expect, it } from 'vitest';
import { largePicture, pictureAt, pictureSrcSet } from './picture-copies.rules.ts';

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

describe('pictureSrcSet', () => {
  it("lists a stored picture's copies by width", () => {
    expect(pictureSrcSet('/media/uploads/2026/11/x.jpg')).toBe(
      '/media/_w/320/uploads/2026/11/x.jpg 320w, /media/_w/640/uploads/2026/11/x.jpg 640w, ' +
        '/media/_w/1280/uploads/2026/11/x.jpg 1280w',
    );
  });

  it('encodes the spaces and commas that would split a candidate', () => {
    expect(pictureSrcSet('/media/old files/a, b.png')?.split(', ')[0]).toBe(
      '/media/_w/320/old%20files/a%2C%20b.png 320w',
    );
  });

  it('is null for pictures the server makes no copies of', () => {
    for (const url of [
      'https://cdn.example.com/a.jpg',
      '/media/demo/a.svg',
      '/media/_w/640/demo/a.webp',
      '',
    ]) {
      expect(pictureSrcSet(url)).toBeNull();
    }
  });
});

describe('largePicture', () => {
  it('shows a stored picture by its 640 copy and its srcset, any other address as it is', () => {
    const url = '/media/uploads/2026/11/x.jpg';
    expect(largePicture(url)).toEqual({ src: pictureAt(url, 640), srcSet: pictureSrcSet(url) });
    expect(largePicture('https://cdn.example.com/a.jpg')).toEqual({
      src: 'https://cdn.example.com/a.jpg',
      srcSet: null,
    });
  });
});
