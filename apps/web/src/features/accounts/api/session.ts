import { apiPost } from '../../../lib/api-client.ts';
import { getToken, signIn, signOut } from '../../../lib/auth.tsx';
import { queryClient } from '../../../lib/query-client.ts';

/**
 * Stores the session the way the spec names it (01 §3), with the member's profile zone
 * (docs/decisions/0831), and forgets cached member data.
 */
export function startSession(
  token: string,
  student: { firstname: string; lastname: string; email: string; timeZone?: string | null },
) {
  queryClient.clear();
  signIn({
    token,
    name: [student.firstname, student.lastname].filter(Boolean).join(' '),
    email: student.email,
    timeZone: student.timeZone ?? null,
  });
}

/** POST /api/logout revokes the session on the server too (03 §3); the browser's copy is cleared. */
export async function endSession(): Promise<void> {
  if (getToken()) await apiPost('logout').catch(() => undefined);
  signOut();
  queryClient.clear();
}
