import type {
  TTrackerCertificate,
  TTrackerStorage,
  TTrackerCertificateInput,
  TTrackerLicence,
  TTrackerLicenceInput,
  TTrackerRule,
  TTrackerStanding,
} from '@opence/shared/schemas';
import { TrackerTexts } from '@opence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, ApiRequestError, sendToApi } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth.tsx';

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

/** A JSON call with any method, the token as a Bearer header (PUT/DELETE carry no s). */
async function send<T>(method: string, path: string, body?: unknown): Promise<T> {
  const token = getToken();
  let response: Response;
  try {
    response = await sendToApi(`/api/${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiRequestError(0, TrackerTexts.LOAD_ERROR);
  }
  const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || json?.status === false) {
    throw new ApiRequestError(response.status, (json?.msg as string) || TrackerTexts.LOAD_ERROR, json);
  }
  return json as T;
}

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

export function useProposal(q: {
  state: string;
  licenceType: string;
  birthMonth: string;
  issueDate: string;
}) {
  const params: Record<string, string> = { state: q.state, licenceType: q.licenceType };
  if (q.birthMonth) params.birthMonth = q.birthMonth;
  if (/^\d{4}-\d{2}-\d{2}$/.test(q.issueDate)) params.issueDate = q.issueDate;
  return useQuery({
    queryKey: keys.proposal(params),
    enabled: Boolean(q.state && q.licenceType),
    queryFn: ({ signal }) =>
      apiGet<{ rule: TTrackerRule | null; period: { start: string; end: string }; needs: string }>(
        'tracker/proposed-period',
        params,
        signal,
      ),
  });
}

export function useAddLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TTrackerLicenceInput) =>
      send<{ licence: TTrackerLicence }>('POST', 'tracker/licences', input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteLicence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send('DELETE', `tracker/licence?id=${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Adds the certificate, then sends its file (two calls: the record is JSON, the file multipart). */
export function useAddCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, file }: { input: TTrackerCertificateInput; file: File | null }) => {
      const { certificate } = await send<{ certificate: TTrackerCertificate }>(
        'POST',
        'tracker/certificates',
        input,
      );
      if (!file) return certificate;
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        return (
          await send<{ certificate: TTrackerCertificate }>(
            'POST',
            `tracker/certificate-file?id=${encodeURIComponent(certificate.id)}`,
            form,
          )
        ).certificate;
      } catch (error) {
        // The file was refused: the record goes too, so the member can send both again.
        await send('DELETE', `tracker/certificate?id=${encodeURIComponent(certificate.id)}`).catch(
          () => null,
        );
        throw error;
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useDeleteCertificate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => send('DELETE', `tracker/certificate?id=${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Downloads the member's own file (the token goes as a header, so a plain link cannot). */
export function downloadCertificateFile(id: string, name: string) {
  return download(`tracker/certificate-file?id=${encodeURIComponent(id)}`, name);
}

/** Downloads the audit pack's PDF transcript of a licence and its period. */
export function downloadAuditPack(id: string, name: string) {
  return download(`tracker/audit-pack?id=${encodeURIComponent(id)}`, name);
}

/** Downloads the audit pack as a ZIP: the transcript and every certificate of the period. */
export function downloadAuditPackZip(id: string, name: string) {
  return download(`tracker/audit-pack-zip?id=${encodeURIComponent(id)}`, name);
}

async function download(path: string, name: string) {
  const token = getToken();
  const response = await sendToApi(`/api/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    // A refusal says why (a pack still being prepared, many packs at once: 0932).
    const body = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new ApiRequestError(response.status, body?.msg || TrackerTexts.LOAD_ERROR);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
