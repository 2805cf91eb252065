import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/*
 * Every PDF the site makes (certificates, CE transcripts, audit packs, event posters) is written
 * here the same way (issue 35, docs/decisions/1046):
 * - One open font family, DejaVu Sans (npm dejavu-fonts-ttf), embedded as a subset: Latin with
 *   its extensions and Vietnamese, Greek, Cyrillic, also Hebrew and Arabic (pdfkit shapes them
 *   through fontkit). A character it has no glyph for is drawn as U+FFFD and the original text is
 *   kept as the run's ActualText, so a reader, a search or a copy still gets the name as written;
 *   nothing a member types can make a document fail.
 * - Tagged PDF (pdfkit): a structure tree (Document, H1, P, Table/TR/TH/TD, Figure with its
 *   alternative text), the document's language and title, and the title shown by viewers;
 *   decoration is marked as an artifact.
 */

export type TPdfDoc = PDFKit.PDFDocument;
export type TStruct = PDFKit.PDFStructureElement;

const require = createRequire(import.meta.url);
/** The one call made of fontkit (the font engine pdfkit itself uses), which ships no types. */
type Font = { hasGlyphForCodePoint(codePoint: number): boolean };
const { create: openFont } = require('fontkit') as { create(bytes: Uint8Array): Font };
type TFace = 'regular' | 'bold';
const FONT_FILES: Record<TFace, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

type TFontData = { bytes: Buffer; font: Font };
let loaded: Record<TFace, TFontData> | null = null;

/** The font files, read once per process (about 1.4 MB); each document embeds the glyphs it uses. */
function fonts(): Record<TFace, TFontData> {
  if (!loaded) {
    const read = (face: TFace) => {
      const bytes = readFileSync(require.resolve(FONT_FILES[face]));
      return { bytes, font: openFont(bytes) };
    };
    loaded = { regular: read('regular'), bold: read('bold') };
  }
  return loaded;
}

const REPLACEMENT = '\uFFFD';
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cc}]/u;
/** Right-to-left scripts: drawn in visual order, so the text as written is kept beside them. */
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/**
 * The text as the font can draw it: line breaks kept, tabs as spaces, invisible marks (zero-width
 * joiners, direction marks, variation selectors) left out, a character without a glyph as U+FFFD.
 * `actual` holds the text as written whenever what is drawn differs from it, or is drawn in
 * visual order (a right-to-left script).
 */
export function drawableText(
  text: string,
  face: TFace = 'regular',
): { shown: string; actual: string | null } {
  const written = text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  const { font } = fonts()[face];
  let shown = '';
  for (const ch of written) {
    if (ch === '\n') shown += ch;
    if (INVISIBLE.test(ch)) continue;
    shown += font.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : REPLACEMENT;
  }
  return { shown, actual: shown === written && !RIGHT_TO_LEFT.test(written) ? null : written };
}

export type TPdfMeta = { title: string; author?: string; subject?: string; producer?: string };

export const PAGE = { width: 612, height: 792 } as const;

/** The colours every PDF of the site is written in (each contrasts with white at WCAG AA). */
export const PDF_COLORS = { text: '#1a2130', muted: '#515f70', accent: '#0a5494' } as const;

/** A table's column: its header, its x offset from the margin and its width, in points. */
export type TPdfColumn = { readonly title: string; readonly x: number; readonly width: number };

export type TRuleStyle = { color: string; width?: number; before?: number; after?: number };

export type TPdfTableStyle = {
  /** The font size of every cell. */
  size: number;
  /** Space below each row. */
  rowGap: number;
  /** Room a body row leaves free above the bottom margin, for what follows the table on its page. */
  keepBelow?: number;
  /** A rule under the header row. */
  headerRule?: TRuleStyle;
};

export type TTextStyle = {
  size?: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Column width; the page's text width by default. */
  width?: number;
  x?: number;
  /** Space after the block, in points. */
  gap?: number;
};

