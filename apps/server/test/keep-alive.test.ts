import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from './build-test-app.ts';

/*
 * Idle connections stay open longer than a client or a proxy keeps them (nginx: 60 s for its
 * upstream connections). With Node's own 5 s, the server closed a connection a client was about
 * to reuse, and a POST sent on it met a reset (ECONNRESET in the browser suite's register call).
 */

let t: TTestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function get(agent: http.Agent): Promise<{ status: number; socket: Socket }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: request.socket! }));
    });
    request.on('error', reject);
  });
}

describe('keep-alive', () => {
  it('keeps an idle connection longer than a proxy keeps its own, and reuses it after 6 s', async () => {
    expect(t.app.server.keepAliveTimeout).toBeGreaterThan(60_000);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await get(agent);
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const second = await get(agent);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect(second.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });
});
