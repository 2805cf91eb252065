import { mediaKey, PlayLocation, progressPercent, Texts } from '@opence/shared';
import type { TPodcast, TPodcastResponse } from '@opence/shared/schemas';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { BannerAd } from '../../../components/banner-ad.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { OfflineMessage } from '../../../components/ui/offline-message.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useIsOnline } from '../../../lib/connection.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePodcastPage } from '../api/get-podcast-page.ts';
import {
  EpisodeExam,
  EpisodeFacts,
  EpisodePlayButton,
  EpisodeRowPhoto,
  type TRenderCertificateButton,
} from '../components/episode-parts.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import { MediaTranscript } from '../../../components/media-transcript.tsx';
import { usePositions, type TPositions } from '../../../lib/media-api.ts';
import { playEpisodeFrom } from '../player/player-store.ts';
import '../podcasts.css';

/** The series page's load failure as 02 §8 words it. */
function loadErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 404) return Texts.SELECT_PODCAST;
  return error instanceof ApiRequestError && error.status > 0
    ? Texts.SERVER_ERROR_LATER
    : Texts.ERROR_ACCESSING_API;
}

/** The featured episode's "Download for offline", composed in by the route (features meet in app/). */
export type TRenderDownloadButton = (episode: TPodcast) => ReactNode;

/** How much of an episode the member (or this browser) has listened to, once it is known. */
function EpisodeProgress({ episode, positions }: { episode: TPodcast; positions: TPositions | undefined }) {
  const saved = positions?.[mediaKey('podcast', episode.hash)];
  if (!saved) return null;
  const percent = progressPercent(saved.positionSec, saved.durationSec || episode.durationSec);
  if (percent === 0) return null;
  return (
    <progress
      className="episode-progress"
      max={100}
      value={percent}
      aria-label={`${Texts.EPISODE_PROGRESS} ${percent}%`}
    />
  );
}

function FeaturedEpisode({
  episode,
  renderCertificateButton,
  renderDownloadButton,
  positions,
}: {
  episode: TPodcast;
  renderCertificateButton: TRenderCertificateButton;
  renderDownloadButton: TRenderDownloadButton | undefined;
  positions: TPositions | undefined;
}) {
  return (
    <article className="card featured-episode" aria-labelledby="featured-episode-title">
      {episode.photo && (
        <Picture
          className="featured-episode-photo"
          src={episode.photo}
          sizes="320px"
          width={400}
          height={400}
        />
      )}
      <div className="featured-episode-body">
        <h2 id="featured-episode-title">{episode.title}</h2>
        {episode.speakerName && <p className="episode-speaker">{episode.speakerName}</p>}
        {episode.companyName && <p className="episode-sponsor">{episode.companyName}</p>}
        <EpisodeFacts episode={episode} />
        <EpisodeProgress episode={episode} positions={positions} />
        {episode.description && <p>{episode.description}</p>}
        <div className="episode-actions">
          <EpisodePlayButton episode={episode} loc={PlayLocation.PODCAST} />
          <EpisodeExam episode={episode} renderCertificateButton={renderCertificateButton} />
        </div>
        {renderDownloadButton?.(episode)}
        <MediaTranscript
          m={mediaKey('podcast', episode.hash)}
          onSeek={(seconds) => playEpisodeFrom({ ...episode, loc: PlayLocation.PODCAST }, seconds)}
        />
      </div>
    </article>
  );
}

function EpisodeRow({
  episode,
  renderCertificateButton,
  positions,
}: {
  episode: TPodcast;
  renderCertificateButton: TRenderCertificateButton;
  positions: TPositions | undefined;
}) {
  return (
    <li className="card episode-row">
      <EpisodeRowPhoto photo={episode.photo} />
      <div className="episode-row-body">
        <h3>
          <Link
            to={`/podcast/${encodeURIComponent(episode.podcastShowHash)}/${encodeURIComponent(episode.hash)}`}
          >
            {episode.title}
          </Link>
        </h3>
        {episode.speakerName && <p className="episode-speaker">{episode.speakerName}</p>}
        <EpisodeFacts episode={episode} />
        <EpisodeProgress episode={episode} positions={positions} />
      </div>
      <div className="episode-actions episode-row-actions">
        <EpisodePlayButton episode={episode} loc={PlayLocation.PODCAST} variant="secondary" />
        <EpisodeExam episode={episode} renderCertificateButton={renderCertificateButton} />
      </div>
    </li>
  );
}

function SeriesSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading podcast">
      <div className="card featured-episode">
        <div className="skeleton featured-episode-photo" />
        <div className="featured-episode-body">
          <div className="skeleton" style={{ height: '1.6em', width: '70%', marginBottom: 12 }} />
          <div className="skeleton" style={{ height: '1em', width: '45%', marginBottom: 8 }} />
          <div className="skeleton" style={{ height: '1em', width: '60%' }} />
        </div>
      </div>
    </div>
  );
}

function Series({
  page,
  renderCertificateButton,
  renderDownloadButton,
}: {
  page: TPodcastResponse;
  renderCertificateButton: TRenderCertificateButton;
  renderDownloadButton: TRenderDownloadButton | undefined;
}) {
  const show = page.data[0];
  const others = page.podcasts.data.filter((p) => p.hash !== page.podcast.hash);
  const [ad] = page.bannerAds.bannerAds;
  const positions = usePositions(
    page.podcasts.data.map((p) => mediaKey('podcast', p.hash)).concat(mediaKey('podcast', page.podcast.hash)),
  ).data;
  return (
    <>
      <header className="podcast-show-header">
        <h1>{show?.title ?? page.podcast.title}</h1>
        {show?.blurb && <p>{show.blurb}</p>}
      </header>
      <FeaturedEpisode
        episode={page.podcast}
        renderCertificateButton={renderCertificateButton}
        renderDownloadButton={renderDownloadButton}
        positions={positions}
      />
      {ad && <BannerAd ad={ad} />}
      {others.length > 0 && (
        <section aria-labelledby="more-episodes">
          <h2 id="more-episodes">{Texts.MORE_PODCASTS_LIKE}</h2>
          <ul className="episode-list">
            {others.map((episode) => (
              <EpisodeRow
                key={episode.hash}
                episode={episode}
                renderCertificateButton={renderCertificateButton}
                positions={positions}
              />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * The podcast series page (02 §2): /podcast/{ps}/{p?} or /dental-podcasts/{s}. The featured
 * episode is the one asked for, or the show's newest; the others follow.
 */
export function PodcastPage({
  renderCertificateButton,
  renderDownloadButton,
}: {
  renderCertificateButton: TRenderCertificateButton;
  renderDownloadButton?: TRenderDownloadButton;
}) {
  const isOnline = useIsOnline();
  const { p, ps, s } = useParams();
  const page = usePodcastPage({ p, ps, s });
  const hasRef = Boolean(p || ps || s);
  usePageTitle(page.data?.podcast.title ?? 'Podcast', page.data?.podcast.blurb);
  return (
    <div className="container podcast-page">
      <p className="back-link">
        <Link to="/podcasts">« {Texts.PODCASTS_TITLE}</Link>
      </p>
      {!hasRef && <Alert>{Texts.SELECT_PODCAST}</Alert>}
      {hasRef && page.isPending && <SeriesSkeleton />}
      {page.isError && (isOnline ? <Alert>{loadErrorText(page.error)}</Alert> : <OfflineMessage />)}
      {page.data && (
        <Series
          page={page.data}
          renderCertificateButton={renderCertificateButton}
          renderDownloadButton={renderDownloadButton}
        />
      )}
    </div>
  );
}
