import { randomInt } from 'node:crypto';
import { validProfile, validRegistration } from '../../src/features/accounts/accounts.fixtures.ts';
import type { TTestMember } from '../factories.ts';

/*
 * The mixed load of the fault run: a few clients calling the site as members do (register,
 * reserve a seat on a small live class, pass an exam, save the profile, ask for a password
 * reset), while the server is killed under them. Only what got a success answer goes into the
 * ledger: after the run, each entry must be in the database.
 */

export type TFaultFixtures = {
  webinar: { id: string; hash: string; capacity: number };
  examClasses: { id: string; hash: string; questions: number }[];
  members: TTestMember[];
};

export type TProfileLedger = {
  /** The city of the last update that got a success answer (null: none yet). */
  acked: string | null;
  /** Updates sent after it that got no answer: each may or may not have been saved. */
  unanswered: string[];
};

export type TLedger = {
  registered: { username: string; email: string }[];
  seats: Map<string, { attendeeId: string; isWaiting: boolean }>;
  /** member id + class id of every exam answered as passed. */
  passes: Set<string>;
  profiles: Map<string, TProfileLedger>;
  resetRequests: number;
  /** Contradictions seen in answers while the load ran (a second answer unlike the first). */
  violations: string[];
};

export type TLoadStats = {
  sent: number;
  answered: number;
  /** Answered with an error status (taken seat, exam already passed …). */
  refused: number;
  /** Sent while the server was down: the connection was refused. */
  whileDown: number;
  /** Cut off by a kill (or a timeout): the client cannot know whether they took effect. */
  cutOff: number;
};

type TAnswer = { status: number; body: Record<string, unknown> } | null;

export const passKey = (memberId: string, classId: string) => `${memberId}:${classId}`;

/** A client address per request, so per-address limits see many visitors, as they would. */
const visitorAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

export function createLoad(options: { baseUrl: string; fixtures: TFaultFixtures; clients: number }) {
  const { baseUrl, fixtures } = options;
  const ledger: TLedger = {
    registered: [],
    seats: new Map(),
    passes: new Set(),
    profiles: new Map(fixtures.members.map((m) => [m.id, { acked: null, unanswered: [] }])),
    resetRequests: 0,
    violations: [],
  };
  const stats: TLoadStats = { sent: 0, answered: 0, refused: 0, whileDown: 0, cutOff: 0 };
  const savingProfile = new Set<string>();
  let profileCounter = 0;
  let running = false;
  let clients: Promise<void>[] = [];

  async function call(method: 'GET' | 'POST', path: string, payload?: object): Promise<TAnswer> {
    stats.sent++;
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          'x-forwarded-for': visitorAddress(),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        body: payload ? JSON.stringify(payload) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
      const body = (await res.json()) as Record<string, unknown>;
      stats.answered++;
      if (res.status !== 200) stats.refused++;
      return { status: res.status, body };
    } catch (error) {
      // No answer, so nothing is promised.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code === 'ECONNREFUSED') stats.whileDown++;
      else stats.cutOff++;
      return null;
    }
  }

  async function register(): Promise<TAnswer> {
    const body = validRegistration();
    const answer = await call('POST', '/api/register', body);
    if (answer?.status === 200 && answer.body.status === true) {
      ledger.registered.push({ username: String(body.username), email: String(body.email) });
    }
    return answer;
  }

  async function reserveSeat(): Promise<TAnswer> {
    const member = pick(fixtures.members);
    const query = new URLSearchParams({ s: member.token, c: fixtures.webinar.hash });
    const answer = await call('GET', `/api/reserve-seat?${query}`);
    if (answer?.status !== 200) return answer;
    const seat = { attendeeId: String(answer.body.attendeeId), isWaiting: answer.body.isWaiting === true };
    const earlier = ledger.seats.get(member.id);
    if (earlier && (earlier.attendeeId !== seat.attendeeId || earlier.isWaiting !== seat.isWaiting)) {
      ledger.violations.push(`member ${member.id} was answered two different seats`);
    }
    ledger.seats.set(member.id, seat);
    return answer;
  }

  async function passExam(): Promise<TAnswer> {
    const member = pick(fixtures.members);
    const cls = pick(fixtures.examClasses);
    // Every question's right answer is option 1 (test/factories.ts createExam).
    const answer = await call('POST', '/api/grade-exam', {
      s: member.token,
      c: cls.hash,
      a: Array.from({ length: cls.questions }, () => 1),
      tzOffsetMin: 0,
    });
    if (answer?.status === 200 && answer.body.passed === true) ledger.passes.add(passKey(member.id, cls.id));
    return answer;
  }

  /** One update at a time per member, so the order of a member's updates is known. */
  async function saveProfile(): Promise<TAnswer> {
    const member = pick(fixtures.members);
    if (savingProfile.has(member.id)) return null;
    savingProfile.add(member.id);
    const city = `City ${++profileCounter}`;
    const entry = ledger.profiles.get(member.id)!;
    try {
      const answer = await call(
        'POST',
        '/api/profile',
        validProfile({ s: member.token, city, email: member.email }),
      );
      if (answer?.status === 200 && answer.body.status === true) {
        entry.acked = city;
        entry.unanswered = [];
      } else if (!answer) {
        entry.unanswered.push(city);
      }
      return answer;
    } finally {
      savingProfile.delete(member.id);
    }
  }

  async function requestPasswordReset(): Promise<TAnswer> {
    const answer = await call('POST', '/api/reset-password-request', { u: pick(fixtures.members).username });
    if (answer?.status === 200) ledger.resetRequests++;
    return answer;
  }

  const actions = [register, reserveSeat, passExam, passExam, saveProfile, saveProfile, requestPasswordReset];

  async function client(): Promise<void> {
    while (running) {
      const answer = await pick(actions)();
      // The server is down or restarting: wait a moment instead of spinning on refusals.
      if (!answer) await new Promise((r) => setTimeout(r, 40));
    }
  }

  return {
    ledger,
    stats,
    start() {
      running = true;
      clients = Array.from({ length: options.clients }, () => client());
    },
    /** Stops the clients and waits for the calls in flight. */
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}
