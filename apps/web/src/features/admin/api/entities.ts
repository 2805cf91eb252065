import type {
  TAdminEntityKey,
  TAdminListResponse,
  TAdminOk,
  TAdminOptionsResponse,
  TAdminRowResponse,
  TAdminValues,
} from '@opence/shared/schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminGet, adminSend } from './admin-request.ts';

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
    queryFn: ({ signal }) => adminGet<TAdminListResponse>(key, { q, page }, signal),
    placeholderData: keepPreviousData,
  });
}

export const entityRowQuery = (key: TAdminEntityKey, id: string) =>
  queryOptions({
    queryKey: entityKeys.row(key, id),
    queryFn: ({ signal }) => adminGet<TAdminRowResponse>(`${key}/${id}`, {}, signal),
    select: (response) => response.data,
  });

export function useEntityRow(key: TAdminEntityKey, id: string | undefined) {
  return useQuery({ ...entityRowQuery(key, id ?? ''), enabled: Boolean(id) });
}

/** The rows of an entity as dropdown choices. */
export function useEntityOptions(key: TAdminEntityKey | undefined) {
  return useQuery({
    queryKey: entityKeys.options(key ?? 'categories'),
    queryFn: ({ signal }) => adminGet<TAdminOptionsResponse>(`${key}/options`, {}, signal),
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
        ? adminSend<TAdminRowResponse>('PUT', `${key}/${id}`, values)
        : adminSend<TAdminRowResponse>('POST', key, values),
    onSuccess: () => client.invalidateQueries({ queryKey: entityKeys.all(key) }),
  });
}

export function useDeleteEntity(key: TAdminEntityKey) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminSend<TAdminOk>('DELETE', `${key}/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: entityKeys.all(key) }),
  });
}
