/*
 * Media everyone can use (issue 26): listening speeds, the saved positions and the limits of
 * caption files (read on the server: apps/server/src/lib/captions.ts). Pure rules, no zod, no I/O.
 */

/** The sticky player's listening speeds; 1 is the default. */
export const PLAYER_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const DEFAULT_PLAYER_SPEED = 1;
/** A position is saved at most this often while playing (and on pause or leave). */
export const POSITION_SAVE_EVERY_SEC = 15;
/** A caption or transcript file larger than this is refused (characters). */
export const CAPTION_MAX_CHARS = 512 * 1024;
/** How many positions one read may ask for (a page of episodes). */
export const POSITIONS_MAX_KEYS = 100;
/** The media a caption, transcript or position belongs to: kind:hash. */
export const MEDIA_KINDS = ['podcast', 'class', 'drilldown', 'sponsor-video'] as const;
export type TMediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KEY_PATTERN = /^(podcast|class|drilldown|sponsor-video):[A-Za-z0-9_-]{1,64}$/;
/** Caption languages: a BCP 47 tag, kept short. */
export const CAPTION_LANG_PATTERN = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

export const mediaKey = (kind: TMediaKind, hash: string): string => `${kind}:${hash}`;

/** The nearest allowed speed (a stored or hand-typed value outside the list snaps to it). */
export function normalizeSpeed(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  if (!Number.isFinite(n)) return DEFAULT_PLAYER_SPEED;
  return PLAYER_SPEEDS.reduce((best, s) => (Math.abs(s - n) < Math.abs(best - n) ? s : best));
}

/** '1.25×' */
export const formatSpeed = (speed: number): string => `${speed}×`;

/** The position to resume at: none near the start or the end (it would only confuse). */
export function resumeAt(positionSec: number, durationSec: number): number {
  if (!Number.isFinite(positionSec) || positionSec < 5) return 0;
  if (durationSec > 0 && positionSec > durationSec - 10) return 0;
  return positionSec;
}

/** Listened share 0–100 for an episode row's progress bar. */
export function progressPercent(positionSec: number, durationSec: number): number {
  if (!(durationSec > 0) || !(positionSec > 0)) return 0;
  return Math.min(100, Math.round((positionSec / durationSec) * 100));
}
