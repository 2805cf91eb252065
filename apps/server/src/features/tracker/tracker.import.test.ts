import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportTexts } from '@opence/shared';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import { certificateSet, photograph, printCertificate, type TSample } from '../../../test/certificate-set.ts';
import {
  createClass,
  createCompletion,
  createMember,
  createStaff,
  type TTestMember,
} from '../../../test/factories.ts';
import { seedReferenceData } from '../../db/seed/demo-content.ts';
import {
  auth,
  call,
  db,
  importFile,
  licenceBody,
  multipart,
  PDF,
  t,
  useTrackerApp,
  yearsFrom,
} from './tracker.fixtures.ts';

/*
 * Importing another provider's certificate (issue 41) on a real database and real tesseract:
 * read for review with nothing saved, confirmed with its file and evidence, refused when the
 * file is not a certificate, reachable by its owner only, abandoned imports removed, a server
 * without tesseract, and the OCR limit under a flood of imports.
 */

useTrackerApp();

let samples: TSample[];
const sample = (name: string) => samples.find((s) => s.name === name)!;
let dana: TTestMember;

beforeAll(async () => {
  samples = await certificateSet();
  dana = await createMember(db(), { firstname: 'Dana', lastname: 'Lee' });
}, 120_000);

const pendingKeys = async (member: TTestMember) => {
  const keys: string[] = [];
  for await (const item of t.app.deps.privateFiles.list(`tracker-imports/${member.id}`)) keys.push(item.key);
  return keys;
};
const certificates = async (member: TTestMember) =>
  (await call(member, 'GET', '/api/tracker/certificates')).json().certificates as Record<string, unknown>[];

const confirmBody = (id: string, fields: Record<string, { value: string | null }>) => ({
  importId: id,
  provider: fields.provider!.value,
  title: fields.title!.value,
  completedOn: fields.completedOn!.value,
  hours: Number(fields.hours!.value),
  delivery: 'in_person',
  approval: fields.approval!.value,
});

/** Confirms an import with the fields as read (and any changes the member made). */
const confirm = (
  member: TTestMember,
  preview: { id: string; fields: Record<string, { value: string | null }> },
  changes: Record<string, unknown> = {},
) =>
  call(
    member,
    'POST',
    '/api/tracker/certificate-import-confirm',
    Object.assign(confirmBody(preview.id, preview.fields), changes),
  );

