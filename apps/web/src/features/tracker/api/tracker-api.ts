import type {
  TTrackerCertificate,
  TTrackerStorage,
  TTrackerCertificateInput,
  TTrackerLicence,
  TTrackerLicenceInput,
  TTrackerRule,
  TTrackerStanding,
} from '@opence/shared/schemas';
import { TrackerTexts, type TTrackerPeriodQuestion, type TTrackerPermit } from '@opence/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiDownload, apiGet, apiPost, apiPut, apiUpload } from '../../../lib/api-client.ts';

/* The CE tracker's calls (issue 23): licences, where I stand, certificates, topics. */

const keys = {
  all: ['tracker'] as const,
  licences: ['tracker', 'licences'] as const,
  standing: (id: string) => ['tracker', 'standing', id] as const,
  certificates: ['tracker', 'certificates'] as const,
  topics: ['tracker', 'topics'] as const,
  states: ['tracker', 'states'] as const,
  proposal: (q: Record<string, string>) => ['tracker', 'proposal', q] as const,
};

/** The tracker's writes carry the session in a header (0010), and its refusals fall back to its own text. */
const header = { session: 'header', failureText: TrackerTexts.LOAD_ERROR } as const;
const byId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;

export function useLicences() {
  return useQuery({
    queryKey: keys.licences,
    queryFn: ({ signal }) => apiGet<{ licences: TTrackerLicence[] }>('tracker/licences', {}, signal),
  });
}

export function useStanding(id: string) {
  return useQuery({
    queryKey: keys.standing(id),
    queryFn: ({ signal }) => apiGet<{ standing: TTrackerStanding }>('tracker/standing', { id }, signal),
  });
}

export function useCertificates() {
  return useQuery({
    queryKey: keys.certificates,
    queryFn: ({ signal }) =>
      apiGet<{ certificates: TTrackerCertificate[]; storage?: TTrackerStorage }>(
        'tracker/certificates',
        {},
        signal,
      ),
  });
}

export function useTopics() {
  return useQuery({
    queryKey: keys.topics,
    queryFn: ({ signal }) =>
      apiGet<{ topics: { code: string; label: string; kind: string }[] }>('tracker/topics', {}, signal),
    staleTime: Infinity,
  });
}

/** The states of the profile's list (account-items). */
export function useStates() {
  return useQuery({
    queryKey: keys.states,
    queryFn: ({ signal }) =>
      apiGet<{ states: { value: string; label: string }[] }>('account-items', {}, signal),
    staleTime: Infinity,
  });
}

export type TProposal = {
  rule: TTrackerRule | null;
  period: { start: string; end: string } | null;
  asks: TTrackerPeriodQuestion[];
  renewalYears: number[];
  basis: 'rule' | 'member' | null;
  hint: string | null;
  questions: { dea: boolean; permits: TTrackerPermit[]; issuedOn: boolean; requiredHours: boolean };
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/**
 * The period the state's rule proposes from the answers so far, or the questions it needs. Only
 * complete answers are sent (a year of four digits, a whole date); the previous answer stays
 * on screen while the next loads, so no question flickers away while typing (issue 36).
 */
export function useProposal(q: {
  state: string;
  licenceType: string;
  birthMonth: string;
  birthYear: string;
  renewalYear: string;
  renewalDate: string;
  issueDate: string;
}) {
  const params: Record<string, string> = { state: q.state, licenceType: q.licenceType };
  if (/^(?:[1-9]|1[0-2])$/.test(q.birthMonth)) params.birthMonth = q.birthMonth;
  if (/^(?:19|20)\d\d$/.test(q.birthYear)) params.birthYear = q.birthYear;
  if (/^20\d\d$/.test(q.renewalYear)) params.renewalYear = q.renewalYear;
  if (DAY.test(q.renewalDate)) params.renewalDate = q.renewalDate;
  if (DAY.test(q.issueDate)) params.issueDate = q.issueDate;
  return useQuery({
    queryKey: keys.proposal(params),
    enabled: Boolean(q.state && q.licenceType),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiGet<TProposal>('tracker/proposed-period', params, signal),
  });
}

export function useAddLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TTrackerLicenceInput) =>
      apiPost<{ licence: TTrackerLicence }>('tracker/licences', input, header),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useUpdateLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TTrackerLicenceInput }) =>
      apiPut<{ licence: TTrackerLicence }>(byId('tracker/licence', id), input, header),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Deletes a licence; it can be restored for a few minutes (useRestoreLicence). */
export function useDeleteLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(byId('tracker/licence', id), header),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRestoreLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<{ licence: TTrackerLicence }>(byId('tracker/licence-restore', id), undefined, header),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Marks one of a licence's requirements done on a day, or removes the mark (doneOn null). */
export function useSetCheck(licenceId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; doneOn: string | null }) =>
      apiPut<{ licence: TTrackerLicence }>(byId('tracker/licence-check', licenceId), input, header),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Adds the certificate, then sends its file (two calls: the record is JSON, the file multipart). */
export function useAddCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, file }: { input: TTrackerCertificateInput; file: File | null }) => {
      const { certificate } = await apiPost<{ certificate: TTrackerCertificate }>(
        'tracker/certificates',
        input,
        header,
      );
      if (!file) return certificate;
      try {
        return (
          await apiUpload<{ certificate: TTrackerCertificate }>(
            byId('tracker/certificate-file', certificate.id),
            file,
            header,
          )
        ).certificate;
      } catch (error) {
        // The file was refused: the record goes too, so the member can send both again.
        await apiDelete(byId('tracker/certificate', certificate.id), header).catch(() => null);
        throw error;
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Deletes a certificate; it and its file can be restored for a few minutes (useRestoreCertificate). */
export function useDeleteCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(byId('tracker/certificate', id), header),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRestoreCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiPost<{ certificate: TTrackerCertificate }>(
        byId('tracker/certificate-restore', id),
        undefined,
        header,
      ),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Downloads the member's own file (the token goes as a header, so a plain link cannot). */
export function downloadCertificateFile(id: string, name: string) {
  return download(byId('tracker/certificate-file', id), name);
}

/** Downloads the audit pack's PDF transcript of a licence and its period. */
export function downloadAuditPack(id: string, name: string) {
  return download(byId('tracker/audit-pack', id), name);
}

/** Downloads the audit pack as a ZIP: the transcript and every certificate of the period. */
export function downloadAuditPackZip(id: string, name: string) {
  return download(byId('tracker/audit-pack-zip', id), name);
}

/** The server's refusal says why (a pack still being prepared, many packs at once: 0932). */
function download(path: string, name: string) {
  return apiDownload(path, { name }, { failureText: TrackerTexts.LOAD_ERROR });
}
