import { afterAll, beforeAll } from 'vitest';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import { nowIso } from '../../lib/ids.ts';
import { DEFAULT_TIME_ZONE, localDayInZone } from '@opence/shared';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, type TTestMember, setCertificateProvider } from '../../../test/factories.ts';

/*
 * Test helpers of the CE tracker's API on a real database (SQLite, or PostgreSQL with
 * DATABASE_URL): one app per test file (useTrackerApp), two members, the calls, bodies and files.
 */

export let t: TTestApp;
export const db = () => t.app.deps.database.db;
export let alice: TTestMember;
export let bob: TTestMember;

/** Builds the file's app with the reference data and two members before its tests, and closes it after. */
export function useTrackerApp() {
  beforeAll(async () => {
    t = await buildTestApp();
    await seedReferenceData(db());
    await setCertificateProvider(db());
    alice = await createMember(db());
    bob = await createMember(db());
  });
  afterAll(() => t.close());
}

export const auth = (m: TTestMember) => ({ authorization: `Bearer ${m.token}` });
export async function call(m: TTestMember | null, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: m ? auth(m) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export const today = nowIso().slice(0, 10);
/** The site's certificate is dated in the member's zone: between midnight UTC and New York's, a day before. */
export const siteToday = localDayInZone(new Date(), DEFAULT_TIME_ZONE);
export const yearsFrom = (days: number) => nowIso(new Date(Date.now() + days * 86_400_000)).slice(0, 10);
export const licenceBody = {
  state: 'CA',
  licenceType: 'dentist',
  licenceNumber: 'D-12345',
  periodStart: yearsFrom(-300),
  periodEnd: yearsFrom(400),
};

/** A multipart body with one file field. */
export function multipart(filename: string, bytes: Buffer) {
  const boundary = '----tracker-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A 1×1 PNG: the type is read from the file's chunks, not from its signature alone. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export async function upload(m: TTestMember, id: string, filename: string, bytes: Buffer) {
  const body = multipart(filename, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/tracker/certificate-file?id=${id}`,
    headers: { ...auth(m), ...body.headers },
    payload: body.payload,
  });
}

export const certificateBody = {
  provider: 'State Dental Association',
  title: 'Infection Control Update',
  completedOn: today,
  hours: 2,
  delivery: 'in_person',
  topics: ['infection_control'],
  approval: 'AGD PACE',
};

/** Sends a file to the certificate import (issue 41) as the member. */
export async function importFile(m: TTestMember, filename: string, bytes: Buffer) {
  const body = multipart(filename, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/tracker/certificate-import',
    headers: { ...auth(m), ...body.headers },
    payload: body.payload,
  });
}
