import type {
  TTrackerRuleInput,
  TTrackerRulesResponse as TRules,
  TTrackerStaffRuleResponse as TRule,
} from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut } from '../../../lib/api-client.ts';

/* The CE tracker's requirement rules in the console (issue 23): list, read, save. */

const keys = {
  all: ['admin', 'tracker-rules'] as const,
  list: (state: string, licenceType: string) =>
    ['admin', 'tracker-rules', 'list', state, licenceType] as const,
  one: (id: string) => ['admin', 'tracker-rules', 'one', id] as const,
};

export function useTrackerRules(state: string, licenceType: string) {
  return useQuery({
    queryKey: keys.list(state, licenceType),
    queryFn: ({ signal }) =>
      apiGet<TRules>(
        'admin/tracker/rules',
        { state: state || undefined, licenceType: licenceType || undefined },
        signal,
      ),
  });
}

export function useTrackerRule(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => apiGet<TRule>('admin/tracker/rule', { id }, signal),
  });
}

export function useSaveTrackerRule(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TTrackerRuleInput) =>
      apiPut<TRule>(`admin/tracker/rule?id=${encodeURIComponent(id)}`, body),
    onSuccess: (saved) => {
      client.setQueryData(keys.one(id), saved);
      void client.invalidateQueries({ queryKey: keys.all });
    },
  });
}
