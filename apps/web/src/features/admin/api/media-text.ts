import type { TAdminMediaListResponse, TAdminMediaTextResponse } from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiUpload } from '../../../lib/api-client.ts';

/** Every episode and video with its captions and transcript; onlyMissing: what lacks them. */
export function useAdminMediaText(onlyMissing: boolean) {
  return useQuery({
    queryKey: ['admin', 'media-text', onlyMissing],
    queryFn: ({ signal }) =>
      apiGet<TAdminMediaListResponse>('admin/media-text', onlyMissing ? { missing: '1' } : {}, signal),
  });
}

/** Uploads (or replaces) a caption track or the transcript of a medium. */
export function useUploadMediaText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { what: 'captions' | 'transcript'; m: string; lang?: string; file: File }) =>
      input.what === 'captions'
        ? apiUpload<TAdminMediaTextResponse>('admin/media-captions', input.file, {
            params: { m: input.m, lang: input.lang ?? 'en' },
          })
        : apiUpload<TAdminMediaTextResponse>('admin/media-transcript', input.file, {
            params: { m: input.m },
          }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'media-text'] }),
  });
}
