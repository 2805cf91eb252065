import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PdfWriter, type TPdfColumn } from './pdf.ts';

const COLUMNS: readonly TPdfColumn[] = [
  { title: 'Day', x: 0, width: 80 },
  { title: 'Course', x: 90, width: 200 },
];

async function tablePdf(rows: string[][], keepBelow?: number): Promise<string> {
  const pdf = new PdfWriter({ title: 'Table' });
  pdf.table(pdf.root, COLUMNS, rows, { size: 9, rowGap: 4, keepBelow });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-table-')), 'table.pdf');
  writeFileSync(file, await pdf.finish());
  return file;
}

const pages = (file: string): string[] =>
  execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);

describe('PdfWriter.table', () => {
  it('breaks pages as the table grows and starts each page with the header row', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`Day ${i}`, `Course number ${i}`]);
    const text = pages(await tablePdf(rows));
    expect(text.length).toBeGreaterThan(1);
    for (const page of text) expect(page.trimStart().startsWith('Day Course')).toBe(true);
    const drawn = text.join('\n').match(/Course number \d+/g);
    expect(drawn).toEqual(rows.map((r) => r[1]));
  });

  it('leaves the room asked for below the rows, so fewer rows fit on a page', async () => {
    const rows = Array.from({ length: 90 }, (_, i) => [`Day ${i}`, `Course number ${i}`]);
    const rowsOnFirstPage = (file: string) => pages(file)[0]!.match(/Course number \d+/g)!.length;
    const plain = rowsOnFirstPage(await tablePdf(rows));
    const kept = rowsOnFirstPage(await tablePdf(rows, 100));
    expect(kept).toBeLessThan(plain);
  });

  it('tags the header cells TH and the body cells TD', async () => {
    const file = await tablePdf([['Monday', 'Radiography']]);
    const structure = execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], {
      encoding: 'latin1',
    });
    expect(structure.match(/\/S \/TH/g)).toHaveLength(2);
    expect(structure.match(/\/S \/TD/g)).toHaveLength(2);
    expect(structure).toMatch(/\/S \/Table/);
  });
});
