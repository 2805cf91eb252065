import { Texts } from '@opence/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { apiPost } from '../../../lib/api-client.ts';
import { getToken, signOut } from '../../../lib/auth.tsx';
import { forgetSessionCaches } from '../../../lib/offline-caches.ts';
import { sendMemberQueue, unsentCount } from '../../../lib/progress-sync/progress-sync.ts';
import { queryClient } from '../../../lib/query-client.ts';

function leave(): void {
  const revoke = getToken() ? apiPost('logout').catch(() => undefined) : Promise.resolve();
  // The member's offline pages and downloads go before the next page can open (issue 44).
  void revoke
    .then(() => forgetSessionCaches().catch(() => undefined))
    .finally(() => {
      signOut();
      queryClient.clear();
      window.location.replace('/login');
    });
}

/**
 * /logout (01 §2): revokes the session, clears storage and offline copies, goes to /login and reloads. Answers kept
 * on the device are sent first; what cannot be sent yet is kept for this member only, after the
 * member has been told (decision 1179).
 */
export function Component() {
  const navigate = useNavigate();
  const [isAsking, setAsking] = useState(false);
  useEffect(() => {
    void sendMemberQueue()
      .catch(() => 0)
      .then(unsentCount)
      .then((left) => (left > 0 ? setAsking(true) : leave()));
  }, []);
  if (!isAsking) return <Spinner label="Signing out…" />;
  return (
    <div className="container flow-narrow">
      <h1>Log out</h1>
      <Alert kind="info">{Texts.LOGOUT_UNSENT_WARNING}</Alert>
      <div className="flow-actions">
        <Button onClick={leave}>{Texts.LOG_OUT_ANYWAY}</Button>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          {Texts.STAY_SIGNED_IN}
        </Button>
      </div>
    </div>
  );
}
