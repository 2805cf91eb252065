import { DEFAULT_PLAYER_SPEED, normalizeSpeed } from '@opence/shared';
import type {
  TMediaPositionsResponse,
  TMediaPrefs,
  TMediaTextResponse,
  TTranscriptLine,
} from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from './api-client.ts';
import { getToken } from './auth.tsx';
import { forgetQueuedPosition, isOffline, queueProgress } from './progress-sync/progress-sync.ts';

/*
 * Media everyone can use (issue 26), the browser side: a member's speed, captions choice and
 * positions live on the server (any device); a visitor's stay in this browser's localStorage.
 */

const PREFS_KEY = 'opence.media.prefs';
const POSITIONS_KEY = 'opence.media.positions';
/** A visitor's positions kept at most (the oldest go first). */
const VISITOR_POSITIONS_MAX = 200;

type TStoredPosition = { p: number; d: number; at: number };

function readJson<T>(key: string, fallback: T): T {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full storage: the position is simply not kept.
  }
}

export const isSignedIn = (): boolean => !!getToken();

/** Choices made since this page loaded: they win over a remembered answer still on its way. */
let chosenNow: Partial<TMediaPrefs> = {};

/** The speed and captions choice: the member's from the server, a visitor's from this browser. */
export async function loadPrefs(): Promise<TMediaPrefs> {
  const local = readJson<Partial<TMediaPrefs>>(PREFS_KEY, {});
  const visitor = {
    speed: normalizeSpeed(local.speed ?? DEFAULT_PLAYER_SPEED),
    captionsOn: !!local.captionsOn,
  };
  if (!isSignedIn()) return visitor;
  try {
    const prefs = await apiGet<TMediaPrefs>('media-prefs');
    return Object.assign({ speed: normalizeSpeed(prefs.speed), captionsOn: prefs.captionsOn }, chosenNow);
  } catch {
    return Object.assign(visitor, chosenNow);
  }
}

/** Saves a choice here at once and, for a member, on the server. */
export function savePrefs(change: Partial<TMediaPrefs>): void {
  chosenNow = Object.assign({}, chosenNow, change);
  writeJson(PREFS_KEY, { ...readJson<Partial<TMediaPrefs>>(PREFS_KEY, {}), ...change });
  if (isSignedIn()) void apiPost('media-prefs', change).catch(() => undefined);
}

export function readVisitorPositions(): Record<string, TStoredPosition> {
  return readJson<Record<string, TStoredPosition>>(POSITIONS_KEY, {});
}

/**
 * Saves where the listener is, in one small call. keepalive lets the request finish when the page
 * is being left (pagehide); a visitor's position stays in this browser.
 */
export function savePosition(m: string, positionSec: number, durationSec: number): void {
  if (!isSignedIn()) {
    const all = readVisitorPositions();
    all[m] = { p: positionSec, d: durationSec, at: Date.now() };
    const kept = Object.entries(all)
      .sort((a, b) => b[1].at - a[1].at)
      .slice(0, VISITOR_POSITIONS_MAX);
    writeJson(POSITIONS_KEY, Object.fromEntries(kept));
    return;
  }
  const body = {
    m,
    positionSec: Math.max(0, Math.round(positionSec * 10) / 10),
    durationSec: Number.isFinite(durationSec) ? Math.max(0, Math.round(durationSec * 10) / 10) : 0,
  };
  // Offline, the position waits on the device and is sent once the network returns (decision 1175).
  const queue = () => void queueProgress('position', m, body).catch(() => undefined);
  if (!navigator.onLine) return queue();
  void apiPost('media-position', body, { keepalive: true }).then(
    () => void forgetQueuedPosition(m).catch(() => undefined),
    (error: unknown) => {
      if (isOffline(error)) queue();
    },
  );
}

export type TPositions = Record<string, { positionSec: number; durationSec: number }>;

/** Saved positions of the given media: the member's from the server, a visitor's from here. */
export async function loadPositions(media: string[]): Promise<TPositions> {
  if (media.length === 0) return {};
  if (!isSignedIn()) {
    const all = readVisitorPositions();
    return Object.fromEntries(
      media.filter((m) => all[m]).map((m) => [m, { positionSec: all[m]!.p, durationSec: all[m]!.d }]),
    );
  }
  const answer = await apiGet<TMediaPositionsResponse>('media-positions', { m: media.join(',') });
  return Object.fromEntries(
    answer.positions.map((p) => [p.m, { positionSec: p.positionSec, durationSec: p.durationSec }]),
  );
}

/** The positions of a page's media (not run on the server: they are the reader's own). */
export function usePositions(media: string[]) {
  return useQuery({
    queryKey: ['media-positions', media, isSignedIn()],
    queryFn: () => loadPositions(media),
    enabled: typeof window !== 'undefined' && media.length > 0,
    staleTime: 10_000,
  });
}

export const mediaTextQuery = (m: string) =>
  queryOptions({
    queryKey: ['media-text', m],
    queryFn: ({ signal }) => apiGet<TMediaTextResponse>('media-text', { m }, signal),
    staleTime: 60_000,
  });

/** The captions and transcript of a medium. */
export function useMediaText(m: string | null) {
  return useQuery({ ...mediaTextQuery(m ?? ''), enabled: !!m });
}

export type { TTranscriptLine };
