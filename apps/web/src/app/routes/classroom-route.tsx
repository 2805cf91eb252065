import { downloadableClassMedia } from '@opence/shared';
import type { TClassObj } from '@opence/shared/schemas';
import { CertificateButton } from '../../features/certificates/components/certificate-modal.tsx';
import { ClassroomPage } from '../../features/classroom/pages/classroom-page.tsx';
import { DownloadButton } from '../../features/offline/components/download-button.tsx';
import { memberReadUrl } from '../../lib/api-client.ts';
import { useMediaText } from '../../lib/media-api.ts';

/**
 * A class's download (issue 44): its recording, and what its pages read offline: the class as the
 * classroom and the evaluation ask for it, its captions and transcript, and the evaluation's page.
 */
function ClassDownloadButton({ classObj, media }: { classObj: TClassObj; media: string }) {
  const mediaKey = `class:${classObj.hash}`;
  const captions = useMediaText(mediaKey).data?.captions;
  // The captions are listed before the button shows, so the download keeps every track.
  if (!captions) return null;
  return (
    <DownloadButton
      download={{
        id: mediaKey,
        title: classObj.className,
        pageUrl: `/classroom/${classObj.hash}`,
        files: [media],
        reads: [
          memberReadUrl('class', { c: classObj.hash, tzOffsetMin: new Date().getTimezoneOffset() }),
          memberReadUrl('class', { c: classObj.hash }),
          memberReadUrl('media-text', { m: mediaKey }),
          ...captions.map((track) => track.src),
          `/eval/${classObj.hash}`,
        ],
      }}
    />
  );
}

/**
 * The classroom composed with the certificate of a completed class and, for a class whose
 * recording the site hosts, its download for offline (features meet here, in app/).
 */
export function Component() {
  return (
    <ClassroomPage
      renderCertificateButton={({ c }) => <CertificateButton c={c} />}
      renderDownloadButton={(classObj) => {
        const media = downloadableClassMedia(classObj);
        return media && <ClassDownloadButton classObj={classObj} media={media} />;
      }}
    />
  );
}
