import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackerTexts } from '@opence/shared';
import { buildTestApp, buildTestAppSharing, type TTestApp } from '../../../test/build-test-app.ts';
import { createMember, createStaff, type TTestMember } from '../../../test/factories.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { createPackLimiter } from './tracker.packs.ts';
import { STORAGE_DEFAULTS, UPLOAD_LIMITS } from './tracker.storage.ts';

/*
 * The CE tracker's private storage limits and downloads (issue 37 rows 2 and 4, docs/decisions
 * 0932): 50 files and 100 MB per member by default, uploads per minute and per hour, held under
 * concurrent uploads on two processes; files named by their sniffed type; one pack per member.
 */

let t: TTestApp;
let other: TTestApp;
const db = () => t.app.deps.database.db;
const MB = 1024 * 1024;

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestAppSharing(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const pdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.4\n');
  return bytes;
};

function upload(app: TTestApp, m: TTestMember, id: string, filename: string, bytes: Buffer) {
  const boundary = '----storage-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return app.app.inject({
    method: 'POST',
    url: `/api/tracker/certificate-file?id=${id}`,
    headers: {
      authorization: `Bearer ${m.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

/** A certificate record of the member's, through the API. */
async function certificate(m: TTestMember): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/tracker/certificates',
    headers: { authorization: `Bearer ${m.token}` },
    payload: {
      provider: 'Elsewhere',
      title: 'A course',
      completedOn: nowIso().slice(0, 10),
      hours: 1,
      delivery: 'self_study',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().certificate.id as string;
}

/** Files the member already keeps, written as rows (their bytes are not needed to count them). */
async function keeps(m: TTestMember, files: number, bytesEach: number) {
  const at = nowIso();
  for (let i = 0; i < files; i++) {
    await db()
      .insertInto('tracker_certificates')
      .values({
        id: newId(),
        member_id: m.id,
        provider: 'Elsewhere',
        title: `Kept ${i}`,
        completed_on: at.slice(0, 10),
        hours: 1,
        delivery: 'self_study',
        topics: '[]',
        approval: null,
        expires_on: null,
        storage_key: `tracker/${m.id}/${newId()}.pdf`,
        content_type: 'application/pdf',
        size_bytes: bytesEach,
        original_name: 'kept.pdf',
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
}

const storageOf = async (m: TTestMember) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/tracker/certificates',
      headers: { authorization: `Bearer ${m.token}` },
    })
  ).json().storage;

describe('the storage allowance', () => {
  it('refuses the 51st file, saying how many are kept', async () => {
    const m = await createMember(db());
    await keeps(m, STORAGE_DEFAULTS.files, 1000);
    const res = await upload(t, m, await certificate(m), 'fifty-one.pdf', pdf(2000));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      msg: TrackerTexts.STORAGE_FILES_FULL.replace('{files}', '50').replace('{maxFiles}', '50'),
      field: 'file',
    });
    expect(await storageOf(m)).toEqual({ usedBytes: 50_000, maxBytes: 100 * MB, files: 50, maxFiles: 50 });
  });

  it('refuses the 101st MB with what is used and what is left; replacing a file counts only the new one', async () => {
    const m = await createMember(db());
    await keeps(m, 11, 9 * MB);
    const id = await certificate(m);
    const tooBig = await upload(t, m, id, 'big.pdf', pdf(1.5 * MB));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().msg).toBe(
      TrackerTexts.STORAGE_FULL.replace('{size}', '1.5 MB')
        .replace('{used}', '99 MB')
        .replace('{max}', '100 MB')
        .replace('{left}', '1 MB'),
    );
    // The refused file is not kept on disk.
    const fits = await upload(t, m, id, 'fits.pdf', pdf(900_000));
    expect(fits.statusCode, fits.body).toBe(200);
    expect((await upload(t, m, id, 'again.pdf', pdf(1_000_000))).statusCode).toBe(200);
    expect((await storageOf(m)).usedBytes).toBe(99 * MB + 1_000_000);
  });

  it('holds under concurrent uploads on two processes: no more than the allowance is ever stored', async () => {
    const m = await createMember(db());
    await keeps(m, 19, 5 * MB);
    const ids = await Promise.all(Array.from({ length: 6 }, () => certificate(m)));
    const answers = await Promise.all(
      ids.map((id, i) => upload(i % 2 ? other : t, m, id, `c${i}.pdf`, pdf(2 * MB))),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    // 95 MB kept: two 2 MB files fit, the other four are refused.
    expect(statuses).toEqual([200, 200, 413, 413, 413, 413]);
    expect((await storageOf(m)).usedBytes).toBe(99 * MB);
  });

  it('follows the staff settings', async () => {
    await db()
      .insertInto('settings')
      .values([
        { key: 'trackerStorageMb', value: '10', updated_at: nowIso() },
        { key: 'trackerStorageFiles', value: '3', updated_at: nowIso() },
      ])
      .execute();
    // A process started after the change reads it (each keeps its settings 5 s).
    const fresh = await buildTestAppSharing(t);
    try {
      const m = await createMember(db());
      await keeps(m, 3, 1000);
      const list = await fresh.app.inject({
        method: 'GET',
        url: '/api/tracker/certificates',
        headers: { authorization: `Bearer ${m.token}` },
      });
      expect(list.json().storage).toMatchObject({ maxBytes: 10 * MB, maxFiles: 3 });
      expect((await upload(fresh, m, await certificate(m), 'x.pdf', pdf(100))).statusCode).toBe(413);
    } finally {
      await fresh.close();
      await db()
        .deleteFrom('settings')
        .where('key', 'in', ['trackerStorageMb', 'trackerStorageFiles'])
        .execute();
    }
  });

  it('limits uploads per minute, with when to try again', async () => {
    const m = await createMember(db());
    const id = await certificate(m);
    const statuses: number[] = [];
    for (let i = 0; i < UPLOAD_LIMITS[0].hits + 2; i++)
      statuses.push((await upload(t, m, id, 'a.pdf', pdf(100))).statusCode);
    expect(statuses).toEqual([...Array(UPLOAD_LIMITS[0].hits).fill(200), 429, 429]);
    const refused = await upload(other, m, id, 'a.pdf', pdf(100));
    expect(refused.json().msg).toBe(
      TrackerTexts.UPLOADS_TOO_FAST.replace('{count}', '10')
        .replace('{window}', 'minute')
        .replace('{wait}', '1 minute'),
    );
  });
});

describe('downloads', () => {
  it('are named by the sniffed type, for the member and for staff (issue 37 row 4)', async () => {
    const m = await createMember(db());
    const staff = await createStaff(db());
    const id = await certificate(m);
    expect((await upload(t, m, id, 'certificate.hta', pdf(500))).statusCode).toBe(200);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/tracker/certificate-file?id=${id}`,
      headers: { authorization: `Bearer ${m.token}` },
    });
    const audited = await t.app.inject({
      method: 'GET',
      url: `/api/admin/tracker/certificate-file?id=${id}&reason=${encodeURIComponent('Board audit request')}`,
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/tracker/certificates',
      headers: { authorization: `Bearer ${m.token}` },
    });
    expect(listed.json().certificates[0].file).toMatchObject({
      name: 'certificate.pdf',
      contentType: 'application/pdf',
    });
    for (const res of [own, audited]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="certificate.pdf"');
    }
  });
});

describe('audit packs, a few at a time', () => {
  it('one per member at once (429), at most two in the process; a third waits for a turn', async () => {
    const packs = createPackLimiter({ perProcess: 2, waitMs: 200 });
    const first = await packs.acquire('a');
    await expect(packs.acquire('a')).rejects.toMatchObject({ statusCode: 429 });
    const second = await packs.acquire('b');
    const third = packs.acquire('c');
    expect(packs.running).toBe(2);
    first();
    first();
    const turn = await third;
    expect(packs.running).toBe(2);
    await expect(packs.acquire('d')).rejects.toMatchObject({ statusCode: 503 });
    second();
    turn();
    expect(packs.running).toBe(0);
  });
});
