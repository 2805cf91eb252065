import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** Leaves an e-mail with the banner's sponsor (POST /api/mobilead-submit). */
export function useSubmitMobileAd() {
  return useMutation({
    mutationFn: ({ adId, email }: { adId: string; email: string }) =>
      apiPost<{ status: boolean }>('mobilead-submit', { a: adId, e: email }),
  });
}
