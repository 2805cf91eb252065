import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/build-test-app.ts';
import {
  createClass,
  createDrilldown,
  createMember,
  createPodcast,
  createStaff,
  type TTestMember,
} from '../../../test/factories.ts';

let t: TTestApp;
let alice: TTestMember;
let bob: TTestMember;
let staff: TTestMember;
let episode: { hash: string; id: string };
let drilldown: { hash: string };
const db = () => t.app.deps.database.db;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await createMember(db());
  bob = await createMember(db());
  staff = await createStaff(db());
  episode = await createPodcast(db());
  drilldown = await createDrilldown(db(), { video_url: '/media/demo.mp4' });
});
afterAll(() => t.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url: token ? `${url}${url.includes('?') ? '&' : '?'}s=${token}` : url });
const post = (url: string, body: Record<string, unknown>, token?: string) =>
  t.app.inject({ method: 'POST', url, payload: { ...body, ...(token ? { s: token } : {}) } });

function multipart(filename: string, text: string) {
  const boundary = '----opence-media-boundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      Buffer.from(text),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${staff.token}`,
    },
  };
}
const uploadCaptions = (m: string, lang: string, filename: string, text: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/media-captions?m=${m}&lang=${lang}`,
    ...multipart(filename, text),
  });
const uploadTranscript = (m: string, filename: string, text: string) =>
  t.app.inject({ method: 'POST', url: `/api/admin/media-transcript?m=${m}`, ...multipart(filename, text) });

describe('positions', () => {
  it('saves and reads back the member’s own position, never another member’s', async () => {
    const m = `podcast:${episode.hash}`;
    expect(
      (await post('/api/media-position', { m, positionSec: 125.4, durationSec: 1800 }, alice.token))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/media-position', { m, positionSec: 30, durationSec: 1800 }, bob.token)).statusCode,
    ).toBe(200);
    // A later save replaces the earlier one (one row per member and medium).
    await post('/api/media-position', { m, positionSec: 140, durationSec: 1800 }, alice.token);

    const mine = (await get(`/api/media-positions?m=${m},drilldown:${drilldown.hash}`, alice.token)).json();
    expect(mine.positions).toEqual([
      { m, positionSec: 140, durationSec: 1800, updatedAt: expect.any(String) },
    ]);
    const bobs = (await get(`/api/media-positions?m=${m}`, bob.token)).json();
    expect(bobs.positions).toEqual([expect.objectContaining({ m, positionSec: 30 })]);
    const rows = await db().selectFrom('media_positions').select('member_id').execute();
    expect(rows).toHaveLength(2);
  });

  it('keeps a position inside the medium and refuses bad input', async () => {
    const m = `drilldown:${drilldown.hash}`;
    await post('/api/media-position', { m, positionSec: 999, durationSec: 60 }, alice.token);
    const read = (await get(`/api/media-positions?m=${m}`, alice.token)).json();
    expect(read.positions[0]).toMatchObject({ positionSec: 60, durationSec: 60 });
    for (const body of [
      { m: 'video:abc', positionSec: 1 },
      { m, positionSec: -1 },
      { m, positionSec: 'x' },
      { m: `${m};drop`, positionSec: 1 },
    ]) {
      expect((await post('/api/media-position', body, alice.token)).statusCode).toBe(400);
    }
  });

  it('is for members only', async () => {
    const m = `podcast:${episode.hash}`;
    expect((await post('/api/media-position', { m, positionSec: 1 })).statusCode).toBe(401);
    expect((await get(`/api/media-positions?m=${m}`)).statusCode).toBe(401);
    expect((await get('/api/media-prefs')).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('remembers the listening speed and captions choice per member', async () => {
    expect((await get('/api/media-prefs', alice.token)).json()).toMatchObject({
      speed: 1,
      captionsOn: false,
    });
    expect((await post('/api/media-prefs', { speed: 1.5 }, alice.token)).json()).toMatchObject({
      speed: 1.5,
    });
    await post('/api/media-prefs', { captionsOn: true }, alice.token);
    expect((await get('/api/media-prefs', alice.token)).json()).toMatchObject({
      speed: 1.5,
      captionsOn: true,
    });
    expect((await get('/api/media-prefs', bob.token)).json()).toMatchObject({ speed: 1, captionsOn: false });
    expect((await post('/api/media-prefs', { speed: 3 }, alice.token)).statusCode).toBe(400);
  });
});

const VTT =
  'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome to the drill-down.\n\n00:00:05.000 --> 00:00:08.000\nFluoride varnish comes next.\n';
const SRT =
  '1\r\n00:00:02,500 --> 00:00:04,000\r\nBonjour\r\n\r\n2\r\n00:01:00,000 --> 00:01:03,250\r\nÀ bientôt\r\n';

describe('captions', () => {
  it('accepts WebVTT and serves it as a track', async () => {
    const m = `drilldown:${drilldown.hash}`;
    const res = await uploadCaptions(m, 'en', 'captions.vtt', VTT);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ format: 'vtt', cues: 2 });
    const text = (await get(`/api/media-text?m=${m}`)).json();
    expect(text.captions).toEqual([
      { lang: 'en', label: 'English', src: `/api/captions?m=${encodeURIComponent(m)}&lang=en` },
    ]);
    const file = await get(text.captions[0].src);
    expect(file.headers['content-type']).toContain('text/vtt');
    expect(file.body).toContain('00:00:01.000 --> 00:00:04.000\nWelcome to the drill-down.');
  });

  it('converts SRT to WebVTT (timestamps and text read back) and replaces the language’s track', async () => {
    const m = `drilldown:${drilldown.hash}`;
    expect((await uploadCaptions(m, 'fr', 'old.srt', SRT.replace('Bonjour', 'Salut'))).statusCode).toBe(200);
    const res = await uploadCaptions(m, 'fr', 'captions.srt', SRT);
    expect(res.json()).toMatchObject({ format: 'srt', cues: 2 });
    const file = await get(`/api/captions?m=${m}&lang=fr`);
    expect(file.body).toBe(
      'WEBVTT\n\n1\n00:00:02.500 --> 00:00:04.000\nBonjour\n\n2\n00:01:00.000 --> 00:01:03.250\nÀ bientôt\n',
    );
    const rows = await db().selectFrom('media_captions').select('lang').where('media', '=', m).execute();
    expect(rows.map((r) => r.lang).sort()).toEqual(['en', 'fr']);
  });

  it('refuses a malformed file with its line and stores nothing', async () => {
    const m = `drilldown:${drilldown.hash}`;
    const res = await uploadCaptions(
      m,
      'de',
      'bad.vtt',
      'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nOK\n\n00:00:05.000 -> 00:00:08.000\nBroken\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/line 6/);
    const srt = await uploadCaptions(m, 'de', 'bad.srt', '1\n00:00:01,000 --> 00:00:0x,000\nA\n');
    expect(srt.statusCode).toBe(400);
    expect(srt.json().msg).toMatch(/line 2/);
    expect((await get(`/api/captions?m=${m}&lang=de`)).statusCode).toBe(404);
  });

  it('refuses an unknown medium and is staff only', async () => {
    expect((await uploadCaptions('class:nope', 'en', 'a.vtt', VTT)).statusCode).toBe(404);
    const asMember = await t.app.inject({
      method: 'POST',
      url: `/api/admin/media-captions?m=drilldown:${drilldown.hash}&lang=en`,
      ...multipart('a.vtt', VTT),
      headers: { ...multipart('a.vtt', VTT).headers, authorization: `Bearer ${alice.token}` },
    });
    expect(asMember.statusCode).toBe(403);
  });
});

describe('transcripts', () => {
  it('stores plain text as paragraphs and VTT as timed lines', async () => {
    const course = await createClass(db(), { video_url: '/media/class.mp4' });
    expect(
      (await uploadTranscript(`class:${course.hash}`, 't.txt', 'First paragraph.\n\nSecond one.')).json(),
    ).toMatchObject({ format: 'text', cues: 2 });
    expect((await get(`/api/media-text?m=class:${course.hash}`)).json().transcript).toEqual({
      format: 'text',
      lines: [
        { startSec: null, text: 'First paragraph.' },
        { startSec: null, text: 'Second one.' },
      ],
    });
    const m = `podcast:${episode.hash}`;
    expect((await uploadTranscript(m, 't.srt', SRT)).statusCode).toBe(200);
    expect((await get(`/api/media-text?m=${m}`)).json().transcript.lines).toEqual([
      { startSec: 2.5, text: 'Bonjour' },
      { startSec: 60, text: 'À bientôt' },
    ]);
    const bad = await uploadTranscript(m, 't.vtt', 'WEBVTT\n\nnot a timing\nline\n');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/line 4/);
  });

  it('lists the media missing captions or a transcript', async () => {
    const list = (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/media-text?missing=1',
        headers: { authorization: `Bearer ${staff.token}` },
      })
    ).json();
    const keys = list.rows.map((r: { m: string }) => r.m);
    expect(keys).toContain(`drilldown:${drilldown.hash}`); // captions, no transcript
    expect(keys).not.toContain(`podcast:${episode.hash}`); // transcribed audio
  });
});

describe('search', () => {
  it('finds an episode by a word of its transcript, and not before it has one', async () => {
    // Public answers are shared for a few seconds: each look asks with other words.
    const found = async (q: string) =>
      ((await get(`/api/search?q=${q}`)).json().podcasts.data as { hash: string }[]).map((p) => p.hash);
    const other = await createPodcast(db(), { title: 'Sealants in practice' });
    // The word is in no text yet: alone it finds nothing; beside the title's word it is named as
    // found nowhere and the title's word finds the episode (partial matches, decision 1145).
    expect(await found('remineralisation')).not.toContain(other.hash);
    const both = (await get('/api/search?q=sealants+remineralisation')).json();
    expect(both.notFound).toEqual(['remineralisation']);
    expect(await found('sealants')).toContain(other.hash);
    const res = await uploadTranscript(
      `podcast:${other.hash}`,
      't.txt',
      'Today we talk about Remineralisation of early lesions.',
    );
    expect(res.statusCode).toBe(200);
    expect(await found('remineralisation+early')).toContain(other.hash);
    expect((await get('/api/search?q=sealants+remineralisation+lesions')).json().notFound).toEqual([]);
  });
});
