// The one call lib/pdf.ts makes of fontkit (the font engine pdfkit itself uses); it ships no types.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
