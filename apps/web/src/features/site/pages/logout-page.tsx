import { useEffect } from 'react';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { apiPost } from '../../../lib/api-client.ts';
import { getToken, signOut } from '../../../lib/auth.tsx';
import { queryClient } from '../../../lib/query-client.ts';

/** /logout (01 §2): revokes the session, clears storage, goes to /login and reloads. */
export function Component() {
  useEffect(() => {
    const token = getToken();
    const revoke = token ? apiPost('logout').catch(() => undefined) : Promise.resolve();
    void revoke.finally(() => {
      signOut();
      queryClient.clear();
      window.location.replace('/login');
    });
  }, []);
  return <Spinner label="Signing out…" />;
}
