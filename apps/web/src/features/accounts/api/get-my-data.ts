import { Texts } from '@opence/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth.tsx';

/** GET /api/my-data (03 §3) saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const token = getToken();
  const response = await fetch('/api/my-data', {
    headers: { accept: 'application/json', authorization: `Bearer ${token ?? ''}` },
  });
  if (!response.ok) throw new ApiRequestError(response.status, Texts.SERVICE_ERROR);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
