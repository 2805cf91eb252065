import { Texts } from '@opence/shared';
import { apiDownload } from '../../../lib/api-client.ts';

/** GET /api/my-data (03 §3) saved by the browser as a JSON file. */
export function downloadMyData(): Promise<void> {
  return apiDownload(
    'my-data',
    { name: `my-data-${new Date().toISOString().slice(0, 10)}.json` },
    { accept: 'application/json', failureText: Texts.SERVICE_ERROR },
  );
}
