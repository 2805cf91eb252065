import { drilldownPath, isHostedMedia } from '@opence/shared';
import type { TDrilldownObj } from '@opence/shared/schemas';
import { DrilldownPage } from '../../features/drilldowns/pages/drilldown-page.tsx';
import { DownloadButton } from '../../features/offline/components/download-button.tsx';
import { useMediaText } from '../../lib/media-api.ts';

/**
 * A drill-down's download (issue 44): its video and captions tracks. Its page's own reads (the
 * drill-down, its transcript) are in the member's cache once the page opened, as an episode's are;
 * reading the drill-down again here would log a view.
 */
function DrilldownDownloadButton({ drilldown, video }: { drilldown: TDrilldownObj; video: string }) {
  const mediaKey = `drilldown:${drilldown.hash}`;
  const captions = useMediaText(mediaKey).data?.captions;
  if (!captions) return null;
  return (
    <DownloadButton
      download={{
        id: mediaKey,
        title: drilldown.title,
        pageUrl: drilldownPath(drilldown.slug),
        files: [video],
        reads: captions.map((track) => track.src),
      }}
    />
  );
}

/** The drill-down page composed with its download for offline (features meet here, in app/). */
export function Component() {
  return (
    <DrilldownPage
      renderDownloadButton={(drilldown) =>
        isHostedMedia(drilldown.videoUrl) && (
          <DrilldownDownloadButton drilldown={drilldown} video={drilldown.videoUrl} />
        )
      }
    />
  );
}
