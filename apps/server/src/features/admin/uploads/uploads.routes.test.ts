import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../../test/build-test-app.ts';
import { createStaff, type TTestMember } from '../../../../test/factories.ts';

let t: TTestApp;
let staff: TTestMember;

beforeAll(async () => {
  t = await buildTestApp();
  staff = await createStaff(t.app.deps.database.db);
});
afterAll(() => t.close());

/** A 1×1 PNG: the type is read from the file's chunks, not from its signature alone. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

/** A multipart/form-data body with one file field. */
function multipart(filename: string, bytes: Buffer) {
  const boundary = '----opence-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${staff.token}`,
    },
  };
}

const upload = (filename: string, bytes: Buffer, kind = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/uploads${kind ? `?kind=${kind}` : ''}`,
    ...multipart(filename, bytes),
  });

async function uploadCount() {
  const rows = await t.app.deps.database.db.selectFrom('uploads').select('id').execute();
  return rows.length;
}

describe('POST /api/admin/uploads', () => {
  it('stores an image, records it and serves it under /media', async () => {
    const res = await upload('Logo.PNG', PNG, 'image');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: true,
      contentType: 'image/png',
      sizeBytes: PNG.length,
      originalName: 'Logo.PNG',
    });
    expect(body.url).toMatch(/^\/media\/uploads\/\d{4}\/\d{2}\/[0-9a-f-]+\.png$/);
    const served = await t.app.inject({ url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const row = await t.app.deps.database.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content_type: 'image/png', created_by: staff.id });
  });

  it.each([
    ['a text file named like an image', 'photo.png', Buffer.from('just some text, not an image at all')],
    [
      'an SVG',
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['a PNG named .pdf', 'guide.pdf', PNG],
    ['a PNG without an extension', 'logo', PNG],
    ['an HTML page named .jpg', 'x.jpg', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s with a 400 naming the file, storing nothing', async (_what, name, bytes) => {
    const before = await uploadCount();
    const res = await upload(name, bytes);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('file');
    expect(await uploadCount()).toBe(before);
  });

  it('refuses a PDF in a field that takes an image', async () => {
    const res = await upload('guide.pdf', PDF, 'image');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('This field takes an image (JPEG, PNG, GIF or WebP).');
  });

  it('refuses an image over its size limit with a 413, storing nothing', async () => {
    const before = await uploadCount();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await upload('huge.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toMatch(/too large.*5 MB/);
    expect(await uploadCount()).toBe(before);
  });

  it('answers a request without a file with a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('file');
  });

  // Found by the fuzz suite (test/fuzz): the parser's errors used to answer 500.
  it('answers a malformed multipart body with a 400, storing nothing', async () => {
    const before = await uploadCount();
    const { payload, headers } = multipart('logo.png', PNG);
    const bodies = [
      { payload, contentType: 'multipart/form-data' },
      { payload, contentType: 'multipart/form-data; boundary=another-boundary' },
      { payload: payload.subarray(0, payload.length - 30), contentType: headers['content-type'] },
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/uploads',
        headers: { ...headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.statusCode, body.contentType).toBe(400);
      expect(res.json()).toMatchObject({ field: 'file', msg: expect.stringMatching(/could not be read/) });
    }
    expect(await uploadCount()).toBe(before);
  });
});

describe('GET /api/admin/uploads', () => {
  it('lists the latest uploads of a kind, newest first, with the URL to use', async () => {
    const first = (await upload('first.png', PNG, 'image')).json();
    const pdf = (await upload('notes.pdf', PDF, 'pdf')).json();
    const second = (await upload('second.png', PNG, 'image')).json();
    const list = (kind: string) =>
      t.app.inject({
        url: `/api/admin/uploads${kind ? `?kind=${kind}` : ''}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });

    const images = await list('image');
    expect(images.statusCode, images.body).toBe(200);
    const rows = images.json().data as {
      id: string;
      url: string;
      originalName: string;
      contentType: string;
    }[];
    expect(rows.every((r) => r.contentType.startsWith('image/'))).toBe(true);
    const ids = rows.map((r) => r.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids).not.toContain(pdf.id);
    expect(rows.find((r) => r.id === second.id)).toMatchObject({
      url: second.url,
      originalName: 'second.png',
    });

    const all = (await list('')).json().data as { id: string }[];
    expect(all.map((r) => r.id)).toContain(pdf.id);
    expect((await list('font')).statusCode).toBe(400);
  });

  it('is staff only', async () => {
    expect((await t.app.inject({ url: '/api/admin/uploads' })).statusCode).toBe(401);
  });
});
