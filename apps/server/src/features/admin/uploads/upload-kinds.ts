import type { TUploadKind } from '@opence/shared/schemas';
import { FILE_TYPES } from '../../../lib/uploads/file-types.ts';
import type { TUploadRule } from '../../../lib/uploads/uploads.ts';

/*
 * What each kind of staff upload takes (03 §10, docs/decisions/0704): its file types and its
 * largest size. SVG is not among the images: it is a document that can carry script, served from
 * our own origin; only the signature takes one, drawn again as a PNG (signature.ts).
 */

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

const { jpeg, png, gif, webp, pdf, mp3, m4a, wav, ogg, mp4, webm, mov } = FILE_TYPES;
type TStoredKind = Exclude<TUploadKind, 'signature'>;
const KIND_TYPES: Record<TStoredKind, TUploadRule['types']> = {
  image: [jpeg, png, gif, webp],
  pdf: [pdf],
  audio: [mp3, m4a, wav, ogg],
  video: [mp4, webm, mov],
};

/** The upload rule of a kind; the signature's bytes are checked by its own reader. */
export function uploadRule(kind: TUploadKind): TUploadRule {
  if (kind === 'signature') return { takes: KIND_NAMES.signature, maxBytes: UPLOAD_LIMITS.signature };
  return {
    takes: KIND_NAMES[kind],
    maxBytes: UPLOAD_LIMITS[kind],
    types: KIND_TYPES[kind],
    nameMustMatch: true,
  };
}

/** Every kind but the signature: what a field that names no kind takes. */
export const ANY_KIND_RULES = (Object.keys(KIND_TYPES) as TStoredKind[]).map(uploadRule);
