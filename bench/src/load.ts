import autocannon from 'autocannon';

/** One measurement: throughput, latency percentiles (ms) and everything that was not a 2xx. */
export type TLoadResult = {
  requests: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors and timeouts plus non-2xx answers. */
  errors: number;
  seconds: number;
};

/** The parts of an autocannon run a scenario chooses; bounded by duration or by amount. */
export type TLoad = {
  url: string;
  connections: number;
  seconds?: number;
  amount?: number;
  /** Requests per second across all connections (open-ish load); unlimited when absent. */
  overallRate?: number;
  method?: 'GET' | 'POST';
  /** The request path (with query); called per request when it is a function. */
  path: string | (() => string);
  body?: () => string;
  onResponse?: (status: number, body: string) => void;
};

/** Runs autocannon against 127.0.0.1 only; never longer than its duration or amount. */
export async function runLoad(load: TLoad): Promise<TLoadResult> {
  if (!load.url.startsWith('http://127.0.0.1:'))
    throw new Error(`load only goes to 127.0.0.1, not ${load.url}`);
  if (!load.seconds && !load.amount) throw new Error('a load needs a duration or an amount');
  const dynamic = typeof load.path === 'function' || load.body !== undefined;
  const fixedPath = typeof load.path === 'string' ? load.path : '/';
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.seconds }),
    ...(load.overallRate ? { overallRate: load.overallRate } : {}),
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
    seconds: Math.round(result.duration * 10) / 10,
  };
}
