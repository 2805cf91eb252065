import { describe, expect, it } from 'vitest';
import { extensionOf, sniffFileType } from './sniff.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffFileType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png'],
    ['GIF', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7'), 'application/pdf'],
    ['MP3 with ID3', bytes('ID3', [4, 0]), 'audio/mpeg'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['WAV', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['Ogg', bytes('OggS'), 'audio/ogg'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4'],
    ['MOV', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
  ])('knows %s', (_name, head, contentType) => {
    expect(sniffFileType(head)?.contentType).toBe(contentType);
  });

  it.each([
    ['text', bytes('hello world')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['HTML', bytes('<!doctype html>')],
    ['an executable', bytes('MZ', [0x90, 0])],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffFileType(head)).toBeNull();
  });
});

describe('extensionOf', () => {
  it.each([
    ['photo.JPG', 'jpg'],
    ['talk.final.mp3', 'mp3'],
    ['noextension', ''],
    ['trailing.', ''],
    ['weird.tar.gz ', 'gz'],
  ])('%s → %s', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});
