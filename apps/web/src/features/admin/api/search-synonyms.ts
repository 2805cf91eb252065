import type { TSearchSynonym, TSearchSynonymsResponse } from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut, apiDelete } from '../../../lib/api-client.ts';

/*
 * Staff's dental synonym list of search (issue 27): list, save by term (a new term, or a term's
 * new list), delete. Each answer is the whole list, which becomes the cached one.
 */

const key = ['admin', 'search-synonyms'] as const;

export function useSearchSynonyms() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<TSearchSynonymsResponse>('admin/search-synonyms', {}, signal),
  });
}

export function useSaveSearchSynonym() {
  const client = useQueryClient();
  return useMutation({
    /** Saves the entry; an edit that renamed the term deletes the entry under the old one. */
    mutationFn: async (input: { entry: TSearchSynonym; replacesId?: string | undefined }) => {
      const saved = await apiPut<TSearchSynonymsResponse>('admin/search-synonyms', input.entry);
      const term = input.entry.term.toLowerCase();
      const old = input.replacesId ? saved.data.find((r) => r.id === input.replacesId) : undefined;
      if (old && old.term !== term) {
        return apiDelete<TSearchSynonymsResponse>(`admin/search-synonyms/${old.id}`);
      }
      return saved;
    },
    onSuccess: (list) => client.setQueryData(key, list),
  });
}

export function useDeleteSearchSynonym() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<TSearchSynonymsResponse>(`admin/search-synonyms/${id}`),
    onSuccess: (list) => client.setQueryData(key, list),
  });
}
