import type { TStatusMessage } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/**
 * POST /api/profile (01 §7): the whole form, plus password and password2 when changing it. The
 * screen refreshes the profile itself, after the session: the account page draws the tab anew
 * for each fetched profile, which would lose the "Profile updated." the form shows.
 */
export function useSaveProfile() {
  return useMutation({
    mutationFn: (form: Record<string, unknown>) => apiPost<TStatusMessage>('profile', form),
  });
}
