import { Texts } from '@opence/shared';
import { useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCancelSeat } from '../api/cancel-seat.ts';
import { useCancelSeatInfo } from '../api/get-cancel-seat.ts';
import { WebinarDetails } from '../components/webinar-details.tsx';
import '../seats.css';

/** The server's errorMsg, or the spec's fallback (02 §8 Cancel seat). */
function cancelErrorText(error: unknown): string {
  const errorMsg = error instanceof ApiRequestError ? error.body?.errorMsg : undefined;
  return typeof errorMsg === 'string' && errorMsg ? errorMsg : Texts.CANCEL_UNKNOWN;
}

function ReleaseSeat({ code, className }: { code: string; className: string }) {
  const flashNavigate = useFlashNavigate();
  const cancel = useCancelSeat(code);
  const [isConfirming, setConfirming] = useState(false);
  const release = () =>
    cancel.mutate(undefined, {
      onSuccess: () => flashNavigate('/webinars', Texts.SEAT_RELEASED, 'success'),
      onSettled: () => setConfirming(false),
    });
  return (
    <>
      <p>{Texts.CANCEL_EXPLANATION}</p>
      {cancel.isError && <Alert>{cancelErrorText(cancel.error)}</Alert>}
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {Texts.I_CANNOT_ATTEND}
      </Button>
      <Modal
        open={isConfirming}
        title={Texts.CANCEL_CONFIRM}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {Texts.CANCEL_KEEP}
            </Button>
            <Button variant="danger" onClick={release} disabled={cancel.isPending}>
              {Texts.CANCEL_RELEASE}
            </Button>
          </>
        }
      >
        <p>{className}</p>
      </Modal>
    </>
  );
}

/**
 * Cancel seat (/cancel-seat/{code}, 02 §2): the class the code is for, why releasing matters,
 * and 'I Cannot Attend' behind a confirmation. Success goes to /webinars. Without a code: /exams.
 */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const code = params.code ?? search.get('code') ?? '';
  const info = useCancelSeatInfo(code);
  usePageTitle(Texts.CANCEL_SEAT_TITLE);
  if (!code) return <Navigate to="/exams" replace />;

  let body;
  if (info.isPending) body = <Spinner />;
  else if (info.isError || !info.data) {
    body = (
      <>
        <Alert>{info.error?.message ?? Texts.CANCEL_CODE_UNKNOWN}</Alert>
        <p>
          <Link to="/webinars">{Texts.ALL_UPCOMING_WEBINARS}</Link>
        </p>
      </>
    );
  } else {
    body = (
      <WebinarDetails webinar={info.data}>
        <ReleaseSeat code={code} className={info.data.className} />
      </WebinarDetails>
    );
  }
  return (
    <div className="container seats-page">
      <h1>{Texts.CANCEL_SEAT_TITLE}</h1>
      {body}
    </div>
  );
}
