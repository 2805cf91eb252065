import { CertificateButton } from '../../features/certificates/components/certificate-modal.tsx';
import { CompletedPage } from '../../features/member-lists/pages/completed-page.tsx';

/** CE Completed composed with the certificate of each row (features meet here, in app/). */
export function Component() {
  return <CompletedPage renderCertificateButton={({ c, p }) => <CertificateButton c={c} p={p} />} />;
}
