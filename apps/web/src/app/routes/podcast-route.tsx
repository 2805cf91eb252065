import { CertificateButton } from '../../features/certificates/components/certificate-modal.tsx';
import { PodcastPage } from '../../features/podcasts/pages/podcast-page.tsx';

/** The podcast series page composed with each completed episode's certificate modal (features meet in app/). */
export function Component() {
  return <PodcastPage renderCertificateButton={(target) => <CertificateButton p={target.p} />} />;
}
