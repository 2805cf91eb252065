import { retryAfterMs, Texts } from '@opence/shared';
import { getToken } from './auth.tsx';

/*
 * The one way the web app calls the API (01 §7, decision 0010): every call goes under /api, every
 * verb, and this file alone adds the member's session to it. A refusal becomes an ApiRequestError
 * with the server's text; a transport failure becomes one with the generic text, so callers
 * handle a single kind of error.
 */

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> | null = null,
    /** The server's Retry-After (a 503 when it is busy), in milliseconds. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
  /** Asking again later may succeed: the server was busy or failed, or the network did. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500;
  }
  /** The field the server named, when the refusal is about one. */
  get field(): string | undefined {
    return typeof this.body?.field === 'string' ? this.body.field : undefined;
  }
}

export type TParams = Record<string, string | number | boolean | null | undefined>;
export type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Where the session travels, as the API reads it: `s` in the query or the JSON body (the member's
 * calls, 01 §6), or an Authorization header (the console's calls, every PUT, DELETE and file:
 * a token in a URL would end in logs and downloads).
 */
export type TSessionPlace = 's' | 'header';

export type TCall = {
  params?: TParams;
  body?: Record<string, unknown> | FormData;
  signal?: AbortSignal;
  /** By default the header for the console (`admin/…`), PUT, DELETE and uploads; `s` otherwise. */
  session?: TSessionPlace;
  /** Other fields of the JSON body the API reads the token from (support's hash, erasure's h, 01 §3). */
  sessionFields?: readonly string[];
  accept?: string;
  /** The request may outlive the page (a position saved on pagehide). */
  keepalive?: boolean;
  /** The text of a refusal or failure that brings none of its own. */
  failureText?: string;
};

function toQuery(params: TParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

type TTransport = (url: string, init: RequestInit) => Promise<Response>;

/** How a call reaches the API: the browser's fetch, or the server's own when it renders a screen (0833). */
let transport: TTransport = (url, init) => fetch(url, init);

/** Used by the server's renderer of a member's screen (app/route-render.tsx) only. */
export function setApiTransport(next: TTransport): void {
  transport = next;
}

function sessionPlace(method: TMethod, path: string, call: TCall): TSessionPlace {
  if (call.session) return call.session;
  const isHeader =
    path.startsWith('admin/') || method === 'PUT' || method === 'DELETE' || call.body instanceof FormData;
  return isHeader ? 'header' : 's';
}

/** The request with the session where the API reads it: the one place that adds it. */
function withSession(method: TMethod, path: string, call: TCall): { url: string; init: RequestInit } {
  const token = getToken();
  const place = sessionPlace(method, path, call);
  const headers: Record<string, string> = { accept: call.accept ?? 'application/json' };
  if (place === 'header' && token) headers.authorization = `Bearer ${token}`;
  let params = call.params ?? {};
  let body: BodyInit | undefined;
  if (call.body instanceof FormData) {
    body = call.body;
  } else if (place === 's' && method === 'GET') {
    params = { ...params, s: token };
  } else if (place === 's' || call.body !== undefined) {
    const fields: Record<string, unknown> = { ...call.body };
    if (place === 's') {
      for (const name of call.sessionFields ?? []) fields[name] = token ?? undefined;
      fields.s = token ?? undefined;
    }
    headers['content-type'] = 'application/json';
    body = JSON.stringify(fields);
  }
  const init: RequestInit = { method, headers, body, signal: call.signal };
  if (call.keepalive) init.keepalive = true;
  return { url: `/api/${path.replace(/^\//, '')}${toQuery(params)}`, init };
}

/**
 * The address a member's GET goes to, session included, exactly as apiGet sends it: a download
 * keeps the answers under these addresses so the worker can give them back offline (issue 44).
 */
export function memberReadUrl(path: string, params: TParams = {}): string {
  return withSession('GET', path, { params }).url;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function refusal(response: Response, body: Record<string, unknown> | null, failureText: string) {
  const text = (body?.errorMsg ?? body?.msg) as string | undefined;
  return new ApiRequestError(
    response.status,
    text || failureText,
    body,
    retryAfterMs(response.headers.get('retry-after')),
  );
}

/** The response of a call, or the error the app shows for it. */
async function send(method: TMethod, path: string, call: TCall): Promise<Response> {
  const { url, init } = withSession(method, path, call);
  try {
    return await transport(url, init);
  } catch {
    throw new ApiRequestError(0, call.failureText ?? Texts.GENERIC_ERROR);
  }
}

/** Any call that answers JSON: a refusal is an error status or `status: false` (01 §7). */
export async function apiRequest<T>(method: TMethod, path: string, call: TCall = {}): Promise<T> {
  const response = await send(method, path, call);
  const body = await readJson(response);
  if (!response.ok || body?.status === false) {
    throw refusal(response, body, call.failureText ?? Texts.GENERIC_ERROR);
  }
  return body as T;
}

/** GET /api/<path>; a member's call carries the token as s. */
export function apiGet<T>(path: string, params: TParams = {}, signal?: AbortSignal): Promise<T> {
  return apiRequest<T>('GET', path, { params, signal });
}

/** POST /api/<path> with a JSON body; a member's call carries the token as s in it. */
export function apiPost<T>(
  path: string,
  body?: Record<string, unknown>,
  call: Omit<TCall, 'body'> = {},
): Promise<T> {
  return apiRequest<T>('POST', path, { ...call, body });
}

export function apiPut<T>(path: string, body?: Record<string, unknown>, call: Omit<TCall, 'body'> = {}) {
  return apiRequest<T>('PUT', path, { ...call, body });
}

export function apiDelete<T>(path: string, call: Omit<TCall, 'body'> = {}) {
  return apiRequest<T>('DELETE', path, call);
}

/** Sends one file (multipart) and answers the server's description of it. */
export function apiUpload<T>(path: string, file: File, call: Omit<TCall, 'body'> = {}): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest<T>('POST', path, { ...call, body: form });
}

/** A file the API makes, with the session in a header (a plain link could not carry it). */
async function fetchFile(path: string, call: TCall): Promise<Response> {
  const response = await send('GET', path, { session: 'header', ...call });
  if (!response.ok)
    throw refusal(response, await readJson(response), call.failureText ?? Texts.GENERIC_ERROR);
  return response;
}

export type TDownload = {
  /** The file's name; the server's (Content-Disposition) wins when `isServerNamed`. */
  name: string;
  isServerNamed?: boolean;
};

/** Fetches a file (CSV, PDF, ZIP, the member's data) and hands it to the browser as a download. */
export async function apiDownload(
  path: string,
  file: TDownload,
  call: Omit<TCall, 'body' | 'session'> = {},
): Promise<void> {
  const response = await fetchFile(path, { accept: '*/*', ...call });
  const served = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), {
    href,
    download: (file.isServerNamed && served) || file.name,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Opens a page the server makes for staff (a printable poster) in a new tab. It needs the
 * session, which never goes in a URL, so it is fetched with it and shown from a blob; the tab is
 * opened first, while the click still counts, so no pop-up blocker stops it.
 */
export async function apiOpenPage(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await fetchFile(path, { accept: 'text/html' });
    const href = URL.createObjectURL(new Blob([await response.text()], { type: 'text/html' }));
    if (tab) tab.location.href = href;
    else window.location.assign(href);
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
