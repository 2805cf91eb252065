import { CertificateButton } from '../../features/certificates/components/certificate-modal.tsx';
import { ClaimedEventPage } from '../../features/events/pages/claimed-event-page.tsx';

/** A claimed in-person event's page with its certificate (features meet here, in app/). */
export function Component() {
  return <ClaimedEventPage renderCertificateButton={(c) => <CertificateButton c={c} />} />;
}
