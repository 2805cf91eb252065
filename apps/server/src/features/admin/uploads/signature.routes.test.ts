import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { Texts } from '@opence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../../db/seed/demo-content.ts';
import { buildTestApp, type TTestApp } from '../../../../test/build-test-app.ts';
import {
  createClass,
  createCompletion,
  createMember,
  createStaff,
  setCertificateProvider,
  type TTestMember,
} from '../../../../test/factories.ts';

/*
 * The certificate's signature (issue 35, docs/decisions/1043): staff upload a PNG or an SVG in the
 * settings; what is stored is always a clean PNG drawn again from it (an SVG with script, a
 * DOCTYPE or an outside reference is refused, nothing is stored); the settings take only such an
 * upload; the certificate prints it above the signatory's name and title.
 */

let t: TTestApp;
let staff: TTestMember;
let work: string;
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(db());
  await seedReferenceData(db());
  await setCertificateProvider(db());
  work = mkdtempSync(path.join(tmpdir(), 'signature-'));
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

const SVG = (inner: string) =>
  Buffer.from(
    `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80">${inner}</svg>`,
  );
const STROKE =
  '<path d="M10 60 C 40 10, 80 10, 90 60 S 160 90, 200 30" stroke="#123" stroke-width="4" fill="none"/>';

function upload(filename: string, bytes: Buffer) {
  const boundary = '----signature-boundary';
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads?kind=signature',
    headers: {
      authorization: `Bearer ${staff.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

const uploads = async () => (await db().selectFrom('uploads').select('id').execute()).length;

describe('the signature image', () => {
  it('stores an SVG and a PNG as a fresh PNG without what they carried', async () => {
    const svg = await upload('signature.svg', SVG(`<title>secret note</title>${STROKE}`));
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.json()).toMatchObject({ contentType: 'image/png' });
    expect(svg.json().url).toMatch(/^\/media\/signatures\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    const stored = (await t.app.inject({ url: svg.json().url })).rawPayload;
    expect((await sharp(stored).metadata()).format).toBe('png');
    expect(stored.toString('latin1')).not.toContain('secret note');

    // A PNG with text chunks: re-encoded, so they are gone.
    const png = await sharp({ create: { width: 400, height: 100, channels: 4, background: '#ffffff00' } })
      .png()
      .withMetadata({ exif: { IFD0: { ImageDescription: 'hidden words' } } })
      .toBuffer();
    const res = await upload('sig.png', png);
    expect(res.statusCode, res.body).toBe(200);
    const again = (await t.app.inject({ url: res.json().url })).rawPayload;
    expect(again.toString('latin1')).not.toContain('hidden words');
  });

  it('refuses an SVG that reaches outside its drawing, another kind of file and a file too large', async () => {
    const before = await uploads();
    const refused: [string, Buffer, number][] = [
      ['script.svg', SVG(`<script>alert(1)</script>${STROKE}`), 400],
      ['handler.svg', SVG(`<path onload="alert(1)" d="M0 0 L 10 10"/>`), 400],
      [
        'entity.svg',
        Buffer.from(
          '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "y">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
        ),
        400,
      ],
      ['outside.svg', SVG('<image href="file:///etc/passwd" width="10" height="10"/>'), 400],
      ['foreign.svg', SVG('<foreignObject><p>html</p></foreignObject>'), 400],
      ['photo.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(60, 1)]), 400],
      [
        'huge.png',
        Buffer.concat([Buffer.from([0x89]), Buffer.from('PNG\r\n\x1a\n'), Buffer.alloc(600 * 1024, 1)]),
        413,
      ],
    ];
    for (const [name, bytes, status] of refused) {
      const res = await upload(name, bytes);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
      expect(res.json().field).toBe('file');
    }
    expect(await uploads()).toBe(before);
  });

  it('is printed above the signatory on every certificate; the settings take nothing but such an upload', async () => {
    const stored = (await upload('signature.svg', SVG(STROKE))).json().url as string;
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${staff.token}` },
    });
    const save = (signatureImage: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { authorization: `Bearer ${staff.token}` },
        payload: { ...settings.json().data, signatureImage },
      });
    const elsewhere = await save('https://images.example/signature.png');
    expect(elsewhere.statusCode, elsewhere.body).toBe(400);
    expect(elsewhere.json().fields.signatureImage).toBe(Texts.CERT_SIGNATURE_NOT_UPLOADED);
    const saved = await save(stored);
    expect(saved.statusCode, saved.body).toBe(200);

    const member = await createMember(db());
    const completion = await createCompletion(db(), member.id, { class_id: (await createClass(db())).id });
    const pdf = await t.app.inject({ url: `/api/certificate/${completion.certificate_number}.pdf` });
    const file = path.join(work, 'signed.pdf');
    writeFileSync(file, pdf.rawPayload);
    const dir = mkdtempSync(path.join(work, 'images-'));
    execFileSync('pdfimages', ['-png', file, path.join(dir, 'img')]);
    // The QR code (336 px) and the signature, drawn again 1200 px wide from the SVG.
    const images = readdirSync(dir).filter((f) => f.endsWith('.png'));
    const sizes = await Promise.all(
      images.map(async (f) => (await sharp(path.join(dir, f)).metadata()).width),
    );
    expect(sizes).toEqual(expect.arrayContaining([336, 1200]));
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
    expect(text).toContain('Dr. Ana Ruiz, Director of Continuing Education');
  });
});
