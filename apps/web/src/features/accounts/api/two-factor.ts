import type {
  TStatusMessage,
  TTwoFactorConfirmResponse,
  TTwoFactorSetupResponse,
  TTwoFactorStatus,
} from '@opence/shared/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client.ts';

/* Two-factor sign-in (docs/decisions/0920): the member's own status, enrolment and turning it off. */

export const twoFactorQuery = queryOptions({
  queryKey: ['two-factor'] as const,
  queryFn: ({ signal }) => apiGet<TTwoFactorStatus>('two-factor', {}, signal),
});

export const useTwoFactor = () => useQuery(twoFactorQuery);

export const startTwoFactor = (currentPassword: string) =>
  apiPost<TTwoFactorSetupResponse>('two-factor/setup', { currentPassword });

export const confirmTwoFactor = (code: string) =>
  apiPost<TTwoFactorConfirmResponse>('two-factor/confirm', { code });

export const disableTwoFactor = (currentPassword: string, code: string) =>
  apiPost<TStatusMessage>('two-factor/disable', { currentPassword, code });

/** Ten new recovery codes in place of the old ones; answered this once. */
export const renewRecoveryCodes = (currentPassword: string, code: string) =>
  apiPost<TTwoFactorConfirmResponse>('two-factor/recovery-codes', { currentPassword, code });
