import { useEffect } from 'react';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { apiPost } from '../../../lib/api-client.ts';
import { getToken, signOut } from '../../../lib/auth.tsx';
import { forgetSessionCaches } from '../../../lib/offline-caches.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** /logout (01 §2): revokes the session, clears storage and offline copies, goes to /login and reloads. */
export function Component() {
  useEffect(() => {
    const token = getToken();
    const revoke = token ? apiPost('logout').catch(() => undefined) : Promise.resolve();
    // The member's offline pages and downloads go before the next page can open (issue 44).
    void revoke
      .then(() => forgetSessionCaches().catch(() => undefined))
      .finally(() => {
        signOut();
        queryClient.clear();
        window.location.replace('/login');
      });
  }, []);
  return <Spinner label="Signing out…" />;
}
