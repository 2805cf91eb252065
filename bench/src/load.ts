import autocannon from 'autocannon';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** The status of a request the server shed (lib/load-shedding.ts). */
export const SHED_STATUS = 503;

/** One measurement: throughput, latency percentiles (ms) and everything that was not a 2xx. */
export type TLoadResult = {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts plus non-2xx answers. */
  errors: number;
  /** Of the errors, the answers refused by load shedding (503, the server busy: decision 0817). */
  shed: number;
  seconds: number;
  /**
   * A paced load only: how late the generator itself handed requests over (ms, 99th percentile),
   * its own event loop falling behind; a latency far above it was spent in the server or waiting
   * for one of its connections.
   */
  generatorLateP99?: number;
};

/** The parts of an autocannon run a scenario chooses; bounded by duration or by amount. */
export type TLoad = {
  url: string;
  connections: number;
  seconds?: number;
  amount?: number;
  /** Requests per second, evenly spaced (an open load: runPaced); as fast as possible when absent. */
  overallRate?: number;
  method?: 'GET' | 'POST';
  /** The request path (with query); called per request when it is a function. */
  path: string | (() => string);
  body?: () => string;
  onResponse?: (status: number, body: string) => void;
};

/**
 * Runs a load against 127.0.0.1 only; never longer than its duration or amount. A load at a
 * rate is paced here (runPaced); a load as fast as possible is autocannon's.
 */
