import { retryAfterMs, Texts } from '@opence/shared';
import { getToken } from './auth.tsx';

/*
 * The one way the web app calls the API (01 §7): every call goes under /api and carries the
 * member's token as s. A refusal becomes an ApiRequestError with the server's text; a transport
 * failure becomes one with the generic text, so callers handle a single kind of error.
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

type TParams = Record<string, string | number | boolean | null | undefined>;

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

/** A request to the API the way the rest of the app's go (the staff console builds its own). */
export function sendToApi(url: string, init: RequestInit): Promise<Response> {
  return transport(url, init);
}

async function request<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await sendToApi(`/api/${path.replace(/^\//, '')}`, init);
  } catch {
    throw new ApiRequestError(0, Texts.GENERIC_ERROR);
  }
  let body: Record<string, unknown> | null = null;
  try {
    body = (await response.json()) as Record<string, unknown>;
  } catch {
    body = null;
  }
  if (!response.ok || body?.status === false) {
    const text = (body?.errorMsg ?? body?.msg) as string | undefined;
    throw new ApiRequestError(
      response.status,
      text || Texts.GENERIC_ERROR,
      body,
      retryAfterMs(response.headers.get('retry-after')),
    );
  }
  return body as T;
}

/** GET /api/<path> with the token as s. */
export function apiGet<T>(path: string, params: TParams = {}, signal?: AbortSignal): Promise<T> {
  return request<T>(`${path}${toQuery({ ...params, s: getToken() })}`, {
    signal,
    headers: { accept: 'application/json' },
  });
}

/** POST /api/<path> with a JSON body carrying the token as s. */
export function apiPost<T>(path: string, body: Record<string, unknown> = {}): Promise<T> {
  return request<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ ...body, s: getToken() ?? undefined }),
  });
}
