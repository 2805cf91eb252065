import sharp from 'sharp';
import { badRequest } from '../../../lib/api-errors.ts';
import { FILE_TYPES, sniffFileType } from '../../../lib/uploads/file-types.ts';

/*
 * The certificate's signature image (issue 35, docs/decisions/1043). Staff upload a PNG or an
 * SVG; neither is kept as sent. An SVG is refused when it holds anything but drawing (a DOCTYPE
 * or entity, script, event handlers, foreign content, references outside itself), then both are
 * drawn again by sharp (libvips) into a fresh PNG of at most 1200 × 400 pixels without metadata.
 * What is stored and printed is always that PNG: no uploaded bytes reach a certificate or a page.
 */

export const SIGNATURE_MAX_BYTES = 512 * 1024;
const MAX_INPUT_PIXELS = 4000 * 4000;
const OUTPUT = { width: 1200, height: 400 };

/** An SVG document (text, which no magic number tells) by its start: an XML declaration, a comment or the svg element, after a BOM or spaces. */
export function looksLikeSvg(head: Uint8Array): boolean {
  const start = Buffer.from(head.subarray(0, 512))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(start);
}

/** What an SVG signature may not hold: each would reach outside the drawing or run code somewhere. */
const SVG_REFUSED: readonly [RegExp, string][] = [
  [/<!DOCTYPE|<!ENTITY/i, 'a DOCTYPE or entity'],
  [/<script[\s>]/i, 'a script'],
  [/<foreignObject[\s>]/i, 'foreign content'],
  [/\son[a-z]+\s*=/i, 'an event handler'],
  [/(?:xlink:)?href\s*=\s*["'](?!#)/i, 'a link outside the drawing'],
  [/url\(\s*["']?(?!#)/i, 'a reference outside the drawing'],
  [/<(?:image|use|iframe|embed|object)\b[^>]*(?:href|src)\s*=\s*["'](?!#)/i, 'an outside resource'],
];

function checkSvg(bytes: Buffer): void {
  const text = bytes.toString('utf8');
  for (const [pattern, what] of SVG_REFUSED) {
    if (pattern.test(text))
      throw badRequest(`This SVG holds ${what}: upload a plain drawing of the signature.`, 'file');
  }
}

/** The stored signature: the upload drawn again as a PNG (refused when it is not a readable PNG or a plain SVG). */
export async function cleanSignature(bytes: Buffer): Promise<Buffer> {
  const svg = looksLikeSvg(bytes);
  if (!svg && (await sniffFileType(bytes)) !== FILE_TYPES.png)
    throw badRequest('The signature must be a PNG or an SVG file.', 'file');
  if (svg) checkSvg(bytes);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, density: svg ? 144 : undefined })
      .resize({ width: OUTPUT.width, height: OUTPUT.height, fit: 'inside', withoutEnlargement: !svg })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw badRequest('The signature image could not be read: upload it again as a PNG or SVG.', 'file');
  }
}
