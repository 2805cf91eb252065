import type { TLoginResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * POST /api/login (01 §7): u is the username or the account e-mail; code is the second factor
 * of an account that has one (docs/decisions/0920), sent with u and p again. The session that
 * follows clears the cache (startSession): nothing to invalidate.
 */
export const useLogin = () =>
  useMutation({
    mutationFn: ({ u, p, code }: { u: string; p: string; code?: string | undefined }) =>
      apiPost<TLoginResponse>('login', code ? { u, p, code } : { u, p }),
  });
