import { beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_SURE, participantMatches, type TImportFields } from '@opence/shared';
import { certificateSet, type TCertificateTruth, type TSample } from '../../../test/certificate-set.ts';
import { createMember } from '../../../test/factories.ts';
import { db, importFile, useTrackerApp } from './tracker.fixtures.ts';

/*
 * Extraction over the generated set (issue 41, decision 1136): 35 certificates of ten provider
 * layouts (PDFs, phone photos, scanned PDFs) through the import route. At least 90 % of the
 * fields must come back right; the rest blank or low-confidence, with at most 2 % of all fields
 * wrong and shown as sure.
 */

useTrackerApp();

type TOutcome = 'right' | 'unsure' | 'wrong';

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const digits = (s: string) => s.replace(/\D/g, '');

function isRight(field: keyof TCertificateTruth, read: string, truth: TCertificateTruth): boolean {
  switch (field) {
    case 'hours':
      return Number(read) === Number(truth.hours);
    case 'approval':
      return digits(read) === digits(truth.approval) && read.split(' #')[0] === truth.approval.split(' #')[0];
    case 'participant':
      return participantMatches(read, truth.participant) === true;
    default:
      return norm(read) === norm(truth[field]);
  }
}

function outcome(fields: TImportFields, field: keyof TCertificateTruth, truth: TCertificateTruth): TOutcome {
  const { value, confidence } = fields[field];
  if (value !== null && isRight(field, value, truth)) return 'right';
  return value === null || confidence < IMPORT_SURE ? 'unsure' : 'wrong';
}

let samples: TSample[];
const results: { sample: TSample; fields: TImportFields; qrCode: string | null }[] = [];

beforeAll(async () => {
  samples = await certificateSet();
  for (const sample of samples) {
    // One member per certificate: a member's uploads are limited to 10 a minute.
    const res = await importFile(await createMember(db()), sample.name, sample.bytes);
    expect(res.statusCode, res.body).toBe(200);
    const { fields, evidence } = res.json().import;
    results.push({ sample, fields, qrCode: evidence.qrCode });
  }
}, 240_000);

describe('extraction over the generated certificate set', () => {
  it('has at least 30 certificates in at least 10 layouts, photos and scans among them', () => {
    expect(samples.length).toBeGreaterThanOrEqual(30);
    expect(new Set(samples.map((s) => s.layout)).size).toBeGreaterThanOrEqual(10);
    expect(samples.filter((s) => s.kind === 'photo').length).toBeGreaterThanOrEqual(10);
    expect(samples.filter((s) => s.kind === 'scan-pdf').length).toBeGreaterThanOrEqual(3);
  });

  it('reads at least 90 % of the fields right, and leaves the rest blank or marked, not wrong and sure', () => {
    const counts: Record<TOutcome, number> = { right: 0, unsure: 0, wrong: 0 };
    const misses: string[] = [];
    for (const { sample, fields } of results) {
      for (const field of IMPORT_FIELDS) {
        const result = outcome(fields, field, sample.truth);
        counts[result] += 1;
        if (result !== 'right')
          misses.push(
            `${result} ${sample.name} ${field}: ${JSON.stringify(fields[field])} ≠ ${sample.truth[field]}`,
          );
      }
    }
    const total = counts.right + counts.unsure + counts.wrong;
    // The measure, in the test's output.
    console.info(
      `certificate import: ${counts.right}/${total} fields right (${((100 * counts.right) / total).toFixed(1)} %), ` +
        `${counts.unsure} blank or marked, ${counts.wrong} wrong and sure\n${misses.join('\n')}`,
    );
    expect(counts.right / total).toBeGreaterThanOrEqual(0.9);
    expect(counts.wrong / total).toBeLessThanOrEqual(0.02);
  });

  it('decodes the QR code of every certificate PDF that carries one', () => {
    const withQr = results.filter((r) => r.sample.qr && r.sample.kind === 'pdf');
    expect(withQr.length).toBeGreaterThanOrEqual(8);
    for (const r of withQr) expect(r.qrCode, r.sample.name).toBe(r.sample.qr);
  });
});
