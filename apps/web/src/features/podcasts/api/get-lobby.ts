import type { TLobbyKind } from '@opence/shared';
import type { TWebinarLobbyResponse } from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** The class (c) or episode (p) a lobby follows, and its kind (02 §7: 'exam' or 'webinar'). */
export type TLobbyRef = { kind: TLobbyKind; c?: string | undefined; p?: string | undefined };

/** GET /api/webinar-lobby (c, p, s, loc): the drill-downs and podcast episodes of a lobby. */
export const lobbyQuery = (ref: TLobbyRef) =>
  queryOptions({
    queryKey: ['lobby', ref.kind, ref.c ?? null, ref.p ?? null] as const,
    queryFn: ({ signal }) =>
      apiGet<TWebinarLobbyResponse>('webinar-lobby', { c: ref.c, p: ref.p, loc: ref.kind }, signal),
    staleTime: 5 * 60_000,
  });

export function useLobby(ref: TLobbyRef) {
  return useQuery(lobbyQuery(ref));
}
