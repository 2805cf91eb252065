/*
 * What a member does offline waits in a queue on the device until the network returns (issue 44,
 * decisions 1175–1179). These are the queue's pure rules; the queue itself lives in the web app
 * (features/progress-sync), in IndexedDB, where the page and the service worker both reach it.
 */

/**
 * What the queue keeps, each sent to the spec's own call (02 §4, §7, media-position): answers, and
 * the listen (a podcast's play log) or view (an on-demand class) that the evaluation needs first.
 */
export type TQueuedKind = 'evaluation' | 'affidavit' | 'position' | 'play' | 'view';

export type TQueuedItem = {
  /** Made on the device when the item is queued; the queue removes exactly the item it sent. */
  id: string;
  /** The member's e-mail as the session keeps it: an item is sent only under that member's session. */
  member: string;
  /** The session it was queued under; the page sends with the member's current one (a new sign-in). */
  token: string;
  kind: TQueuedKind;
  /** What the item is about: the class or podcast hash, or the medium's key. */
  target: string;
  /** The call's JSON body, or a GET's query, without the session (`s` is added when it is sent). */
  body: Record<string, unknown>;
  /** Epoch milliseconds. */
  queuedAt: number;
};

export const PROGRESS_SYNC_TAG = 'opence-progress';

/** Where each kind is sent: the calls a browser without the queue makes too. */
export const QUEUED_CALL_PATH: Record<TQueuedKind, string> = {
  evaluation: 'save-eval',
  affidavit: 'save-affidavit',
  position: 'media-position',
  play: 'podcast-view',
  view: 'class-view',
};

/** The play log and the class view are the spec's GET calls; the body is sent as their query. */
export const QUEUED_CALL_METHOD: Record<TQueuedKind, 'GET' | 'POST'> = {
  evaluation: 'POST',
  affidavit: 'POST',
  position: 'POST',
  play: 'GET',
  view: 'GET',
};

/** Kinds whose first item is the one kept: a listen must stay ahead of what was answered after it. */
const FIRST_KEPT: ReadonlySet<TQueuedKind> = new Set(['play', 'view']);

/**
 * The queue after a new item: a newer answer about the same thing replaces the older one (the
 * member's last position in an episode, their last attendance answer), so the server sees one
 * call per thing, in the member's latest state. A listen or view already queued stays as it is
 * (one per member and target): replaced, it would move behind the evaluation that needs it.
 */
export function withQueued(queue: readonly TQueuedItem[], item: TQueuedItem): TQueuedItem[] {
  const isSame = (other: TQueuedItem) =>
    other.member === item.member && other.kind === item.kind && other.target === item.target;
  if (FIRST_KEPT.has(item.kind) && queue.some(isSame)) return [...queue];
  const kept = queue.filter((other) => !isSame(other));
  return [...kept, item];
}

export type TSendOutcome = 'sent' | 'keep' | 'drop';

/**
 * What a delivery's answer means for the item: sent (2xx); kept for a later try when the network,
 * the server or the session failed (0, 401, 408, 429, 5xx); dropped when the server refused it for
 * good (the exam was already taken, the class is gone): sending it again would be refused again.
 */
export function sendOutcome(status: number): TSendOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return 'keep';
  return 'drop';
}

/** The member's items, oldest first: what a flush under their session sends. */
export function itemsToSend(queue: readonly TQueuedItem[], member: string): TQueuedItem[] {
  return queue.filter((item) => item.member === member).sort((a, b) => a.queuedAt - b.queuedAt);
}

/**
 * Whether an item waits because an older item of the member about the same target was kept for a
 * later try: the evaluation queued after a listen is sent only once the listen has arrived.
 */
export function waitsBehind(item: TQueuedItem, keptEarlier: readonly TQueuedItem[]): boolean {
  return keptEarlier.some((other) => other.member === item.member && other.target === item.target);
}