describe('importing a certificate', () => {
  it('reads a PDF for review, saves nothing until confirmed, then keeps the file and the QR code', async () => {
    const pdf = sample('gulf-coast-1.pdf');
    const res = await importFile(dana, 'gulf.pdf', pdf.bytes);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().import;
    expect(preview.reading).toBe('text');
    expect(preview.fields.title).toEqual({ value: pdf.truth.title, confidence: 0.9 });
    expect(preview.fields.completedOn.value).toBe(pdf.truth.completedOn);
    expect(preview.fields.agdCode.value).toBe('148');
    expect(preview.topics).toEqual(['agd_148']);
    expect(preview.evidence).toMatchObject({
      qrCode: pdf.qr,
      verificationUrl: pdf.qr,
      nameOnCertificate: 'Dana Lee',
      nameMatches: true,
      credential: null,
    });
    // Nothing saved: no certificate, only the waiting file and its note.
    expect(await certificates(dana)).toEqual([]);
    expect(await pendingKeys(dana)).toHaveLength(2);

    const saved = await confirm(dana, preview, { topics: preview.topics });
    expect(saved.statusCode, saved.body).toBe(200);
    const certificate = saved.json().certificate;
    expect(certificate).toMatchObject({
      title: pdf.truth.title,
      hours: Number(pdf.truth.hours),
      topics: ['agd_148'],
      approval: pdf.truth.approval,
      file: { name: 'gulf.pdf', contentType: 'application/pdf', sizeBytes: pdf.bytes.length },
      evidence: { qrCode: pdf.qr, nameMatches: true },
    });
    const file = await call(dana, 'GET', `/api/tracker/certificate-file?id=${certificate.id}`);
    expect(file.rawPayload.equals(pdf.bytes)).toBe(true);
    expect(await pendingKeys(dana)).toEqual([]);
    // Confirmed once: the same import cannot be saved twice.
    const again = await confirm(dana, preview);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe(ImportTexts.EXPIRED);
    expect(await certificates(dana)).toHaveLength(1);
  });

  it('reads a phone photo by OCR, marks it less sure, and flags a name that is not the member’s', async () => {
    const photo = sample('lone-star-3.jpg');
    const res = await importFile(dana, 'photo.jpg', photo.bytes);
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().import;
    expect(preview.reading).toBe('ocr');
    expect(preview.fields.title.value).toBe(photo.truth.title);
    expect(preview.fields.hours.value).toBe(photo.truth.hours);
    expect(preview.fields.title.confidence).toBeLessThan(0.9);
    expect(preview.evidence.nameOnCertificate).toBe('Priya Shah');
    expect(preview.evidence.nameMatches).toBe(false);
    // Flagged, not refused.
    const saved = await confirm(dana, preview);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().certificate.evidence.nameMatches).toBe(false);
    expect(saved.json().certificate.file.contentType).toBe('image/jpeg');
  });

  it('refuses what is not a certificate file, and a file over 10 MB, storing nothing', async () => {
    const member = await createMember(db());
    const gif = await importFile(member, 'c.pdf', Buffer.from('GIF89a'.padEnd(200, '.')));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().msg).toContain(ImportTexts.CREDENTIAL_TAKES);
    const html = await importFile(member, 'c.png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect(html.statusCode).toBe(400);
    const notCredential = await importFile(member, 'c.json', Buffer.from('{"name":"not a badge"}'));
    expect(notCredential.statusCode).toBe(400);
    expect(notCredential.json().msg).toBe(ImportTexts.BAD_CREDENTIAL);
    const big = await importFile(member, 'big.pdf', Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/tracker/certificate-import',
      headers: { ...auth(member), 'content-type': 'application/json' },
      payload: { file: 'x' },
    });
    expect(none.statusCode).toBe(400);
    expect(await pendingKeys(member)).toEqual([]);
    // A confirmation with a field left wrong changes nothing either.
    const ok = (await importFile(member, 'c.pdf', sample('atlantic-ce-1.pdf').bytes)).json().import;
    const bad = await confirm(member, ok, { hours: 0 });
    expect(bad.statusCode).toBe(400);
    expect(await certificates(member)).toEqual([]);
    expect(await pendingKeys(member)).toHaveLength(2);
  });

  it('lets only its owner confirm an import, and the member without a session not at all', async () => {
    const [owner, other] = [await createMember(db()), await createMember(db())];
    const preview = (await importFile(owner, 'c.pdf', sample('capital-hygienists-1.pdf').bytes)).json()
      .import;
    const stolen = await confirm(other, preview);
    expect(stolen.statusCode).toBe(404);
    expect(await certificates(other)).toEqual([]);
    expect((await importFile({ ...other, token: 'nope' }, 'c.pdf', PDF)).statusCode).toBe(401);
    const mine = await confirm(owner, preview);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it('removes an abandoned import’s file after an hour, and an erased member’s at once', async () => {
    const member = await createMember(db());
    await importFile(member, 'c.pdf', sample('northern-lights-1.pdf').bytes);
    expect(await pendingKeys(member)).toHaveLength(2);
    await t.app.jobs.runDue(new Date(Date.now() + 30 * 60_000));
    expect(await pendingKeys(member)).toHaveLength(2);
    await t.app.jobs.runDue(new Date(Date.now() + 61 * 60_000));
    expect(await pendingKeys(member)).toEqual([]);

    const erased = await createMember(db());
    await importFile(erased, 'c.pdf', sample('northern-lights-2.pdf').bytes);
    const staff = await createStaff(db());
    expect((await call(staff, 'POST', `/api/admin/members/${erased.id}/erase`, {})).statusCode).toBe(200);
    expect(await pendingKeys(erased)).toEqual([]);
  });

  it('verifies an Open Badges credential file, and imports a tampered one as unverified', async () => {
    const member = await createMember(db(), { firstname: 'Maria', lastname: 'Lopez' });
    const cls = await createClass(db(), {
      title: 'Implant maintenance',
      credits: 2,
      agd_category: 'Implants',
    });
    const completion = await createCompletion(
      db(),
      member.id,
      { class_id: cls.id },
      { credits: 2, agd_code: '690' },
    );
    const credential = (
      await t.app.inject({ url: `/api/credential/${completion.certificate_number}.json` })
    ).json();
    const valid = await importFile(member, 'badge.json', Buffer.from(JSON.stringify(credential)));
    expect(valid.statusCode, valid.body).toBe(200);
    const preview = valid.json().import;
    expect(preview.reading).toBe('credential');
    expect(preview.evidence.credential.verdict).toBe('valid');
    expect(preview.fields.title).toEqual({ value: 'Implant maintenance', confidence: 0.95 });
    expect(preview.fields.hours.value).toBe('2');
    expect(preview.evidence.nameMatches).toBe(true);
    const saved = await confirm(member, preview);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().certificate.evidence.credential.verdict).toBe('valid');
    expect(saved.json().certificate.file.contentType).toBe('application/json');

    const tampered = structuredClone(credential);
    tampered.credentialSubject.creditsEarned = 20;
    const unverified = (await importFile(member, 'b.json', Buffer.from(JSON.stringify(tampered)))).json()
      .import;
    expect(unverified.evidence.credential.verdict).toBe('tampered');
    expect(unverified.fields.title.confidence).toBeLessThan(0.75);
  });
});

