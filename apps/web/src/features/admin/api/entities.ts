import type {
  TAdminEntityKey,
  TAdminListResponse,
  TAdminOk,
  TAdminOptionsResponse,
  TAdminRowResponse,
  TAdminValues,
} from '@opence/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, apiPut, apiDelete } from '../../../lib/api-client.ts';

/*
 * The generic authoring calls: one set for every entity of the admin schema.
 */

export const entityKeys = {
  all: (key: TAdminEntityKey) => ['admin', key] as const,
  list: (key: TAdminEntityKey, q: string, page: number) => ['admin', key, 'list', q, page] as const,
  row: (key: TAdminEntityKey, id: string) => ['admin', key, 'row', id] as const,
  options: (key: TAdminEntityKey) => ['admin', key, 'options'] as const,
};

export function useEntityList(key: TAdminEntityKey, q: string, page: number) {
  return useQuery({
    queryKey: entityKeys.list(key, q, page),
    queryFn: ({ signal }) => apiGet<TAdminListResponse>(`admin/${key}`, { q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export const entityRowQuery = (key: TAdminEntityKey, id: string) =>
  queryOptions({
    queryKey: entityKeys.row(key, id),
    queryFn: ({ signal }) => apiGet<TAdminRowResponse>(`admin/${key}/${id}`, {}, signal),
    select: (response) => response.data,
  });

export function useEntityRow(key: TAdminEntityKey, id: string | undefined) {
  return useQuery({ ...entityRowQuery(key, id ?? ''), enabled: Boolean(id) });
}

/** The rows of an entity as dropdown choices. */
export function useEntityOptions(key: TAdminEntityKey | undefined) {
  return useQuery({
    queryKey: entityKeys.options(key ?? 'categories'),
    queryFn: ({ signal }) => apiGet<TAdminOptionsResponse>(`admin/${key}/options`, {}, signal),
    select: (response) => response.data,
    enabled: Boolean(key),
    staleTime: 60_000,
  });
}

/** Creates (no id) or updates a row; everything cached about the entity is refreshed. */
export function useSaveEntity(key: TAdminEntityKey, id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: TAdminValues) =>
      id
        ? apiPut<TAdminRowResponse>(`admin/${key}/${id}`, values)
        : apiPost<TAdminRowResponse>(`admin/${key}`, values),
    onSuccess: () => client.invalidateQueries({ queryKey: entityKeys.all(key) }),
  });
}

export function useDeleteEntity(key: TAdminEntityKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete<TAdminOk>(`admin/${key}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: entityKeys.all(key) }),
  });
}
