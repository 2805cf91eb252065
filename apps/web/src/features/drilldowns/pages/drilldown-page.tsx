import { drilldownPath, pictureAt, Texts } from '@opence/shared';
import type { TDrilldownObj, TDrilldownRow } from '@opence/shared/schemas';
import { useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BannerAd } from '../../../components/banner-ad.tsx';
import { Alert, Badge } from '../../../components/ui/feedback.tsx';
import { VideoPlayer } from '../../../components/video-player.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/dates.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { logDrilldownPlay } from '../api/log-drilldown-play.ts';
import { useDrilldown } from '../api/get-drilldown.ts';
import '../drilldowns.css';

function loadErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 404) return Texts.SELECT_DRILLDOWN;
  return error instanceof Error ? error.message : Texts.GENERIC_ERROR;
}

/** The video, with its first play of this visit logged unless the page was opened with nolog. */
function Video({ drilldown, isLogged }: { drilldown: TDrilldownObj; isLogged: boolean }) {
  const [logError, setLogError] = useState<string | null>(null);
  const isPlayLogged = useRef(false);
  const onPlay = () => {
    if (!isLogged || isPlayLogged.current) return;
    isPlayLogged.current = true;
    void logDrilldownPlay(drilldown.hash).then(setLogError);
  };
  return (
    <>
      <VideoPlayer
        title={drilldown.title}
        youtubeUrl={drilldown.youtubeUrl}
        videoUrl={drilldown.videoUrl}
        poster={drilldown.photo}
        onPlay={onPlay}
        mediaKey={`drilldown:${drilldown.hash}`}
      />
      {logError && <Alert onDismiss={() => setLogError(null)}>{logError}</Alert>}
    </>
  );
}

function RecentDrilldowns({ rows }: { rows: TDrilldownRow[] }) {
  if (rows.length === 0) return null;
  return (
    <aside className="drilldown-recent" aria-labelledby="drilldown-recent-title">
      <h2 id="drilldown-recent-title">{Texts.RECENT_DRILLDOWNS}</h2>
      <ul>
        {rows.map((row) => (
          <li key={row.hash}>
            <Link to={drilldownPath(row.slug)}>
              {row.photo ? (
                <img src={pictureAt(row.photo, 320)} alt="" width={120} height={68} loading="lazy" />
              ) : (
                <span />
              )}
              <span>
                <strong>{row.title}</strong>
                <span className="drilldown-recent-author">{row.author}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}

function DrilldownSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading drill down">
      <div className="skeleton" style={{ aspectRatio: '16 / 9', marginBottom: 12 }} />
      <div className="skeleton" style={{ height: '1.6em', width: '70%' }} />
    </div>
  );
}

/** "Download for offline" of a drill-down whose video the site hosts, given by app/ (issue 44). */
export type TRenderDownloadButton = (drilldown: TDrilldownObj) => ReactNode;

/**
 * A drill-down video (02 §2): /drilldown/{slug}/{nolog?} (alias /drill-down/…). The page view
 * is logged when it loads and the play when the video starts, neither with nolog in the path.
 */
export function DrilldownPage({ renderDownloadButton }: { renderDownloadButton?: TRenderDownloadButton }) {
  const { drilldownId, nolog } = useParams();
  const isLogged = !nolog;
  const drilldown = useDrilldown(drilldownId, !isLogged);
  const obj = drilldown.data?.drilldownObj;
  usePageTitle(obj?.title ?? Texts.DRILLDOWN_LABEL, obj?.description);
  return (
    <div className="container drilldown-page">
      <p className="back-link">
        <Link to="/drilldowns">« {Texts.DRILLDOWN_VIDEOS}</Link>
      </p>
      {!drilldownId && <Alert>{Texts.SELECT_DRILLDOWN}</Alert>}
      {drilldownId && drilldown.isPending && <DrilldownSkeleton />}
      {drilldown.isError && <Alert>{loadErrorText(drilldown.error)}</Alert>}
      {obj && drilldown.data && (
        <div className="drilldown-layout">
          <article aria-labelledby="drilldown-title">
            <Video key={obj.hash} drilldown={obj} isLogged={isLogged} />
            <p className="drilldown-label">
              <Badge>{Texts.DRILLDOWN_LABEL}</Badge>
            </p>
            <h1 id="drilldown-title">{obj.title}</h1>
            <p className="drilldown-byline">
              {obj.author}
              {obj.author && ' · '}
              <time dateTime={obj.datePosted}>{formatDay(obj.datePosted)}</time>
            </p>
            {renderDownloadButton?.(obj)}
            {obj.description && <p>{obj.description}</p>}
            {drilldown.data.bannerAd && <BannerAd ad={drilldown.data.bannerAd} />}
          </article>
          <RecentDrilldowns rows={drilldown.data.data} />
        </div>
      )}
    </div>
  );
}

export function Component() {
  return <DrilldownPage />;
}
