import { Texts } from '@opence/shared';
import { useParams } from 'react-router';
import { EventEvidence } from '../../../components/evidence/event-evidence.tsx';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useVerifyCertificate } from '../api/verify-certificate.ts';
import { CredentialCheck } from '../components/credential-check.tsx';
import { WebinarEvidence } from '../components/webinar-evidence.tsx';
import '../certificates.css';

/**
 * The public verification of a certificate /verify/{number} (03 §7): anyone with the number (or
 * the QR code on the PDF) sees the holder, course, date and credits, how the credit was earned
 * and who signed for the provider (issue 35); a wrong number, not found; a revoked certificate
 * says so (issue 40). Below, and alone at /verify, the check of a credential file (decision 1133).
 */
export function Component() {
  usePageTitle('Certificate Verification');
  const number = (useParams().number ?? '').trim();
  const { data, error, isPending, refetch } = useVerifyCertificate(number);

  let body;
  if (!number) {
    body = null;
  } else if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
    body = <Alert>{Texts.CERT_NOT_FOUND}</Alert>;
  } else if (error) {
    body = <LoadError onRetry={() => void refetch()} />;
  } else if (isPending) {
    body = <Spinner />;
  } else {
    body = (
      <div className="card verification">
        {data.revocation ? (
          <p>
            <Badge tone="danger">Revoked</Badge> <span>{Texts.CERT_REVOKED}</span>
          </p>
        ) : (
          <p>
            <Badge tone="success">Valid</Badge> <span>{Texts.CERT_VERIFIED}</span>
          </p>
        )}
        <FactList
          facts={[
            ['Holder', data.holderName],
            ['Course', data.courseTitle],
            ['Course number', data.courseNumber],
            ['Date completed', data.dateCompleted],
            ['Credits', `${data.creditHoursText} (${data.creditType})`],
            ['AGD subject code', data.subjectCode],
            ['Format', data.format],
            ['Method', data.method],
            ['Location', data.location],
            ['Provider', data.providerName],
            [
              'Signed for the provider by',
              data.signatory ? `${data.signatory.name}, ${data.signatory.title}` : null,
            ],
            ['Revoked on', data.revocation?.revokedOn ?? null],
            ['Reason for revocation', data.revocation?.reason ?? null],
          ]}
        />
        {/* Issue 42: an in-person credit decided by scans shows its evidence. */}
        {data.eventEvidence && <EventEvidence evidence={data.eventEvidence} />}
      </div>
    );
  }
  return (
    <div className="container verify">
      <h1>Certificate Verification</h1>
      {number && (
        <p className="verify-number">
          Certificate number: <strong>{number}</strong>
        </p>
      )}
      {body}
      {data?.webinarEvidence && <WebinarEvidence evidence={data.webinarEvidence} />}
      <CredentialCheck />
    </div>
  );
}
