import { TrackerTexts } from '@opence/shared';
import { ApiError, rateLimited } from '../../lib/api-errors.ts';

/*
 * Audit packs built without starving other requests (issue 37 row 2, docs/decisions/0932): two
 * 325 MB ZIPs downloading at once took another member's calls from 0.07 s to 1.2 s. A pack is
 * streamed (each uploaded file read in 64 KiB pieces as the client takes them, lib/zip.ts), and
 * packs are built a few at a time: one per member (a second is refused with 429 while the first
 * downloads) and `perProcess` in the whole process (more wait in line, then 503).
 */

export const PACKS_PER_PROCESS = 2;
/**
 * A pack is sent at most this fast: a 100 MB pack in about 6 s, as fast as most connections
 * take it anyway, while two packs at full loopback speed took most of a core from everyone else.
 */
export const PACK_PACE = { bytesPerSecond: 16 * 1024 * 1024 };
const WAIT_FOR_TURN_MS = 30_000;

/** A held turn: release it when the pack has been sent or the client went away (twice is harmless). */
export type TPackTurn = () => void;

export function createPackLimiter({ perProcess = PACKS_PER_PROCESS, waitMs = WAIT_FOR_TURN_MS } = {}) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const members = new Set<string>();

  /** Resolves when a turn is free; a released turn is handed straight to the next in line. */
  function turn(): Promise<void> {
    if (running < perProcess) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(wake), 1);
        reject(new ApiError(503, TrackerTexts.PACK_BUSY));
      }, waitMs);
      waiting.push(wake);
    });
  }

  return {
    /** A turn to build `memberId`'s pack: 429 while their previous one is still going. */
    async acquire(memberId: string): Promise<TPackTurn> {
      if (members.has(memberId)) throw rateLimited(TrackerTexts.PACK_BUSY_MEMBER);
      members.add(memberId);
      try {
        await turn();
      } catch (error) {
        members.delete(memberId);
        throw error;
      }
      let isReleased = false;
      return () => {
        if (isReleased) return;
        isReleased = true;
        members.delete(memberId);
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      };
    },
    /** Packs being built now, for tests. */
    get running() {
      return running;
    },
  };
}
export type TPackLimiter = ReturnType<typeof createPackLimiter>;