describe('the issue’s “done when”', () => {
  it('a Florida hygienist and California dentist imports five certificates from other providers without typing a printed field', async () => {
    const member = await createMember(db(), { firstname: 'Dana', lastname: 'Lee' });
    const licence = async (state: string, licenceType: string) =>
      (
        await call(member, 'POST', '/api/tracker/licences', {
          ...licenceBody,
          state,
          licenceType,
          licenceNumber: `${state}-1`,
        })
      ).json().licence.id as string;
    const ids = [await licence('CA', 'dentist'), await licence('FL', 'dental_hygienist')];
    const counted = async () =>
      Promise.all(
        ids.map(
          async (id) =>
            (await call(member, 'GET', `/api/tracker/standing?id=${id}`)).json().standing.total
              .counted as number,
        ),
      );
    const before = await counted();
    const printed = [
      ['gulf-coast', 'pdf', 'Infection Control in the Dental Office', '2', '148'],
      ['pacific-academy', 'pdf', 'Local Anesthesia Refresher', '3', '340'],
      ['great-lakes-perio', 'pdf', 'Periodontal Therapy Update', '1.5', '490'],
      ['desert-oral-health', 'pdf', 'Implant Maintenance for Hygienists', '2.5', '690'],
      ['atlantic-ce', 'photo', 'Pediatric Caries Risk Assessment', '2', '430'],
    ] as const;
    let hours = 0;
    for (const [i, [layout, kind, title, h, agdCode]] of printed.entries()) {
      const { pdf, truth } = await printCertificate(layout, {
        title,
        completedOn: yearsFrom(-30 - i * 20),
        hours: h,
        agdCode,
        number: String(300100 + i),
        participant: 'Dr. Dana Lee, DDS',
      });
      const bytes = kind === 'photo' ? await photograph(pdf, i + 1) : pdf;
      const preview = (
        await importFile(member, `${layout}.${kind === 'photo' ? 'jpg' : 'pdf'}`, bytes)
      ).json().import;
      // Every printed field was read: the member types none, only picks the format.
      for (const field of ['provider', 'title', 'completedOn', 'hours', 'agdCode', 'approval'] as const)
        expect(preview.fields[field].value, `${layout} ${field}`).toBe(truth[field]);
      expect(preview.evidence.nameMatches).toBe(true);
      const saved = await confirm(member, preview, { topics: preview.topics });
      expect(saved.statusCode, saved.body).toBe(200);
      hours += Number(h);
    }
    expect(await certificates(member)).toHaveLength(5);
    const after = await counted();
    expect(after[0]).toBe(before[0]! + hours);
    expect(after[1]).toBeGreaterThan(before[1]!);
  }, 120_000);
});

