import type { TAdminMediaListResponse, TAdminMediaTextResponse } from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminUpload } from './admin-request.ts';

/** Every episode and video with its captions and transcript; onlyMissing: what lacks them. */
export function useAdminMediaText(onlyMissing: boolean) {
  return useQuery({
    queryKey: ['admin', 'media-text', onlyMissing],
    queryFn: ({ signal }) =>
      adminGet<TAdminMediaListResponse>('media-text', onlyMissing ? { missing: '1' } : {}, signal),
  });
}

/** Uploads (or replaces) a caption track or the transcript of a medium. */
export function useUploadMediaText() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { what: 'captions' | 'transcript'; m: string; lang?: string; file: File }) =>
      input.what === 'captions'
        ? adminUpload<TAdminMediaTextResponse>('media-captions', input.file, {
            m: input.m,
            lang: input.lang ?? 'en',
          })
        : adminUpload<TAdminMediaTextResponse>('media-transcript', input.file, { m: input.m }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['admin', 'media-text'] }),
  });
}
