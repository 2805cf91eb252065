import { CertificateButton } from '../../features/certificates/components/certificate-modal.tsx';
import { CoursePreviewPage } from '../../features/classroom/pages/course-preview-page.tsx';

/** The premium course preview composed with the certificate once the exam is taken. */
export function Component() {
  return <CoursePreviewPage renderCertificateButton={({ c }) => <CertificateButton c={c} />} />;
}
