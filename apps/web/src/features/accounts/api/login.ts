import type { TLoginResponse } from '@opence/shared/schemas';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * POST /api/login (01 §7): u is the username or the account e-mail; code is the second factor
 * of an account that has one (docs/decisions/0920), sent with u and p again.
 */
export const login = (u: string, p: string, code?: string) =>
  apiPost<TLoginResponse>('login', code ? { u, p, code } : { u, p });
