import type { TStatusMessage } from '@opence/shared/schemas';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/hide-agd-reminder (01 §7). Callers invalidate accountKeys.home. */
export const hideAgdReminder = () => apiGet<TStatusMessage>('hide-agd-reminder');
