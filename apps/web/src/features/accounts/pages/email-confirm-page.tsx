import { Texts } from '@opence/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';
import { profileQuery } from '../api/get-profile.ts';
import { startSession } from '../api/session.ts';
import '../accounts.css';

/**
 * /email/confirm/{t}: the link mailed to a new e-mail address (docs/decisions/0921). The change
 * waits for a press of the button, so a mail scanner that opens links does not make it.
 */
export function Component() {
  usePageTitle('Confirm New E-mail');
  const { t = '' } = useParams();
  const change = useConfirmEmail();
  const [isDone, setDone] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const confirm = async () => {
    setMessage(null);
    try {
      const result = await change.mutateAsync(t);
      setMessage(result.msg ?? Texts.EMAIL_CHANGE_CONFIRMED);
      // A signed-in browser shows the address the account has now.
      const token = getToken();
      if (token) {
        const { student } = await queryClient.fetchQuery({ ...profileQuery, staleTime: 0 }).catch(() => ({
          student: null,
        }));
        if (student) startSession(token, student);
      }
      setDone(true);
    } catch (error) {
      setMessage(error instanceof ApiRequestError && error.status > 0 ? error.message : Texts.GENERIC_ERROR);
    }
  };

  return (
    <div className="container narrow">
      <h1>Confirm New E-mail</h1>
      {isDone ? (
        <>
          <Alert kind="success">{message}</Alert>
          <ButtonLink to="/account?tab=profile">Your profile</ButtonLink>
        </>
      ) : (
        <>
          <p>Press the button to make this address the e-mail of your account.</p>
          {message && <Alert>{message}</Alert>}
          <Button onClick={() => void confirm()} disabled={change.isPending}>
            Confirm new e-mail
          </Button>
        </>
      )}
    </div>
  );
}
