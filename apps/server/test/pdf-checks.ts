import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

/*
 * Every check an outside reader makes of one PDF the site serves (issue 35, decision 1046): it
 * starts as a PDF, qpdf finds it valid (where installed), pdffonts finds every font it uses
 * embedded and subset (DejaVu Sans, lib/pdf.ts), pdfinfo finds it tagged with a title, and its
 * language is set. Returns the text poppler reads from it.
 */

const hasQpdf = spawnSync('qpdf', ['--version']).status === 0;

export function checkPdfWithOutsideTools(bytes: Uint8Array, kind: string): string {
  const work = mkdtempSync(path.join(tmpdir(), 'pdf-checks-'));
  try {
    const file = path.join(work, 'checked.pdf');
    writeFileSync(file, bytes);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), kind).toBe('%PDF-');
    if (hasQpdf) {
      const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
      expect(check.status, `${kind}: ${check.stdout}${check.stderr}`).toBe(0);
    }
    // pdffonts: one row per font, in columns under its header; 'emb' and 'sub' say embedded, subset.
    const [header, , ...rows] = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trimEnd().split('\n');
    const column = (row: string, title: string) => row.slice(header!.indexOf(title)).split(/\s+/)[0];
    expect(rows.length, `${kind}: fonts`).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.split(/\s+/)[0], kind).toMatch(/^[A-Z]{6}\+DejaVuSans(-Bold)?$/);
      expect([column(row, 'emb'), column(row, 'sub')], `${kind}: ${row}`).toEqual(['yes', 'yes']);
    }
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info, kind).toMatch(/^Tagged:\s+yes$/m);
    expect(info, kind).toMatch(/^Title:\s+\S/m);
    expect(Buffer.from(bytes).toString('latin1'), kind).toContain('/Lang (en-US)');
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
