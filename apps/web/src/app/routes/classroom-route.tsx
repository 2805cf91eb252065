import { CertificateButton } from '../../features/certificates/components/certificate-modal.tsx';
import { ClassroomPage } from '../../features/classroom/pages/classroom-page.tsx';

/** The classroom composed with the certificate of a completed class (features meet here, in app/). */
export function Component() {
  return <ClassroomPage renderCertificateButton={({ c }) => <CertificateButton c={c} />} />;
}
