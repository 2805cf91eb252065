import type {
  TStatusMessage,
  TTwoFactorConfirmResponse,
  TTwoFactorSetupResponse,
  TTwoFactorStatus,
} from '@opence/shared/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/* Two-factor sign-in (docs/decisions/0920): the member's own status, enrolment and turning it off. */

export const twoFactorQuery = queryOptions({
  queryKey: ['two-factor'] as const,
  queryFn: ({ signal }) => apiGet<TTwoFactorStatus>('two-factor', {}, signal),
});

export const useTwoFactor = () => useQuery(twoFactorQuery);

/** Each step of enrolment and its undoing; what changes the status reads it again. */
function useTwoFactorStep<TInput, TResult>(call: (input: TInput) => Promise<TResult>, isChange: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => (isChange ? client.invalidateQueries(twoFactorQuery) : undefined),
  });
}

export const useStartTwoFactor = () =>
  useTwoFactorStep(
    (currentPassword: string) => apiPost<TTwoFactorSetupResponse>('two-factor/setup', { currentPassword }),
    false,
  );

export const useConfirmTwoFactor = () =>
  useTwoFactorStep(
    (code: string) => apiPost<TTwoFactorConfirmResponse>('two-factor/confirm', { code }),
    true,
  );

export const useDisableTwoFactor = () =>
  useTwoFactorStep(
    (input: { currentPassword: string; code: string }) =>
      apiPost<TStatusMessage>('two-factor/disable', input),
    true,
  );

/** Ten new recovery codes in place of the old ones; answered this once. */
export const useRenewRecoveryCodes = () =>
  useTwoFactorStep(
    (input: { currentPassword: string; code: string }) =>
      apiPost<TTwoFactorConfirmResponse>('two-factor/recovery-codes', input),
    true,
  );
