import { Texts } from '@opence/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { signOut } from '../../../lib/auth.tsx';
import { queryClient } from '../../../lib/query-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useConfirmErasure } from '../api/remove-consent.ts';
import '../accounts.css';

/**
 * /gdpr/confirm/{t}: the link of the GDPR mail. Erasure waits for a press of the button, so a
 * mail scanner that opens links cannot erase an account (docs/decisions/0106).
 */
export function Component() {
  usePageTitle('Confirm Data Removal');
  const { t = '' } = useParams();
  const erase = useConfirmErasure();
  const [isDone, setDone] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const confirm = () => {
    setMessage(null);
    erase.mutate(t, {
      onSuccess: () => {
        signOut();
        queryClient.clear();
        setDone(true);
      },
      onError: (error) =>
        setMessage(
          error instanceof ApiRequestError && error.status > 0 ? error.message : Texts.GENERIC_ERROR,
        ),
    });
  };

  return (
    <div className="container narrow">
      <h1>Confirm Data Removal</h1>
      {isDone ? (
        <>
          <Alert kind="success">{Texts.GDPR_ERASED}</Alert>
          <ButtonLink to="/home">Home</ButtonLink>
        </>
      ) : (
        <>
          <p>
            Press the button to erase your personal data now. This cannot be undone: you will be logged out
            everywhere and cannot log in to this account again.
          </p>
          {message && <Alert>{message}</Alert>}
          <Button variant="danger" onClick={confirm} disabled={erase.isPending}>
            Erase my personal data
          </Button>
        </>
      )}
    </div>
  );
}
