import type { TValidateResponse } from '@opence/shared/schemas';
import { ApiRequestError, apiGet } from '../../../lib/api-client.ts';

/** GET /api/validate-username, validate-email, validate-agd-number (01 §7): status true when usable. */
export const checkAvailability = (
  what: 'validate-username' | 'validate-email' | 'validate-agd-number',
  params: Record<string, string>,
  signal?: AbortSignal,
) =>
  apiGet<TValidateResponse>(what, params, signal).catch((error: unknown) => {
    // A "not available" answer arrives as status false; the client reports it as an error.
    if (error instanceof ApiRequestError && error.status === 200) {
      return { status: false, msg: error.message } satisfies TValidateResponse;
    }
    throw error;
  });
