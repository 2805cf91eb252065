import { Texts } from '@opence/shared';
import { ApiRequestError, sendToApi } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth.tsx';

/*
 * How the staff console calls /api/admin: the token goes in the Authorization header (never in
 * a URL, so it stays out of logs and downloads), with PUT and DELETE beside GET and POST. A
 * refusal becomes the same ApiRequestError the rest of the app handles.
 */

type TParams = Record<string, string | number | undefined | null>;

function url(path: string, params: TParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `/api/admin/${path}${query ? `?${query}` : ''}`;
}

async function send(input: string, init: RequestInit = {}): Promise<Response> {
  const token = getToken();
  try {
    return await sendToApi(input, {
      ...init,
      headers: {
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...init.headers,
      },
    });
  } catch {
    throw new ApiRequestError(0, Texts.GENERIC_ERROR);
  }
}

async function refusal(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const text = typeof body?.msg === 'string' ? body.msg : Texts.GENERIC_ERROR;
  return new ApiRequestError(response.status, text, body);
}

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as T;
}

export function adminGet<T>(path: string, params?: TParams, signal?: AbortSignal): Promise<T> {
  return send(url(path, params), { signal }).then((r) => json<T>(r));
}

export function adminSend<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const init: RequestInit =
    body === undefined
      ? { method }
      : { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } };
  return send(url(path), init).then((r) => json<T>(r));
}

/** Uploads one file (multipart) and answers the server's description of it. */
export function adminUpload<T>(path: string, file: File, params?: TParams): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  return send(url(path, params), { method: 'POST', body: form }).then((r) => json<T>(r));
}

/** Fetches a file (CSV) with the staff token and hands it to the browser as a download. */
export async function adminDownload(path: string, fallbackName: string): Promise<void> {
  const response = await send(url(path), { headers: { accept: 'text/csv' } });
  if (!response.ok) throw await refusal(response);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/**
 * Opens a page the server makes for staff (a printable poster) in a new tab. It needs the staff
 * token, which never goes in a URL, so it is fetched with it and shown from a blob; the tab is
 * opened first, while the click still counts, so no pop-up blocker stops it.
 */
export async function adminOpenPage(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await send(url(path), { headers: { accept: 'text/html' } });
    if (!response.ok) throw await refusal(response);
    const href = URL.createObjectURL(new Blob([await response.text()], { type: 'text/html' }));
    if (tab) tab.location.href = href;
    else window.location.assign(href);
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
