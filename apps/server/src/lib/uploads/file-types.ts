import { fileTypeFromBuffer } from 'file-type';

/*
 * What an uploaded file really is, read from its content by `file-type` (issue 38, decision
 * 0015), not from the name or the Content-Type the browser claims. Only the types below are
 * known: anything else, SVG and HTML among them (text that can carry script), is no type at all.
 */

export type TFileType = { contentType: string; extensions: readonly string[] };

/** The types the site takes somewhere, by the content type it stores and serves them with. */
export const FILE_TYPES = {
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  gif: { contentType: 'image/gif', extensions: ['gif'] },
  webp: { contentType: 'image/webp', extensions: ['webp'] },
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  mp3: { contentType: 'audio/mpeg', extensions: ['mp3'] },
  wav: { contentType: 'audio/wav', extensions: ['wav'] },
  ogg: { contentType: 'audio/ogg', extensions: ['ogg', 'oga'] },
  m4a: { contentType: 'audio/mp4', extensions: ['m4a'] },
  mov: { contentType: 'video/quicktime', extensions: ['mov'] },
  mp4: { contentType: 'video/mp4', extensions: ['mp4', 'm4v'] },
  webm: { contentType: 'video/webm', extensions: ['webm'] },
} as const satisfies Record<string, TFileType>;

/**
 * file-type's answer (its extension) → ours. It tells apart what we take as one: an animated
 * PNG is a PNG, Opus, FLAC and Speex in Ogg are Ogg audio, an MPEG layer I or II stream is MPEG
 * audio, an M4V is an MP4.
 */
const FROM_FILE_TYPE: Record<string, TFileType> = {
  jpg: FILE_TYPES.jpeg,
  png: FILE_TYPES.png,
  apng: FILE_TYPES.png,
  gif: FILE_TYPES.gif,
  webp: FILE_TYPES.webp,
  pdf: FILE_TYPES.pdf,
  mp3: FILE_TYPES.mp3,
  mp2: FILE_TYPES.mp3,
  mp1: FILE_TYPES.mp3,
  wav: FILE_TYPES.wav,
  ogg: FILE_TYPES.ogg,
  oga: FILE_TYPES.ogg,
  opus: FILE_TYPES.ogg,
  spx: FILE_TYPES.ogg,
  m4a: FILE_TYPES.m4a,
  mov: FILE_TYPES.mov,
  mp4: FILE_TYPES.mp4,
  m4v: FILE_TYPES.mp4,
  webm: FILE_TYPES.webm,
};

/** How many leading bytes file-type reads to tell most types ('reasonableDetectionSizeInBytes', untyped). */
export const SNIFF_BYTES = 4100;

/** The type the content shows, or null when it is none of ours (or too short to tell). */
export async function sniffFileType(content: Uint8Array): Promise<TFileType | null> {
  const found = await fileTypeFromBuffer(content);
  return (found && FROM_FILE_TYPE[found.ext]) ?? null;
}

/** The lower-case extension of a file name, without the dot; '' when there is none. */
export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}
