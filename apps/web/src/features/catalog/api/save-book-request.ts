import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** Records the member's eBook request (POST /api/book-response-mvp) before the PDF opens. */
export function useSaveBookRequest() {
  return useMutation({
    mutationFn: (bookHash: string) => apiPost<{ status: boolean }>('book-response-mvp', { h: bookHash }),
  });
}
