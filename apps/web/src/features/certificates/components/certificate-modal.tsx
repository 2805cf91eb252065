import { Texts } from '@opence/shared';
import type { TCertificateDetails } from '@opence/shared/schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useCertificate, type TCertificateTarget } from '../api/get-certificate.ts';
import { useSendCertificate } from '../api/send-certificate.ts';
import { LicenceChoice } from './licence-choice.tsx';
import '../certificates.css';

function Details({ certificate, target }: { certificate: TCertificateDetails; target: TCertificateTarget }) {
  const facts: [string, string | null][] = [
    ['Course number', certificate.courseNumber],
    ['Student name', certificate.studentName],
    ['Course title', certificate.courseTitle],
    ['Lecturer', certificate.lecturer],
    ['Date completed', certificate.dateCompleted],
    ['Format', certificate.format],
    ['Method', certificate.method],
    ['Location', certificate.location],
    ['Credit type', certificate.creditType],
    [Texts.CERT_ATTENDANCE_LABEL, certificate.attendanceVerification ?? null],
    ['Credits earned', certificate.creditHoursText],
    ['AGD subject code', certificate.subjectCode],
    ['Certificate number', certificate.certificateNumber],
  ];
  return (
    // Scrolls on a small screen, so it takes focus: keyboard users can scroll it too.
    <div className="certificate-details" role="region" aria-label="Certificate details" tabIndex={0}>
      <FactList facts={facts} />
      <LicenceChoice key={certificate.certificateNumber} target={target} licences={certificate.licences} />
      {certificate.credentialUrl && <p className="certificate-credential-hint">{Texts.CREDENTIAL_HINT}</p>}
      {certificate.description && <p>{certificate.description}</p>}
      {certificate.learningObjectives.length > 0 && (
        <>
          <h3>Learning objectives</h3>
          <ul>
            {certificate.learningObjectives.map((objective) => (
              <li key={objective}>{objective}</li>
            ))}
          </ul>
        </>
      )}
      <footer className="certificate-provider">
        <p>
          <strong>{certificate.providerName}</strong>
          {certificate.providerContact && <> · {certificate.providerContact}</>}
        </p>
        <p>{certificate.accreditationStatement}</p>
        {certificate.approvalPeriod && <p>Approval period: {certificate.approvalPeriod}</p>}
        {certificate.adaCerpStatement && <p>{certificate.adaCerpStatement}</p>}
        {certificate.ukCpdStatement && <p>{certificate.ukCpdStatement}</p>}
        {certificate.signatory && (
          <p>
            Signed for the provider by {certificate.signatory.name}, {certificate.signatory.title}
          </p>
        )}
      </footer>
    </div>
  );
}

/**
 * The Verification of Participation (02 §2 Certificate modal): the certificate's items, the PDF
 * in a new tab, and sending it by e-mail. It opens with busy, success and error cleared.
 */
export function CertificateModal({
  target,
  open,
  onClose,
}: {
  target: TCertificateTarget;
  open: boolean;
  onClose: () => void;
}) {
  const { data, error, isPending } = useCertificate(target, open);
  const send = useSendCertificate(target);
  const certificate = data?.certificate;
  const close = () => {
    send.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      title={Texts.VERIFICATION_OF_PARTICIPATION}
      onClose={close}
      actions={
        <div className="certificate-actions">
          {certificate && (
            <a className="btn" href={certificate.certUrl} target="_blank" rel="noopener noreferrer">
              {Texts.VIEW_PDF_CERTIFICATE}
            </a>
          )}
          {certificate?.credentialUrl && (
            <a className="btn btn-secondary" href={certificate.credentialUrl} download>
              {Texts.DOWNLOAD_CREDENTIAL}
            </a>
          )}
          {certificate?.linkedInUrl && (
            <a
              className="btn btn-secondary"
              href={certificate.linkedInUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              {Texts.ADD_TO_LINKEDIN}
            </a>
          )}
          {certificate && (
            <Button variant="secondary" disabled={send.isPending} onClick={() => send.mutate()}>
              {send.isPending ? 'Sending…' : Texts.EMAIL_CERTIFICATE}
            </Button>
          )}
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        </div>
      }
    >
      {send.isSuccess && <Alert kind="success">{Texts.CERT_SENT}</Alert>}
      {send.error && <Alert onDismiss={() => send.reset()}>{send.error.message}</Alert>}
      {error ? (
        <Alert>{error.message}</Alert>
      ) : isPending || !certificate ? (
        <Spinner />
      ) : (
        <Details certificate={certificate} target={target} />
      )}
    </Modal>
  );
}

/** The 'Verification of Participation' button with its modal; reused by every completed item. */
export function CertificateButton({ c, p }: TCertificateTarget) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {Texts.VERIFICATION_OF_PARTICIPATION}
      </Button>
      {isOpen && <CertificateModal target={{ c, p }} open={isOpen} onClose={() => setOpen(false)} />}
    </>
  );
}
