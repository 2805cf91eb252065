import { ClassType } from '@opence/shared';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../test/build-test-app.ts';
import { createClass, createMember, type TTestMember } from '../../test/factories.ts';
import { createPublicReplay } from './public-replay.ts';

/*
 * Public answers replayed by the HTTP server (decision 0805): a replayed answer must be the
 * answer the app sends, byte for byte and header for header, and nothing that carries a token
 * may ever be replayed. Through real HTTP, because inject() does not pass the server.
 */

let t: TTestApp;
let base: string;
let member: TTestMember;
const logLines: string[] = [];

/**
 * How many requests for a URL went through the app's pipeline (each logs "incoming request").
 * The log shows URLs with the token's value left out, so a token URL is matched up to `s=`.
 */
const pipelineHits = (url: string) => {
  const logged = `"url":"${url.replace(/([?&]s=).*$/, '$1')}${url.includes('s=') ? '' : '"'}`;
  return logLines.filter((l) => l.includes('incoming request') && l.includes(logged)).length;
};

const withoutDate = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name)));

beforeAll(async () => {
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => logLines.push(line) } });
  const db = t.app.deps.database.db;
  member = await createMember(db);
  for (let i = 0; i < 12; i++)
    await createClass(db, { type_id: ClassType.PRODUCED, title: `Replayed class ${i}` });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => t.close());

describe('public answers replayed before the pipeline', () => {
  it('replays the same status, headers and body the app sent, without the pipeline', async () => {
    const path = '/api/ondemand?page=0';
    const first = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
    const firstBody = await first.text();
    const second = await fetch(base + path, { headers: { 'accept-encoding': 'identity' } });
    expect(pipelineHits(path)).toBe(1);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(withoutDate(second.headers)).toMatchObject({
      ...withoutDate(first.headers),
      vary: 'Authorization, Accept-Encoding',
    });
    expect(second.headers.get('cache-control')).toBe('public, max-age=30');
    expect(second.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 304 to a matching ETag and compresses as the client accepts', async () => {
    const path = '/api/ondemand?page=0&';
    const first = await fetch(base + path);
    const json = await first.text();
    const etag = first.headers.get('etag')!;
    const notModified = await fetch(base + path, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);

    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        import('node:http').then(({ get }) =>
          get(base + path, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }),
            );
          }).on('error', reject),
        );
      });
    const br = await raw('gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(json);
    const gzip = await raw('br;q=0, gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(json);
    expect(pipelineHits(path)).toBe(1);
  });

  it('never replays to or from a request that carries a token', async () => {
    const path = `/api/ondemand?page=0&s=${member.token}`;
    await fetch(base + path);
    const again = await fetch(base + path);
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    expect(pipelineHits(path)).toBe(2);

    const publicPath = '/api/ondemand?page=0';
    const bearer = await fetch(base + publicPath, { headers: { authorization: `Bearer ${member.token}` } });
    expect(bearer.headers.get('cache-control')).toBe('private, no-store');
    expect(pipelineHits(publicPath)).toBe(2);
  });

  it("never replays to or from a page of the site's own that carries the session cookie (0842)", async () => {
    const path = '/api/ondemand?page=0&cookie';
    const ownPage = { 'sec-fetch-site': 'same-origin', cookie: `opence_session=${member.token}` };
    await fetch(base + path, { headers: ownPage });
    const again = await fetch(base + path, { headers: ownPage });
    expect(again.headers.get('cache-control')).toBe('private, no-store');
    // A visitor's answer, kept, is not given to the member either.
    const visitor = await fetch(base + path);
    expect(visitor.headers.get('cache-control')).toBe('public, max-age=30');
    const signedIn = await fetch(base + path, { headers: ownPage });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(pipelineHits(path)).toBe(4);
  });

  it('keeps an answer only until its cache time ends, and only for GET', () => {
    const replay = createPublicReplay({ headers: {}, maxEntries: 2, compressFrom: 1024 });
    const request = (url: string, method = 'GET') => ({ url, method, headers: {} }) as never;
    const body = (expiresAt: number) => ({ json: '{"status":true}', etag: 'W/"x"', expiresAt });
    const sent: number[] = [];
    const response = { writeHead: (code: number) => (sent.push(code), { end: () => undefined }) } as never;

    replay.remember(request('/api/old'), body(Date.now() - 1));
    replay.remember(request('/api/post', 'POST'), body(Date.now() + 60_000));
    replay.remember(request('/api/a'), body(Date.now() + 60_000));
    expect(replay.serve(request('/api/old'), response)).toBe(false);
    expect(replay.serve(request('/api/post', 'POST'), response)).toBe(false);
    expect(replay.serve(request('/api/a'), response)).toBe(true);
    expect(replay.serve(request('/api/a', 'HEAD'), response)).toBe(false);

    replay.remember(request('/api/b'), body(Date.now() + 60_000));
    replay.remember(request('/api/c'), body(Date.now() + 60_000));
    expect(replay.serve(request('/api/a'), response)).toBe(false);
    expect(sent).toEqual([200]);
  });
});
