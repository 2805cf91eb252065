import { describe, expect, it } from 'vitest';
import { extensionOf, sniffFileType } from './file-types.ts';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const zeros = (n: number) => Array.from({ length: n }, () => 0);

/*
 * The heads below are the first bytes of real files: file-type reads past the magic number (a
 * PNG's chunks, an Ogg page's codec, a WebM's EBML DocType), so a signature alone is no file.
 */
const PNG_HEAD = bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', zeros(17), [0, 0, 0, 0], 'IDAT');
const EBML = (docType: string) =>
  bytes(
    [0x1a, 0x45, 0xdf, 0xa3, 0x80 | (docType.length + 7), 0x42, 0x82, 0x80 | docType.length],
    docType,
    [0x42, 0x87, 0x81, 0x04],
  );

describe('sniffFileType', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['PNG', PNG_HEAD, 'image/png'],
    [
      'an animated PNG (a PNG to every browser)',
      bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', zeros(17), [0, 0, 0, 8], 'acTL', zeros(12)),
      'image/png',
    ],
    ['GIF', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7'), 'application/pdf'],
    ['MP3 with ID3', bytes('ID3', [4, 0, 0, 0, 0, 0, 0], [0xff, 0xfb, 0x90, 0x64], zeros(64)), 'audio/mpeg'],
    ['MP3 frame', bytes([0xff, 0xfb, 0x90, 0x64]), 'audio/mpeg'],
    ['MPEG layer II', bytes([0xff, 0xfd, 0x90, 0x64], zeros(64)), 'audio/mpeg'],
    ['WAV', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    ['Ogg Vorbis', bytes('OggS', zeros(24), [0x01], 'vorbis', zeros(16)), 'audio/ogg'],
    ['Ogg Opus', bytes('OggS', zeros(24), 'OpusHead', zeros(16)), 'audio/ogg'],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A '), 'audio/mp4'],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom'), 'video/mp4'],
    ['M4V', bytes([0, 0, 0, 0x20], 'ftypM4V '), 'video/mp4'],
    ['MOV', bytes([0, 0, 0, 0x14], 'ftypqt  '), 'video/quicktime'],
    ['WebM', EBML('webm'), 'video/webm'],
  ])('knows %s', async (_name, head, contentType) => {
    expect((await sniffFileType(head))?.contentType).toBe(contentType);
  });

  it.each([
    ['text', bytes('hello world')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['HTML', bytes('<!doctype html>')],
    ['an executable', bytes('MZ', [0x90, 0])],
    ['nothing', bytes()],
    // Types file-type knows that we take nowhere.
    ['a HEIC photo (no browser shows it)', bytes([0, 0, 0, 0x18], 'ftypheic')],
    ['Matroska', EBML('matroska')],
    ['ZIP', bytes('PK', [3, 4], zeros(26))],
    // A PNG signature before bytes that are no chunks: not a PNG.
    [
      'a PNG signature alone',
      bytes(
        [0x89],
        'PNG\r\n\x1a\n',
        Array.from({ length: 64 }, () => 7),
      ),
    ],
  ])('refuses %s', async (_name, head) => {
    expect(await sniffFileType(head)).toBeNull();
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