describe('where tesseract is not installed', () => {
  let bare: TTestApp;
  beforeAll(async () => {
    bare = await buildTestApp({ OCR_TESSERACT: '/nonexistent/tesseract' });
    await seedReferenceData(bare.app.deps.database.db);
  });
  afterAll(() => bare.close());

  it('answers a photo with blank fields that say OCR is unavailable, and still keeps the file on confirm', async () => {
    const member = await createMember(bare.app.deps.database.db);
    const body = multipart('photo.jpg', sample('pacific-academy-3.jpg').bytes);
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/tracker/certificate-import',
      headers: { ...auth(member), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().import;
    expect(preview.reading).toBe('ocr-unavailable');
    expect(Object.values(preview.fields).every((f) => (f as { value: unknown }).value === null)).toBe(true);
    const typed = await bare.app.inject({
      method: 'POST',
      url: '/api/tracker/certificate-import-confirm',
      headers: auth(member),
      payload: {
        importId: preview.id,
        provider: 'Pacific Academy of Dentistry',
        title: 'Typed by hand',
        completedOn: '2025-03-01',
        hours: 2,
        delivery: 'in_person',
      },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json().certificate.file.contentType).toBe('image/jpeg');
    // A text PDF still reads without it.
    const pdf = multipart('c.pdf', sample('pacific-academy-1.pdf').bytes);
    const text = await bare.app.inject({
      method: 'POST',
      url: '/api/tracker/certificate-import',
      headers: { ...auth(member), ...pdf.headers },
      payload: pdf.payload,
    });
    expect(text.json().import.reading).toBe('text');
  });
});

describe('a flood of photo imports', () => {
  let limited: TTestApp;
  let dir: string;
  beforeAll(async () => {
    // The real tesseract, behind a script that logs when each run starts and ends.
    dir = await mkdtemp(join(tmpdir(), 'ocr-log-'));
    const script = join(dir, 'tesseract');
    await writeFile(
      script,
      `#!/bin/sh\n[ "$1" = "--version" ] && exec tesseract --version\necho "start $(date +%s%N)" >> ${dir}/log\ntesseract "$@"\ncode=$?\necho "end $(date +%s%N)" >> ${dir}/log\nexit $code\n`,
    );
    await chmod(script, 0o755);
    limited = await buildTestApp({ OCR_TESSERACT: script, OCR_CONCURRENCY: '1', OCR_QUEUE: '1' });
    await seedReferenceData(limited.app.deps.database.db);
  });
  afterAll(async () => {
    await limited.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs one OCR at a time, queues one, and turns the rest away at once with a message', async () => {
    const photos = samples.filter((s) => s.kind === 'photo').slice(0, 6);
    const members = await Promise.all(photos.map(() => createMember(limited.app.deps.database.db)));
    const responses = await Promise.all(
      photos.map((p, i) => {
        const body = multipart('p.jpg', p.bytes);
        return limited.app.inject({
          method: 'POST',
          url: '/api/tracker/certificate-import',
          headers: { ...auth(members[i]!), ...body.headers },
          payload: body.payload,
        });
      }),
    );
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200).length).toBeGreaterThanOrEqual(2);
    const busy = responses.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const r of busy) expect(r.json().msg).toBe(ImportTexts.BUSY);
    expect(codes.filter((c) => c !== 200 && c !== 503)).toEqual([]);
    // The refused stored nothing.
    for (const [i, r] of responses.entries()) {
      if (r.statusCode !== 503) continue;
      const keys: string[] = [];
      for await (const item of limited.app.deps.privateFiles.list(`tracker-imports/${members[i]!.id}`))
        keys.push(item.key);
      expect(keys).toEqual([]);
    }
    // Never two tesseract processes at once.
    const events = (await readFile(join(dir, 'log'), 'utf8')).trim().split('\n');
    let running = 0;
    for (const e of events) {
      running += e.startsWith('start') ? 1 : -1;
      expect(running).toBeLessThanOrEqual(1);
    }
    expect(events.filter((e) => e.startsWith('start')).length).toBe(codes.filter((c) => c === 200).length);
  }, 120_000);
});
