import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TrackerTexts, UploadTexts } from '@opence/shared';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { FILE_TYPES } from '../src/lib/uploads/file-types.ts';
import { incomingUpload, registerUploads, type TUploadRule } from '../src/lib/uploads/uploads.ts';

/*
 * The upload plugin on its own (decision 0015): one route per way a feature uses it, the
 * refusals each answers, and how much of a refused file is read.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n');

const IMAGE: TUploadRule = {
  takes: 'an image (PNG)',
  maxBytes: 1024,
  types: [FILE_TYPES.png],
  nameMustMatch: true,
};
const DOCUMENT: TUploadRule = { takes: 'a PDF', maxBytes: 64 * 1024, types: [FILE_TYPES.pdf] };
const TEXT: TUploadRule = { takes: 'a caption file', maxBytes: 2048 };

let app: FastifyInstance;
/** How many bytes the last read took in before it answered. */
let received = 0;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  await registerUploads(app, DOCUMENT.maxBytes);
  app.post<{ Querystring: { rules: string } }>('/upload', async (request) => {
    const rules = request.query.rules === 'text' ? [TEXT] : [IMAGE, DOCUMENT];
    const incoming = await incomingUpload(request);
    received = 0;
    const upload = await incoming.read(rules, 'unnamed');
    received = upload.bytes.length;
    return { name: upload.name, type: upload.type?.contentType ?? null, size: upload.bytes.length };
  });
  await app.ready();
});
afterAll(() => app.close());

function send(filename: string, bytes: Buffer, rules = 'files', boundary = 'plugin-test-boundary') {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return app.inject({
    method: 'POST',
    url: `/upload?rules=${rules}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

describe('the upload plugin', () => {
  it('reads the file under the rule its content falls under, with its name cleaned', async () => {
    expect((await send('C:\\photos\\logo\u0007.png', PNG)).json()).toEqual({
      name: 'logo.png',
      type: 'image/png',
      size: PNG.length,
    });
    expect((await send('notes.txt', PDF)).json()).toMatchObject({ type: 'application/pdf' });
    expect((await send('/', PDF)).json()).toMatchObject({ name: 'unnamed' });
  });

  it('refuses another type with what the field takes, every rule named', async () => {
    const res = await send('page.html', Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: false,
      field: 'file',
      msg: 'This field takes an image (PNG) or a PDF.',
    });
  });

  it('refuses a name that says another type where the rule asks it to match', async () => {
    const res = await send('logo.jpg', PNG);
    expect([res.statusCode, res.json().msg]).toEqual([
      400,
      'The file name does not match its content: it holds image/png, so its name must end in .png.',
    ]);
  });

  it('answers 413 with the limit of the type the content has, and stops reading it', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(8 * 1024)]);
    const res = await send('big.png', big);
    expect([res.statusCode, res.json().msg]).toEqual([
      413,
      'This file is too large: an image (PNG) may be up to 1 KB.',
    ]);
    expect(received).toBe(0);
    const huge = await send('huge.pdf', Buffer.concat([PDF, Buffer.alloc(65 * 1024)]));
    expect([huge.statusCode, huge.json().msg]).toEqual([
      413,
      'This file is too large: a PDF may be up to 64 KB.',
    ]);
  });

  it('reads text without sniffing it, within its limit', async () => {
    expect((await send('captions.vtt', Buffer.from('WEBVTT\n'), 'text')).json()).toEqual({
      name: 'captions.vtt',
      type: null,
      size: 7,
    });
    const res = await send('captions.vtt', Buffer.alloc(2049, 0x41), 'text');
    expect([res.statusCode, res.json().msg]).toEqual([
      413,
      'This file is too large: a caption file may be up to 2 KB.',
    ]);
  });

  it('refuses a request without a file, and a malformed body, with a 400 about the file', async () => {
    const none = await app.inject({ method: 'POST', url: '/upload', payload: {} });
    expect([none.statusCode, none.json()]).toEqual([
      400,
      { status: false, field: 'file', msg: UploadTexts.MISSING },
    ]);
    const cut = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=plugin-test-boundary' },
      payload:
        '--plugin-test-boundary\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    });
    expect([cut.statusCode, cut.json().msg]).toEqual([400, UploadTexts.MALFORMED]);
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'x',
    });
    expect([noBoundary.statusCode, noBoundary.json().msg]).toEqual([400, UploadTexts.MALFORMED]);
  });

  it('is the tracker’s wording too: its certificate refusals are these texts filled in', () => {
    expect(TrackerTexts.FILE_TYPE_REFUSED).toBe('This field takes a PDF, JPEG or PNG file.');
    expect(TrackerTexts.FILE_TOO_LARGE).toBe(
      'This file is too large: a PDF, JPEG or PNG file may be up to 10 MB.',
    );
    expect(TrackerTexts.FILE_MISSING).toBe(UploadTexts.MISSING);
  });
});
