import type { PDFFont } from 'pdf-lib';

/*
 * Text helpers for PDFs drawn with pdf-lib's standard fonts (certificates, transcripts).
 */

// The standard PDF fonts only know WinAnsi; these are its characters above Latin-1.
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);

/** The text with every character a standard font cannot draw replaced ('?'), tabs as spaces. */
export function toWinAnsi(text: string): string {
  return [...text]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if (ch === '\t' || ch === '\n') return ' ';
      if ((code >= 32 && code <= 126) || (code >= 160 && code <= 255) || WIN_ANSI_EXTRA.has(ch)) return ch;
      return code < 32 ? '' : '?';
    })
    .join('');
}

/** Splits text into lines no wider than maxWidth at the given font and size. */
export function wrapToWidth(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = current ? `${current} ${word}` : word;
    if (!current || font.widthOfTextAtSize(next, size) <= maxWidth) {
      current = next;
    } else {
      lines.push(current);
      current = word;
    }
  }
  lines.push(current);
  return lines;
}