export async function runLoad(load: TLoad): Promise<TLoadResult> {
  if (!load.url.startsWith('http://127.0.0.1:'))
    throw new Error(`load only goes to 127.0.0.1, not ${load.url}`);
  if (!load.seconds && !load.amount) throw new Error('a load needs a duration or an amount');
  if (load.overallRate) return runPaced({ ...load, overallRate: load.overallRate });
  const dynamic = typeof load.path === 'function' || load.body !== undefined;
  const fixedPath = typeof load.path === 'string' ? load.path : '/';
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.seconds }),
    timeout: 10,
    method: load.method ?? 'GET',
    headers: load.body ? { 'content-type': 'application/json' } : {},
    requests: [
      {
        path: fixedPath,
        ...(dynamic
          ? {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                path: typeof load.path === 'function' ? load.path() : fixedPath,
                ...(load.body ? { body: load.body() } : {}),
              }),
            }
          : {}),
        ...(load.onResponse
          ? { onResponse: (status: number, body: string) => load.onResponse!(status, body) }
          : {}),
      },
    ],
  });
  return {
    requests: result.requests.total,
    reqPerSec: Math.round(result.requests.total / result.duration),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.non2xx,
    shed: result.statusCodeStats?.[`${SHED_STATUS}`]?.count ?? 0,
    seconds: Math.round(result.duration * 10) / 10,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const ms = (value: number) => Math.round(value * 10) / 10;
const TIMEOUT_MS = 10_000;

/** A load's result from its answers' latencies (ms, any order) over `seconds`. */
function measured(latencies: number[], seconds: number, errors: number, shed: number): TLoadResult {
  const sorted = latencies.sort((a, b) => a - b);
  return {
    requests: sorted.length,
    reqPerSec: Math.round(sorted.length / seconds),
    p50: ms(percentile(sorted, 0.5)),
    p99: ms(percentile(sorted, 0.99)),
    max: ms(sorted.at(-1) ?? 0),
    errors,
    shed,
    seconds: Math.round(seconds * 10) / 10,
  };
}

/** A one-at-a-time run: the server's own time per answer (its Server-Timing header) beside the client's. */
export type TOneAtATimeResult = TLoadResult & {
  /** Latency seen by the client over loopback, ms. */
  client: { p50: number; p99: number };
  /** Answers without a Server-Timing `dur` (their client latency stands in for the server time). */
  withoutServerTiming: number;
  /** The 5 slowest requests by server time: path and ms. */
  slowest: { path: string; ms: number }[];
};

/**
 * Requests one after the other on one keep-alive connection, for a number of seconds: each
 * request's server time is its answer's `Server-Timing: app;dur=<ms>` (from the request's arrival
 * to its body ready, measured in the server), so the figure is one request's cost, not a queue's.
 */
export async function runOneAtATime(load: {
  url: string;
  seconds: number;
  path: () => string;
}): Promise<TOneAtATimeResult> {
  if (!load.url.startsWith('http://127.0.0.1:'))
    throw new Error(`load only goes to 127.0.0.1, not ${load.url}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const server: number[] = [];
  const client: number[] = [];
  const timed: { path: string; ms: number }[] = [];
  let errors = 0;
  let shed = 0;
  let withoutServerTiming = 0;
  const send = () =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const path = load.path();
      const request = http.get(`${load.url}${path}`, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          const elapsed = performance.now() - sentAt;
          const status = response.statusCode ?? 0;
          if (status < 200 || status >= 300) errors += 1;
          if (status === SHED_STATUS) shed += 1;
          const dur = /dur=([\d.]+)/.exec(String(response.headers['server-timing'] ?? ''))?.[1];
          if (dur === undefined) withoutServerTiming += 1;
          server.push(dur === undefined ? elapsed : Number(dur));
          client.push(elapsed);
          timed.push({ path, ms: server.at(-1)! });
          resolve();
        });
      });
      request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('timeout')));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });
  const startedAt = performance.now();
  while (performance.now() - startedAt < load.seconds * 1000) await send();
  agent.destroy();
  const seconds = (performance.now() - startedAt) / 1000;
  const byClient = measured(client, seconds, errors, shed);
  return {
    ...measured(server, seconds, errors, shed),
    client: { p50: byClient.p50, p99: byClient.p99 },
    withoutServerTiming,
    slowest: timed.sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

/**
 * An open load: one request every 1/rate s, each timed from when it was due to be sent, over
 * keep-alive connections (at most `connections`, extra requests wait for one, as they would
 * for a busy server), and an error when unanswered 10 s after that (autocannon's timeout). autocannon's overallRate does not space requests: each connection sends
 * its share of a second at once when the second starts, so all connections burst together
 * (200 grade submissions, or 2,000 polls, in the first milliseconds of every second), which is
 * not how independent members arrive (docs/decisions/0811).
 */
async function runPaced(load: TLoad & { overallRate: number }): Promise<TLoadResult> {
  const amount = load.amount ?? Math.round(load.overallRate * load.seconds!);
  const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });
  const latencies: number[] = [];
  const late: number[] = [];
  let errors = 0;
  let shed = 0;
  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const path = typeof load.path === 'function' ? load.path() : load.path;
      const body = load.body?.();
      const request = http.request(
        `${load.url}${path}`,
        {
          method: load.method ?? 'GET',
          agent,
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const status = response.statusCode ?? 0;
            latencies.push(performance.now() - dueAt);
            if (status < 200 || status >= 300) errors += 1;
            if (status === SHED_STATUS) shed += 1;
            load.onResponse?.(status, Buffer.concat(chunks).toString());
            resolve();
          });
        },
      );
      // Unanswered 10 s after it was due, waiting for a socket or for the server: an error.
      const timer = setTimeout(
        () => request.destroy(new Error('timeout')),
        TIMEOUT_MS - (performance.now() - dueAt),
      );
      request.on('close', () => clearTimeout(timer));
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });

  const startedAt = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < amount; i++) {
    const dueAt = startedAt + (i * 1000) / load.overallRate;
    const wait = dueAt - performance.now();
    if (wait >= 1) await sleep(wait);
    late.push(performance.now() - dueAt);
    pending.push(send(dueAt));
  }
  await Promise.all(pending);
  agent.destroy();
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    ...measured(latencies, seconds, errors, shed),
    generatorLateP99: ms(
      percentile(
        late.sort((a, b) => a - b),
        0.99,
      ),
    ),
  };
}
