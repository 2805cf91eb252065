import type { TUploadKind } from '@opence/shared/schemas';

/*
 * What an uploaded file really is, read from its first bytes (magic numbers), not from the
 * name or the Content-Type the browser claims. SVG is not accepted: it is a document that can
 * carry script, served from our own origin.
 */

export type TFileType = { kind: TUploadKind; contentType: string; extensions: readonly string[] };

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** The ISO base media brand (bytes 8–11) when bytes 4–7 say 'ftyp'. */
const ftypBrand = (b: Uint8Array) =>
  ascii(b, 4, 'ftyp') && b.length >= 12 ? String.fromCharCode(b[8]!, b[9]!, b[10]!, b[11]!) : null;

const TYPES: readonly (TFileType & { test: (b: Uint8Array) => boolean })[] = [
  {
    kind: 'image',
    contentType: 'image/jpeg',
    extensions: ['jpg', 'jpeg'],
    test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    kind: 'image',
    contentType: 'image/png',
    extensions: ['png'],
    test: (b) => ascii(b, 1, 'PNG\r\n\x1a\n') && b[0] === 0x89,
  },
  {
    kind: 'image',
    contentType: 'image/gif',
    extensions: ['gif'],
    test: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'),
  },
  {
    kind: 'image',
    contentType: 'image/webp',
    extensions: ['webp'],
    test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'),
  },
  { kind: 'pdf', contentType: 'application/pdf', extensions: ['pdf'], test: (b) => ascii(b, 0, '%PDF-') },
  {
    kind: 'audio',
    contentType: 'audio/mpeg',
    extensions: ['mp3'],
    // An ID3 tag, or an MPEG audio frame sync (11 set bits) with a valid layer.
    test: (b) => ascii(b, 0, 'ID3') || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0 && (b[1]! & 0x06) !== 0),
  },
  {
    kind: 'audio',
    contentType: 'audio/wav',
    extensions: ['wav'],
    test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE'),
  },
  { kind: 'audio', contentType: 'audio/ogg', extensions: ['ogg', 'oga'], test: (b) => ascii(b, 0, 'OggS') },
  { kind: 'audio', contentType: 'audio/mp4', extensions: ['m4a'], test: (b) => ftypBrand(b) === 'M4A ' },
  {
    kind: 'video',
    contentType: 'video/quicktime',
    extensions: ['mov'],
    test: (b) => ftypBrand(b) === 'qt  ',
  },
  {
    kind: 'video',
    contentType: 'video/mp4',
    extensions: ['mp4', 'm4v'],
    test: (b) => {
      const brand = ftypBrand(b);
      return brand !== null && brand !== 'M4A ' && brand !== 'qt  ';
    },
  },
  {
    kind: 'video',
    contentType: 'video/webm',
    extensions: ['webm'],
    test: (b) => b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3,
  },
];

/** How many leading bytes sniffing needs. */
export const SNIFF_BYTES = 16;

/** The type the first bytes of a file show, or null when it is none we accept. */
export function sniffFileType(head: Uint8Array): TFileType | null {
  const found = TYPES.find((t) => t.test(head));
  return found ? { kind: found.kind, contentType: found.contentType, extensions: found.extensions } : null;
}

/** The lower-case extension of a file name, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

/** Largest upload per kind (docs/decisions/0704). */
export const UPLOAD_LIMITS: Record<TUploadKind, number> = {
  // The certificate's signature (decision 1043): a drawing, not a photo.
  signature: 512 * 1024,
  image: 5 * 1024 * 1024,
  pdf: 50 * 1024 * 1024,
  audio: 100 * 1024 * 1024,
  video: 250 * 1024 * 1024,
};

export const KIND_NAMES: Record<TUploadKind, string> = {
  signature: 'a signature image (PNG or SVG)',
  image: 'an image (JPEG, PNG, GIF or WebP)',
  pdf: 'a PDF',
  audio: 'audio (MP3, M4A, WAV or Ogg)',
  video: 'a video (MP4, WebM or MOV)',
};
