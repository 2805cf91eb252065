import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvCell, csvHeaders, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['with, comma', '"with, comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', `"'\tcmd"`],
    ['a=b', 'a=b'],
    ['x;=1+1', '"x;=1+1"'],
    ['Smith; Jones', '"Smith; Jones"'],
    ['=1;2', `"'=1;2"`],
    ['\rcmd', `"'\rcmd"`],
    [12.5, '12.5'],
    [-1, '-1'],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('toCsv', () => {
  it('writes a header and rows with CRLF line ends', () => {
    expect(
      toCsv(
        ['Name', 'Hours'],
        [
          ['Ann', 1],
          ['Bob, Jr.', 2.5],
        ],
      ),
    ).toBe('Name,Hours\r\nAnn,1\r\n"Bob, Jr.",2.5\r\n');
  });
});

describe('every CSV export', () => {
  it('is sent with csvHeaders: named, and never stored by a cache', () => {
    expect(csvHeaders('a b.csv')).toMatchObject({
      'cache-control': 'no-store',
      'content-disposition': 'attachment; filename="a-b.csv"',
    });
    // No route writes its own CSV content type (claims.csv did, without no-store: issue 37 row 9).
    const src = path.resolve(import.meta.dirname, '..');
    const others = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter(
        (file) =>
          file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith(`lib${path.sep}csv.ts`),
      )
      .filter((file) => readFileSync(path.join(src, file), 'utf8').includes('text/csv'));
    expect(others).toEqual([]);
  });
});
