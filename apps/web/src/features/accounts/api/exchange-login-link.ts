import type { TStudentResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * POST /api/login-link (docs/decisions/0930): a mailed login link's token, exchanged once for a
 * session, by POST so it never sits in an address; with two-factor sign-in on, with the code.
 */
export const useExchangeLoginLink = () =>
  useMutation({
    mutationFn: ({ t, code }: { t: string; code?: string | undefined }) =>
      apiPost<TStudentResponse & { token: string }>('login-link', code ? { t, code } : { t }),
  });
