import { downloadsCacheName, isSessionCache, sessionKeyOf, WORKER_STATE_CACHE } from '@opence/shared';

/*
 * The page's side of the service worker's caches (issue 44, docs/decisions/1171): it tells the
 * worker which session is signed in, deletes every session cache at logout, and keeps the
 * member's downloads. Used by src/sw.ts too, for the names of its messages.
 */

/** The page the worker keeps, as a visitor sees it, to draw any route in offline. */
export const OFFLINE_SHELL_PATH = '/downloads';

export const WorkerMessage = {
  SESSION: 'opence-session',
  SIGNED_OUT: 'opence-signed-out',
  SKIP_WAITING: 'SKIP_WAITING',
} as const;
export type TWorkerMessage =
  | { type: typeof WorkerMessage.SESSION; key: string | null }
  | { type: typeof WorkerMessage.SIGNED_OUT }
  | { type: typeof WorkerMessage.SKIP_WAITING };

const hasCaches = () => typeof caches !== 'undefined';

/** A session's key: the worker computes the same from the token a member's call carries. */
export async function sessionKeyFor(token: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  return sessionKeyOf([...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join(''));
}

/** Tells the worker (when one runs this page) which session is signed in. */
export async function tellWorkerSession(token: string | null): Promise<void> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return;
  const message: TWorkerMessage = {
    type: WorkerMessage.SESSION,
    key: token ? await sessionKeyFor(token) : null,
  };
  worker.postMessage(message);
}

/**
 * At logout: every session's pages, answers and downloads go. Done here, not only by the worker,
 * so they go even where no worker runs; the worker forgets the session too.
 */
export async function forgetSessionCaches(): Promise<void> {
  const message: TWorkerMessage = { type: WorkerMessage.SIGNED_OUT };
  navigator.serviceWorker?.controller?.postMessage(message);
  if (!hasCaches()) return;
  const names = await caches.keys();
  await Promise.all(names.filter(isSessionCache).map((name) => caches.delete(name)));
  await (await caches.open(WORKER_STATE_CACHE)).delete('/__opence/session');
}

/** One download: what it is, where it opens, and the files kept for it. */
export type TDownload = {
  id: string;
  title: string;
  /** The page it opens at (kept with it, with the answers the page read). */
  pageUrl: string;
  files: string[];
  /**
   * Small reads kept beside the files, not counted in the size asked first: the API answers and
   * other pages the download opens offline (a class's own answers, its evaluation, its captions).
   */
  reads?: string[];
  bytes: number;
  savedAt: string;
};

const INDEX_URL = '/__opence/downloads';

async function downloadsCache(token: string): Promise<Cache> {
  return caches.open(downloadsCacheName(await sessionKeyFor(token)));
}

/** The session's downloads, newest first. */
export async function listDownloads(token: string): Promise<TDownload[]> {
  if (!hasCaches()) return [];
  const index = await (await downloadsCache(token)).match(INDEX_URL);
  return index ? ((await index.json()) as TDownload[]) : [];
}

async function writeIndex(cache: Cache, downloads: TDownload[]): Promise<void> {
  await cache.put(
    INDEX_URL,
    new Response(JSON.stringify(downloads), { headers: { 'content-type': 'application/json' } }),
  );
}

/** The size of the files before downloading them, from their Content-Length (null if one is unknown). */
export async function sizeOf(files: string[]): Promise<number | null> {
  let total = 0;
  for (const file of files) {
    const response = await fetch(file, { method: 'HEAD' });
    const length = Number(response.headers.get('content-length'));
    if (!response.ok || !Number.isFinite(length) || length <= 0) return null;
    total += length;
  }
  return total;
}

/** Reads a response whole, telling how many bytes have come. */
async function readAll(response: Response, onBytes: (bytes: number) => void): Promise<Blob> {
  const reader = response.body?.getReader();
  if (!reader) return response.blob();
  const parts: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.length;
    onBytes(bytes);
  }
  return new Blob(parts as BlobPart[], { type: response.headers.get('content-type') ?? '' });
}

/** Every address a download keeps: its files, its page and its reads. */
function keptUrls(download: Pick<TDownload, 'files' | 'pageUrl' | 'reads'>): string[] {
  return [...download.files, download.pageUrl, ...(download.reads ?? [])];
}

/**
 * Downloads the files, the page and the reads for the session; reports the files' bytes as they
 * come. A failed file or read leaves nothing half kept. An episode's page reads are already in the
 * member's cache (kept until logout, as downloads are); a class names its reads, as the page that
 * downloads it has not opened its evaluation.
 */
export async function saveDownload(
  token: string,
  download: Omit<TDownload, 'bytes' | 'savedAt'>,
  onBytes: (bytes: number) => void,
): Promise<TDownload> {
  const cache = await downloadsCache(token);
  const kept: [string, Response][] = [];
  let done = 0;
  for (const file of download.files) {
    const response = await fetch(file);
    if (!response.ok) throw new Error(`${file}: ${response.status}`);
    const body = await readAll(response, (bytes) => onBytes(done + bytes));
    done += body.size;
    const headers = new Headers({ 'content-type': body.type, 'content-length': String(body.size) });
    kept.push([file, new Response(body, { headers })]);
  }
  const page = await fetch(download.pageUrl, { credentials: 'same-origin' });
  if (page.ok) kept.push([download.pageUrl, page]);
  for (const url of download.reads ?? []) {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const body = await response.blob();
    done += body.size;
    kept.push([url, new Response(body, { headers: response.headers })]);
  }
  for (const [url, response] of kept) await cache.put(url, response);
  const saved: TDownload = { ...download, bytes: done, savedAt: new Date().toISOString() };
  const others = (await listDownloads(token)).filter((d) => d.id !== download.id);
  await writeIndex(cache, [saved, ...others]);
  return saved;
}

/** Removes one download's files (those no other download keeps) and its entry. */
export async function removeDownload(token: string, id: string): Promise<void> {
  const cache = await downloadsCache(token);
  const downloads = await listDownloads(token);
  const gone = downloads.find((d) => d.id === id);
  const rest = downloads.filter((d) => d.id !== id);
  if (gone) {
    const stillKept = new Set(rest.flatMap(keptUrls));
    for (const url of keptUrls(gone)) if (!stillKept.has(url)) await cache.delete(url);
  }
  await writeIndex(cache, rest);
}
