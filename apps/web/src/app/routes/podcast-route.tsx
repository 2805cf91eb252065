import { isHostedMedia, podcastPath } from '@opence/shared';
import { CertificateButton } from '../../features/certificates/components/certificate-modal.tsx';
import { DownloadButton } from '../../features/offline/components/download-button.tsx';
import { PodcastPage } from '../../features/podcasts/pages/podcast-page.tsx';

/**
 * The podcast series page composed with each completed episode's certificate modal and the
 * featured episode's download for offline (features meet in app/).
 */
export function Component() {
  return (
    <PodcastPage
      renderCertificateButton={(target) => <CertificateButton p={target.p} />}
      renderDownloadButton={(episode) =>
        isHostedMedia(episode.mp3) && (
          <DownloadButton
            download={{
              id: `podcast:${episode.hash}`,
              title: episode.title,
              pageUrl: podcastPath(episode.podcastShowHash, episode.hash),
              files: [episode.mp3],
            }}
          />
        )
      }
    />
  );
}
