import type { TClaimPreviewResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/*
 * GET /api/claim-event-preview (issue 36): the event a code names, for a visitor or a member.
 * The key holds whether the reader is signed in, so signing in asks again.
 */
export const claimPreviewKey = (code: string) => ['claim-preview', code] as const;

export const claimPreviewQuery = (code: string, isSignedIn: boolean) =>
  queryOptions({
    queryKey: [...claimPreviewKey(code), isSignedIn] as const,
    queryFn: ({ signal }) => apiGet<TClaimPreviewResponse>('claim-event-preview', { code }, signal),
    staleTime: 0,
  });

export const useClaimPreview = (code: string, isSignedIn: boolean) =>
  useQuery({ ...claimPreviewQuery(code, isSignedIn), enabled: code !== '' });
