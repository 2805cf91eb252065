import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Texts } from '@opence/shared';

/*
 * When the server cannot answer in time it says so at once (503, Retry-After, a text fit to
 * show) instead of queueing the request behind the others until every one of them times out
 * together (issue 21, decision 0817). Two signals, checked in the HTTP server's handler before
 * any of the app's work:
 * - requests in flight in this process (accepted, not yet answered): on PostgreSQL a surge
 *   shows here first, as requests waiting for a pooled connection while the event loop idles;
 * - how late the event loop runs a timer: CPU-bound overload shows here, while few requests are
 *   in flight (on SQLite a request runs from arrival to answer without yielding, so requests
 *   wait in the socket buffers, not in flight).
 * Only API calls are refused (their callers read the JSON and retry); the health check never is,
 * so a proxy does not take a busy host out of rotation.
 *
 * A reservation is a member's place in the line: its page asks again only three times before it
 * shows an error, and each refusal moves the member back. It is not refused for a late loop, and
 * only beyond twice the in-flight limit (decision 0821). The live room's poll, which backs off
 * and asks again without end and shows nothing for a missed refresh, is what gives way;
 * reservations are few beside it (the surge: 300/s against 2,000 polls/s), so letting them
 * through cannot keep the loop late.
 */

export type TLoadShedding = {
  /** Requests in flight in this process beyond which new ones are refused; 0 turns it off. */
  maxInFlight: number;
  /** Event-loop delay (ms, a timer that fires late) beyond which requests are refused; 0 turns it off. */
  maxEventLoopDelayMs: number;
  /** Seconds the refusal asks the client to wait (Retry-After). */
  retryAfterS: number;
};

export type TLoadShedder = ReturnType<typeof createLoadShedder>;

const TICK_MS = 20;
/**
 * How long a late loop keeps new requests refused: long enough for the backlog to drain (a
 * refusal costs a few µs, so a backlog of 2,000 polls/s clears in well under this).
 */
const HOLD_MS = 200;
const HEALTH = '/api/health';
/**
 * Calls refused last: a refusal here would lose what the member asked for (a seat; a poll's
 * answer, which counts only while the poll is open: decision 1153).
 */
const KEPT = ['/api/reserve-seat', '/api/live-poll-answer'];

/** The API calls are refused when busy; pages and files (not JSON readers) and the health check never. */
function mayRefuse(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith(HEALTH);
}

function isKept(url: string): boolean {
  return KEPT.some(
    (path) => url.startsWith(path) && (url.length === path.length || url[path.length] === '?'),
  );
}

export function createLoadShedder(options: TLoadShedding & { headers: OutgoingHttpHeaders }) {
  let inFlight = 0;
  let refused = 0;
  const body = Buffer.from(JSON.stringify({ status: false, msg: Texts.SERVER_BUSY }));
  const headers: OutgoingHttpHeaders = Object.assign({}, options.headers, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    'cache-control': 'no-store',
    'retry-after': String(options.retryAfterS),
  });

  // A timer that should fire every TICK_MS: how late it fires is how long any callback waited
  // for the loop. Late by more than the limit twice in a row, requests are refused for HOLD_MS.
  let busyUntil = 0;
  let timer: NodeJS.Timeout | null = null;
  if (options.maxEventLoopDelayMs > 0) {
    let expected = performance.now() + TICK_MS;
    let lateBefore = false;
    timer = setInterval(() => {
      const now = performance.now();
      const late = now - expected > options.maxEventLoopDelayMs;
      // Late twice in a row: a backlog, not one long task (a start-up, a large report).
      if (late && lateBefore) busyUntil = now + HOLD_MS;
      lateBefore = late;
      expected = now + TICK_MS;
    }, TICK_MS);
    timer.unref();
  }

  const done = () => {
    inFlight--;
  };

  return {
    /**
     * Lets the request through (counted until its response closes), or refuses it with a 503
     * and returns false.
     */
    admit(request: IncomingMessage, response: ServerResponse): boolean {
      const url = request.url ?? '';
      const kept = isKept(url);
      const overloaded =
        (options.maxInFlight > 0 && inFlight >= (kept ? 2 * options.maxInFlight : options.maxInFlight)) ||
        (!kept && busyUntil > 0 && performance.now() < busyUntil);
      if (overloaded && mayRefuse(url)) {
        refused++;
        response.writeHead(503, headers).end(body);
        return false;
      }
      inFlight++;
      response.once('close', done);
      return true;
    },
    stats: () => ({ inFlight, refused }),
    stop(): void {
      if (timer) clearInterval(timer);
    },
  };
}
