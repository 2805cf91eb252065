import sharp from 'sharp';
import { PdfWriter } from '../../lib/pdf.ts';

/*
 * Demo media made on the spot, so that a fresh install has pictures, playable audio and
 * downloadable PDFs without fetching anything from the network (03 §11).
 */

export type TImageKind = 'photo' | 'portrait' | 'logo' | 'banner';

const SIZES: Record<TImageKind, { width: number; height: number }> = {
  photo: { width: 640, height: 360 },
  portrait: { width: 400, height: 400 },
  logo: { width: 400, height: 160 },
  banner: { width: 320, height: 100 },
};

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

// Words that make poor initials ("The Art of …" → "AO" rather than "TA").
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'dr.',
  'dr',
]);

export function initials(title: string, max = 2): string {
  const words = title.split(/[\s\-–—:,/]+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  const significant = words.filter((w) => !SMALL_WORDS.has(w.toLowerCase()));
  // A short code-like first word ('3M', 'AGD') reads better whole than as one letter.
  const first = words[0];
  if (first && /^[A-Z0-9]{2,3}$/.test(first)) return first;
  const picked = (significant.length > 0 ? significant : words).slice(0, max);
  return picked.map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

/** Greedy word wrap by character count: good enough for a known sans-serif at a fixed size. */
export function wrapWords(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length <= maxChars || !current) {
      current = next;
    } else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:]+$/, '')}…`;
  return kept;
}

function textLines(
  lines: string[],
  x: number,
  firstY: number,
  size: number,
  lineHeight: number,
  anchor: string,
): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${firstY + i * lineHeight}" font-size="${size}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join('');
}

/**
 * A small decorative SVG: a diagonal gradient in the given hue, two soft circles, and the
 * initials or title. `width` only applies to banners (mobile banner sets need 4 widths of
 * the same picture); their height keeps the 320×100 proportion.
 */
export function svgImage(title: string, hue: number, kind: TImageKind, width?: number): string {
  const base = SIZES[kind];
  const w = kind === 'banner' && width ? Math.round(width) : base.width;
  const h = kind === 'banner' && width ? Math.round((width * base.height) / base.width) : base.height;
  const h1 = ((Math.round(hue) % 360) + 360) % 360;
  const h2 = (h1 + 35) % 360;
  const font = `font-family="Helvetica, Arial, sans-serif" fill="#ffffff"`;

  let content: string;
  switch (kind) {
    case 'portrait': {
      const r = w * 0.3;
      content =
        `<circle cx="${w / 2}" cy="${h / 2}" r="${r}" fill="#ffffff" fill-opacity="0.18"/>` +
        `<g ${font} font-weight="700">${textLines([initials(title)], w / 2, h / 2 + r * 0.33, Math.round(r * 0.9), 0, 'middle')}</g>`;
      break;
    }
    case 'logo': {
      const mark = Math.round(h * 0.55);
      const name = wrapWords(title, 18, 2);
      content =
        `<rect x="${h * 0.22}" y="${(h - mark) / 2}" width="${mark}" height="${mark}" rx="${mark * 0.22}" fill="#ffffff" fill-opacity="0.22"/>` +
        `<g ${font} font-weight="700">` +
        textLines(
          [initials(title)],
          h * 0.22 + mark / 2,
          h / 2 + mark * 0.17,
          Math.round(mark * 0.45),
          0,
          'middle',
        ) +
        textLines(name, h * 0.22 + mark + 20, h / 2 + 10 - (name.length - 1) * 15, 26, 30, 'start') +
        `</g>`;
      break;
    }
    case 'banner': {
      const size = Math.round(h * 0.26);
      const lines = wrapWords(title, Math.max(12, Math.floor(w / (size * 0.55))), 2);
      content = `<g ${font} font-weight="700">${textLines(lines, w / 2, h / 2 + size * 0.35 - ((lines.length - 1) * size * 1.15) / 2, size, Math.round(size * 1.15), 'middle')}</g>`;
      break;
    }
    case 'photo': {
      // A cover is a picture, not a title (issue 22, item 10, decision 1030): the page prints the
      // title beside it, and a title baked in at 34 px could not be read in a row's thumbnail.
      // A large monogram stays legible at any size.
      const size = 150;
      content =
        `<circle cx="${w / 2}" cy="${h / 2}" r="${h * 0.34}" fill="#ffffff" fill-opacity="0.14"/>` +
        `<g ${font} font-weight="700" fill-opacity="0.92">${textLines([initials(title)], w / 2, h / 2 + size * 0.35, size, 0, 'middle')}</g>`;
      break;
    }
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(title)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${h1},62%,52%)"/><stop offset="1" stop-color="hsl(${h2},58%,30%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w * 0.85}" cy="${h * 0.1}" r="${Math.max(w, h) * 0.35}" fill="#ffffff" fill-opacity="0.07"/>` +
    `<circle cx="${w * 0.08}" cy="${h * 0.95}" r="${Math.max(w, h) * 0.25}" fill="#ffffff" fill-opacity="0.06"/>` +
    content +
    `</svg>`
  );
}