/**
 * A tagged, single-font PDF being written top-down. Text goes in through `text`, which tags
 * it, measures it and keeps the cursor; pages are added when a block would not fit.
 */
export class PdfWriter {
  readonly doc: TPdfDoc;
  readonly root: TStruct;
  readonly margin: number;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(meta: TPdfMeta, options: { margin?: number } = {}) {
    this.margin = options.margin ?? 48;
    const f = fonts();
    this.doc = new PDFDocument({
      size: 'LETTER',
      margin: this.margin,
      pdfVersion: '1.7',
      tagged: true,
      lang: 'en-US',
      displayTitle: true,
      // The default font is ours from the start: no standard font is ever referenced.
      font: f.regular.bytes as unknown as string,
      info: {
        Title: meta.title,
        Author: meta.author ?? '',
        Subject: meta.subject ?? '',
        Producer: meta.producer ?? 'OpenCE',
        Creator: meta.producer ?? 'OpenCE',
      },
    });
    this.doc.registerFont('regular', f.regular.bytes);
    this.doc.registerFont('bold', f.bold.bytes);
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.root = this.doc.struct('Document');
    this.doc.addStructure(this.root);
  }

  get y(): number {
    return this.doc.y;
  }
  set y(value: number) {
    this.doc.y = value;
  }
  get textWidth(): number {
    return PAGE.width - 2 * this.margin;
  }
  get bottom(): number {
    return PAGE.height - this.margin;
  }

