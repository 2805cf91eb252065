import type { TStatusMessage } from '@opence/shared/schemas';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/profile (01 §7): the whole form, plus password and password2 when changing it. */
export const saveProfile = (form: Record<string, unknown>) => apiPost<TStatusMessage>('profile', form);