/**
 * The picture as a WebP file, as an uploaded photo would be. A browser draws an SVG image as a
 * document of its own, laid out and painted on the page's main thread: a list's dozen demo
 * covers held it longer than the app's start (decision 0813). The fastest encoding effort keeps
 * the seed quick; the files stay small (about 14 KB for a cover).
 */
export function webpImage(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 80, effort: 0 }).toBuffer();
}

/** WAV parameters: telephone quality keeps a 25-second file near 200 KB. */
export const WAV_SAMPLE_RATE = 8000;
const WAV_HEADER_BYTES = 44;

/**
 * A mono 8 kHz 8-bit PCM WAV: a soft tone (root and fifth, slow swell) with a fade in and out,
 * so the podcast player has something real to play, seek and time.
 */
export function wavTone(seconds: number, frequencyHz: number): Uint8Array {
  const samples = Math.max(1, Math.round(seconds * WAV_SAMPLE_RATE));
  const bytes = new Uint8Array(WAV_HEADER_BYTES + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, WAV_SAMPLE_RATE, true);
  view.setUint32(28, WAV_SAMPLE_RATE, true); // byte rate = rate × 1 channel × 1 byte
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, samples, true);

  const fade = Math.min(samples / 2, 1.5 * WAV_SAMPLE_RATE);
  for (let i = 0; i < samples; i++) {
    const t = i / WAV_SAMPLE_RATE;
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    const swell = 0.75 + 0.25 * Math.sin(2 * Math.PI * 0.25 * t);
    const wave =
      0.7 * Math.sin(2 * Math.PI * frequencyHz * t) + 0.3 * Math.sin(2 * Math.PI * frequencyHz * 1.5 * t);
    // 8-bit WAV samples are unsigned with silence at 128; stay well below full scale.
    bytes[WAV_HEADER_BYTES + i] = Math.round(128 + 127 * 0.4 * envelope * swell * wave);
  }
  return bytes;
}

/** The playing time of a WAV made by wavTone, in whole seconds. */
export function wavDurationSec(wav: Uint8Array): number {
  return Math.round((wav.length - WAV_HEADER_BYTES) / WAV_SAMPLE_RATE);
}

/** A simple US Letter document: a title, then the lines as wrapped paragraphs, paged as needed. */
export async function pdfDocument(title: string, lines: string[]): Promise<Uint8Array> {
  const pdf = new PdfWriter({ title, producer: 'OpenCE demo content' }, { margin: 64 });
  pdf.text(pdf.root, 'H1', title, { size: 22, bold: true, gap: 6 });
  pdf.rule({ color: '#3373b3', width: 1, after: 10 });
  for (const line of lines) pdf.text(pdf.root, 'P', line, { size: 11, gap: 8 });
  return pdf.finish();
}
