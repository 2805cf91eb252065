import type { TTrackerPlan, TTrackerPlanBookingResponse } from '@opence/shared/schemas';
import { PlanTexts } from '@opence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost } from '../../../lib/api-client.ts';

/* The renewal plan's calls (issue 41): the plan of a licence, its booking, its calendar file. */

const planKey = (id: string) => ['tracker', 'plan', id] as const;
const byId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;

export function usePlan(id: string) {
  return useQuery({
    queryKey: planKey(id),
    queryFn: ({ signal }) => apiGet<{ plan: TTrackerPlan }>('tracker/plan', { id }, signal),
  });
}

/** Reserves every live seat of the plan; the plan comes back as it now stands, and the tracker reloads. */
export function useBookPlan(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiPost<Omit<TTrackerPlanBookingResponse, 'status'>>(byId('tracker/plan-booking', id), undefined, {
        session: 'header',
        failureText: PlanTexts.LOAD_FAILED,
      }),
    onSuccess: (answer) => {
      client.setQueryData(planKey(id), { plan: answer.plan });
      void client.invalidateQueries({ queryKey: ['tracker', 'standing', id] });
    },
  });
}

/** Downloads the plan as one calendar file, named by the server. */
export function downloadPlanCalendar(id: string) {
  return apiDownload(
    byId('tracker/plan-calendar', id),
    { name: 'renewal-plan.ics', isServerNamed: true },
    { failureText: PlanTexts.LOAD_FAILED },
  );
}
