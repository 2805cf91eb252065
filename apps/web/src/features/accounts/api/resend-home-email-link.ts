import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/home-email-link: the home e-mail's confirmation link again (docs/decisions/0931). */
export const useResendHomeEmailLink = () =>
  useMutation({ mutationFn: () => apiPost<{ status: boolean; msg: string }>('home-email-link') });