  private style(style: TTextStyle) {
    this.doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size ?? 10)
      .fillColor(style.color ?? PDF_COLORS.text);
  }

  /** The height a text takes in a style, as `text` would draw it. */
  heightOf(text: string, style: TTextStyle = {}): number {
    this.style(style);
    const { shown } = drawableText(text, style.bold ? 'bold' : 'regular');
    return this.doc.heightOfString(shown || ' ', { width: style.width ?? this.textWidth });
  }

  widthOf(text: string, style: TTextStyle = {}): number {
    this.style(style);
    return this.doc.widthOfString(drawableText(text, style.bold ? 'bold' : 'regular').shown);
  }

  /** Starts a new page when `height` would not fit above the bottom margin. */
  ensure(height: number): void {
    if (this.doc.y + height > this.bottom) this.newPage();
  }

  newPage(): void {
    this.doc.addPage();
    this.doc.y = this.margin;
  }

  /** Draws text at (x, y) without moving the cursor: a table cell or a line of the foot. */
  textAt(parent: TStruct, role: string, text: string, x: number, y: number, style: TTextStyle = {}): number {
    const keep = this.doc.y;
    const height = this.draw(parent, role, text, x, y, style);
    this.doc.y = keep;
    return height;
  }

  /** A block of text at the cursor in its own structure element; the cursor moves below it. */
  text(parent: TStruct, role: string, text: string, style: TTextStyle = {}): void {
    const height = this.heightOf(text, style);
    this.ensure(height);
    const top = this.doc.y;
    this.draw(parent, role, text, style.x ?? this.margin, top, style);
    this.doc.y = top + height + (style.gap ?? 0);
  }

  /** 'Label: value' as one paragraph, the label in bold. */
  fact(parent: TStruct, label: string, value: string, style: TTextStyle = {}): void {
    const size = style.size ?? 10;
    const x = style.x ?? this.margin;
    const width = style.width ?? this.textWidth;
    const labelWidth = this.widthOf(`${label}:`, { size, bold: true }) + size * 0.5;
    const height = Math.max(
      this.heightOf(value, { size, width: width - labelWidth }),
      this.heightOf(label, { size, bold: true }),
    );
    this.ensure(height);
    const top = this.doc.y;
    const paragraph = this.doc.struct('P');
    parent.add(paragraph);
    this.draw(paragraph, 'Span', `${label}:`, x, top, { size, bold: true, width: labelWidth + size });
    this.draw(
      paragraph,
      'Span',
      value,
      x + labelWidth,
      top,
      Object.assign({}, style, { size, width: width - labelWidth }),
    );
    paragraph.end();
    this.doc.y = top + height + (style.gap ?? 1);
  }

  /** A decoration (rule, frame): marked as an artifact, so it is not read out. */
  decorate(paint: (doc: TPdfDoc) => void): void {
    const keep = this.doc.y;
    this.doc.markContent('Artifact', { type: 'Layout' });
    paint(this.doc);
    this.doc.endMarkedContent();
    this.doc.y = keep;
  }

  /** A horizontal rule across the text column at the cursor (an artifact); the cursor moves past it. */
  rule(options: TRuleStyle): void {
    this.doc.y += options.before ?? 0;
    const y = this.doc.y;
    this.decorate((doc) =>
      doc
        .lineWidth(options.width ?? 0.75)
        .strokeColor(options.color)
        .moveTo(this.margin, y)
        .lineTo(this.margin + this.textWidth, y)
        .stroke(),
    );
    this.doc.y += options.after ?? 0;
  }

  /**
   * A table at the cursor (Table, TR, TH, TD): the header row, then a row per entry of `rows`,
   * each cell wrapped to its column. A row that would not fit starts a new page, which begins
   * with the header row again.
   */
  table(
    parent: TStruct,
    columns: readonly TPdfColumn[],
    rows: readonly (readonly string[])[],
    style: TPdfTableStyle,
  ): void {
    const table = this.doc.struct('Table');
    parent.add(table);
    const heightOf = (cells: readonly string[], bold: boolean) =>
      Math.max(
        ...cells.map((c, i) => this.heightOf(c, { size: style.size, bold, width: columns[i]!.width })),
      );
    const row = (cells: readonly string[], role: 'TH' | 'TD', bold: boolean) => {
      const height = heightOf(cells, bold);
      this.ensure(height);
      const tr = this.doc.struct('TR');
      table.add(tr);
      const top = this.y;
      cells.forEach((c, i) =>
        this.textAt(tr, role, c, this.margin + columns[i]!.x, top, {
          size: style.size,
          bold,
          width: columns[i]!.width,
        }),
      );
      tr.end();
      this.y = top + height + style.rowGap;
    };
    const header = () => {
      row(
        columns.map((c) => c.title),
        'TH',
        true,
      );
      if (style.headerRule) this.rule(style.headerRule);
    };
    header();
    for (const cells of rows) {
      if (this.y + heightOf(cells, false) > this.bottom - (style.keepBelow ?? 0)) {
        this.newPage();
        header();
      }
      row(cells, 'TD', false);
    }
    table.end();
  }

  /** A picture with its alternative text. */
  image(
    parent: TStruct,
    bytes: Buffer,
    alt: string,
    box: { x: number; y: number; width?: number; height?: number; fit?: [number, number] },
  ): void {
    const keep = this.doc.y;
    parent.add(
      this.doc.struct('Figure', { alt }, () => {
        const options: PDFKit.Mixins.ImageOption = box.fit
          ? { fit: box.fit }
          : { width: box.width, height: box.height };
        this.doc.image(bytes, box.x, box.y, options);
      }),
    );
    this.doc.y = keep;
  }

  /** Ends the structure and the document; its bytes. */
  async finish(): Promise<Uint8Array> {
    this.root.end();
    this.doc.end();
    return this.done;
  }

  private draw(parent: TStruct, role: string, text: string, x: number, y: number, style: TTextStyle): number {
    const face: TFace = style.bold ? 'bold' : 'regular';
    const { shown, actual } = drawableText(text, face);
    const width = style.width ?? this.textWidth;
    this.style(style);
    const height = this.doc.heightOfString(shown || ' ', { width });
    parent.add(
      this.doc.struct(role, {}, () => {
        if (actual) this.doc.markContent('Span', { actual });
        this.doc.text(shown, x, y, { width, align: style.align ?? 'left' });
        if (actual) this.doc.endMarkedContent();
      }),
    );
    return height;
  }
}
