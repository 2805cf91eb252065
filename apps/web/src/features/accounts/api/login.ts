import type { TLoginResponse } from '@opence/shared/schemas';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/login (01 §7): u is the username or the account e-mail. */
export const login = (u: string, p: string) => apiPost<TLoginResponse>('login', { u, p });
