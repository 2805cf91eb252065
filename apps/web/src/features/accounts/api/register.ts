import type { TRegisterResponse } from '@opence/shared/schemas';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/register (01 §7): the whole form; s is null on registration. */
export const registerAccount = (form: Record<string, unknown>) =>
  apiPost<TRegisterResponse>('register', { ...form, s: null });
