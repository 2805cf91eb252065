import { zodResolver } from '@hookform/resolvers/zod';
import { loginRedirectPath, normalClaimCode, ScanTexts, verifyPath } from '@opence/shared';
import { ZScanRequest, type TScanRequest, type TScanResponse } from '@opence/shared/schemas';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { EventEvidence } from '../../../components/evidence/event-evidence.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useScanEvent } from '../api/scan-event.ts';
import '../events.css';

/*
 * /scan and /scan/{door code} (issue 42, docs/decisions/1155–1157): the door screen's QR opens
 * this page on the member's phone, which records the scan at once and says so with the time; a
 * repeated scan says nothing changed; a code that rotated away is refused in words. A visitor
 * signs in or registers with the way back here kept. /scan alone takes a typed door code.
 */

const scanPath = (code = '') => (code ? `/scan/${normalClaimCode(code)}` : '/scan');

function TypedCode({ error }: { error?: string | undefined }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TScanRequest>({ resolver: zodResolver(ZScanRequest), defaultValues: { code: '' } });
  return (
    <form
      className="card claim-code-form"
      noValidate
      onSubmit={handleSubmit(({ code }) => navigate(scanPath(code)))}
    >
      <TextField
        id="scan-code"
        label="Door code"
        hint="As shown under the QR code on the door screen, for example K7QM2P-E-4H7KQ."
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        error={errors.code?.message ?? error}
        registration={register('code')}
      />
      <Button type="submit">Record scan</Button>
    </form>
  );
}

function Scanned({ scanned }: { scanned: TScanResponse }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const isIn = scanned.direction === 'in';
  const isNew = scanned.outcome === 'recorded';
  const sentence = isNew
    ? isIn
      ? ScanTexts.IN_AT
      : ScanTexts.OUT_AT
    : isIn
      ? ScanTexts.IN_DUPLICATE
      : ScanTexts.OUT_DUPLICATE;
  const [before, after] = sentence.split('{time}');
  return (
    <>
      <section className={`card claim-outcome ${isNew ? 'is-new' : ''}`} aria-labelledby="scan-outcome-title">
        <h2 id="scan-outcome-title" ref={heading} tabIndex={-1}>
          {isIn ? ScanTexts.IN_DONE : ScanTexts.OUT_DONE}
        </h2>
        <p className="scan-time">
          {before}
          <LocalTime iso={scanned.scannedAt} format="dateTime" />
          {after}
        </p>
        {isIn && <p>{ScanTexts.IN_NEXT}</p>}
        <p className="scan-event">
          {scanned.evidence.eventTitle} · {scanned.evidence.place}
        </p>
      </section>
      <section className="card">
        <EventEvidence evidence={scanned.evidence} />
        {scanned.certificateNumber && (
          <div className="flow-actions">
            <ButtonLink to={verifyPath(scanned.certificateNumber)}>
              See the evidence with the certificate
            </ButtonLink>
            <Link to="/completed?tab=in-person">CE Completed</Link>
          </div>
        )}
      </section>
    </>
  );
}

function RecordScan({ code }: { code: string }) {
  const scan = useScanEvent();
  const sent = useRef<string | null>(null);
  // The QR's opening is the scan: recorded once per code shown, not again on a re-render.
  useEffect(() => {
    if (sent.current === code) return;
    sent.current = code;
    scan.mutate(code);
  }, [code, scan]);
  if (scan.isError)
    return (
      <>
        <Alert>{scan.error.message}</Alert>
        <TypedCode />
      </>
    );
  if (!scan.data) return <Spinner label={ScanTexts.RECORDING} />;
  return <Scanned scanned={scan.data} />;
}

function SignInToScan({ code }: { code: string }) {
  const back = scanPath(code);
  return (
    <section className="card claim-outcome" aria-labelledby="scan-sign-in-title">
      <h2 id="scan-sign-in-title">{ScanTexts.SIGN_IN}</h2>
      <p>{ScanTexts.SIGN_IN_NOTE}</p>
      <div className="flow-actions">
        <ButtonLink to={loginRedirectPath(back)}>Sign in</ButtonLink>
        <ButtonLink variant="secondary" to={`/register?rurl=${encodeURIComponent(back)}`}>
          Register
        </ButtonLink>
      </div>
    </section>
  );
}

export function Component() {
  usePageTitle(ScanTexts.PAGE_TITLE);
  const { code = '' } = useParams();
  const session = useSession();
  let body;
  if (!code) body = <TypedCode />;
  else if (!session) body = <SignInToScan code={code} />;
  else body = <RecordScan key={code} code={code} />;
  return (
    <div className="container flow-narrow claim-page">
      <h1>{ScanTexts.PAGE_TITLE}</h1>
      {body}
    </div>
  );
}
