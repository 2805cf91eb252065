import { OfficeTexts } from '@opence/shared';
import type {
  TOfficeAssignInput,
  TOfficeBoardResponse,
  TOfficeInput,
  TOfficeInviteInput,
  TOfficeJoinInput,
  TOfficeRoleInput,
  TOfficeSharingInput,
  TOfficeSummary,
  TOfficesResponse,
  TOrganisationBoardResponse,
  TOrganisationInput,
  TOrganisationInvitePreviewResponse,
  TOrganisationJoinInput,
  TOrganisationOfficeInput,
  TOrganisationPromoteInput,
  TOrganisationsResponse,
} from '@opence/shared/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDownload, apiGet, apiPost } from '../../../lib/api-client.ts';

/* Offices' calls (issue 43): my offices and assignments, invites and joining, the board, the roster. */

const keys = {
  all: ['offices'] as const,
  invite: (t: string) => ['offices', 'invite', t] as const,
  board: (id: string, filters: TBoardFilters) => ['offices', 'board', id, filters] as const,
  organisations: ['offices', 'organisations'] as const,
  organisationInvite: (t: string) => ['offices', 'organisation-invite', t] as const,
  organisationBoard: (id: string, filters: TOrganisationFilters) =>
    ['offices', 'organisation-board', id, filters] as const,
};
export type TOrganisationFilters = TBoardFilters & { officeId?: string };
export type TBoardFilters = { status?: string; licenceType?: string };

const header = { session: 'header', failureText: OfficeTexts.LOAD_FAILED } as const;

export function useOffices() {
  return useQuery({
    queryKey: keys.all,
    queryFn: ({ signal }) => apiGet<TOfficesResponse>('offices', {}, signal),
  });
}

export function useInvitePreview(t: string) {
  return useQuery({
    queryKey: keys.invite(t),
    queryFn: ({ signal }) =>
      apiGet<{ office: { name: string; state: string }; isMember: boolean }>('office-invite', { t }, signal),
    enabled: t !== '',
    retry: false,
  });
}

export function useBoard(id: string, filters: TBoardFilters) {
  return useQuery({
    queryKey: keys.board(id, filters),
    queryFn: ({ signal }) => apiGet<TOfficeBoardResponse>('office-board', { id, ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every write changes what the office screens and the member's home show. */
function useOfficeMutation<TIn, TOut>(fn: (input: TIn) => Promise<TOut>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.all }),
        client.invalidateQueries({ queryKey: ['member-home'] }),
      ]);
    },
  });
}

export const useCreateOffice = () =>
  useOfficeMutation((input: TOfficeInput) => apiPost<{ office: TOfficeSummary }>('offices', input, header));
export const useInvite = () =>
  useOfficeMutation((input: TOfficeInviteInput) =>
    apiPost<{ link: string; mailedTo: string | null }>('office-invite', input, header),
  );
export const useJoin = () =>
  useOfficeMutation((input: TOfficeJoinInput) =>
    apiPost<{ office: TOfficeSummary }>('office-join', input, header),
  );
export const useSharing = () =>
  useOfficeMutation((input: TOfficeSharingInput) =>
    apiPost<{ office: TOfficeSummary }>('office-sharing', input, header),
  );
export const useLeave = () => useOfficeMutation((id: string) => apiPost('office-leave', { id }, header));
export const useAssign = () =>
  useOfficeMutation((input: TOfficeAssignInput) => apiPost('office-assignments', input, header));
export const useAssignmentDone = () =>
  useOfficeMutation((id: string) => apiPost('office-assignment-done', { id }, header));

export function downloadRoster(id: string, format: 'csv' | 'pdf') {
  return apiDownload(
    `office-roster?id=${encodeURIComponent(id)}&format=${format}`,
    { name: `roster.${format}`, isServerNamed: true },
    { failureText: OfficeTexts.LOAD_FAILED },
  );
}

/* The DSO level (decision 1168): organisations, bringing an office in, the organisation's board. */

export function useOrganisations() {
  return useQuery({
    queryKey: keys.organisations,
    queryFn: ({ signal }) => apiGet<TOrganisationsResponse>('organisations', {}, signal),
  });
}

export function useOrganisationInvitePreview(t: string) {
  return useQuery({
    queryKey: keys.organisationInvite(t),
    queryFn: ({ signal }) => apiGet<TOrganisationInvitePreviewResponse>('organisation-invite', { t }, signal),
    enabled: t !== '',
    retry: false,
  });
}

export function useOrganisationBoard(id: string, filters: TOrganisationFilters) {
  return useQuery({
    queryKey: keys.organisationBoard(id, filters),
    queryFn: ({ signal }) =>
      apiGet<TOrganisationBoardResponse>('organisation-board', { id, ...filters }, signal),
    placeholderData: keepPreviousData,
  });
}

export const useCreateOrganisation = () =>
  useOfficeMutation((input: TOrganisationInput) => apiPost('organisations', input, header));
export const useOrganisationInvite = () =>
  useOfficeMutation((id: string) => apiPost<{ link: string }>('organisation-invite', { id }, header));
export const useOrganisationJoin = () =>
  useOfficeMutation((input: TOrganisationJoinInput) => apiPost('organisation-join', input, header));
export const useRemoveOffice = () =>
  useOfficeMutation((input: TOrganisationOfficeInput) =>
    apiPost('organisation-office-remove', input, header),
  );
export const useLeaveOrganisation = () =>
  useOfficeMutation((id: string) => apiPost('organisation-leave', { id }, header));

export function downloadOrganisationRoster(id: string, officeId: string | undefined, format: 'csv' | 'pdf') {
  const office = officeId ? `&officeId=${encodeURIComponent(officeId)}` : '';
  return apiDownload(
    `organisation-roster?id=${encodeURIComponent(id)}${office}&format=${format}`,
    { name: `roster.${format}`, isServerNamed: true },
    { failureText: OfficeTexts.LOAD_FAILED },
  );
}

/* A second manager; closing (decision 1169). */
export const useRole = () =>
  useOfficeMutation((input: TOfficeRoleInput) =>
    apiPost<{ office: TOfficeSummary }>('office-role', input, header),
  );
export const useCloseOffice = () =>
  useOfficeMutation((id: string) => apiPost('office-close', { id }, header));
export const usePromoteToOrganisation = () =>
  useOfficeMutation((input: TOrganisationPromoteInput) => apiPost('organisation-promote', input, header));
export const useCloseOrganisation = () =>
  useOfficeMutation((id: string) => apiPost('organisation-close', { id }, header));
