import {
  FEATURED_PHOTO_SIZES,
  formatDuration,
  LobbyType,
  PlayLocation,
  podcastCeuText,
  podcastPath,
  Texts,
} from '@opence/shared';
import type { TLobbyDrilldown, TLobbyPodcast } from '@opence/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { VideoPlayer } from '../../../components/video-player.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useLobby, type TLobbyRef } from '../api/get-lobby.ts';
import { pausePlayer, playEpisode, usePlayer } from '../player/player-store.ts';
import { EpisodePlayButton, EpisodeRowPhoto } from './episode-parts.tsx';
import { PlayIcon } from './icons.tsx';
import { Picture } from '../../../components/ui/picture.tsx';
import '../podcasts.css';

/** The lobby's load failure as 02 §8 words it. */
function loadErrorText(error: unknown): string {
  return error instanceof ApiRequestError && error.status > 0
    ? Texts.SERVER_ERROR_LATER
    : Texts.ERROR_ACCESSING_API;
}

const toPlayable = (p: TLobbyPodcast) => ({
  hash: p.hash,
  title: p.title,
  mp3: p.mp3,
  photo: p.photo,
  speakerName: p.speakerName,
});

/** A drill-down of the lobby: the video once chosen (or the first), its poster until then. */
function LobbyVideo({
  drilldown,
  isLoaded,
  isActive,
  autoplay,
  onStart,
}: {
  drilldown: TLobbyDrilldown;
  isLoaded: boolean;
  isActive: boolean;
  autoplay: boolean;
  onStart: () => void;
}) {
  return (
    <li className="lobby-video">
      {isLoaded ? (
        <VideoPlayer
          title={drilldown.title}
          youtubeUrl={drilldown.youtubeUrl}
          videoUrl={null}
          poster={drilldown.photo}
          autoplay={autoplay}
          isActive={isActive}
          onPlay={onStart}
        />
      ) : (
        <button
          type="button"
          className="video-poster"
          onClick={onStart}
          aria-label={`Play ${drilldown.title}`}
        >
          {drilldown.photo && (
            <Picture
              src={drilldown.photo}
              sizes={FEATURED_PHOTO_SIZES}
              loading="lazy"
              width={640}
              height={360}
            />
          )}
          <span className="video-poster-play" aria-hidden="true">
            <PlayIcon size={32} />
          </span>
        </button>
      )}
      <h3>{drilldown.title}</h3>
    </li>
  );
}

/**
 * The drill-downs of a lobby (02 §2): one plays at a time. The first is loaded at once (and
 * autoplays when no podcast does); the others load when chosen. A podcast starting pauses them.
 */
function LobbyDrilldowns({ rows, autoplayFirst }: { rows: TLobbyDrilldown[]; autoplayFirst: boolean }) {
  const [first, ...more] = rows;
  const [active, setActive] = useState<string | null>(autoplayFirst ? (first?.hash ?? null) : null);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set(first ? [first.hash] : []));
  // A podcast playing pauses every video; a video starting pauses the podcast (start).
  const playing = usePlayer().isPlaying ? null : active;
  if (!first) return null;

  const start = (hash: string) => {
    pausePlayer();
    setActive(hash);
    setLoaded((current) => new Set(current).add(hash));
  };
  const video = (row: TLobbyDrilldown, autoplay: boolean) => (
    <LobbyVideo
      key={row.hash}
      drilldown={row}
      isLoaded={loaded.has(row.hash)}
      isActive={playing === row.hash}
      autoplay={autoplay}
      onStart={() => start(row.hash)}
    />
  );
  return (
    <section className="lobby-section" aria-labelledby="lobby-drilldowns">
      <h2 id="lobby-drilldowns" className="visually-hidden">
        {Texts.DRILLDOWNS_TITLE}
      </h2>
      <ul className="lobby-videos lobby-videos-first">{video(first, autoplayFirst)}</ul>
      {more.length > 0 && (
        <>
          <h2 className="lobby-more">{Texts.MORE_DRILLDOWNS}</h2>
          <ul className="lobby-videos">{more.map((row) => video(row, true))}</ul>
        </>
      )}
    </section>
  );
}

function LobbyPodcastRow({ podcast }: { podcast: TLobbyPodcast }) {
  const isFeatured = podcast.lobbyTypeId === LobbyType.FEATURED;
  const facts = [
    formatDuration(podcast.durationSec),
    podcast.credits > 0 ? podcastCeuText(podcast.credits) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <li className={`card episode-row${isFeatured ? ' lobby-featured' : ''}`}>
      <EpisodeRowPhoto photo={podcast.photo} />
      <div className="episode-row-body">
        <h3>
          <Link to={podcastPath(podcast.podcastShowHash, podcast.hash)}>{podcast.title}</Link>
        </h3>
        {podcast.speakerName && <p className="episode-speaker">{podcast.speakerName}</p>}
        <p className="episode-facts">{facts}</p>
        {isFeatured && podcast.featuredBlurb && (
          <p className="lobby-featured-blurb">{podcast.featuredBlurb}</p>
        )}
      </div>
      <div className="episode-actions episode-row-actions">
        <EpisodePlayButton
          episode={toPlayable(podcast)}
          loc={PlayLocation.LOBBY}
          variant={isFeatured ? 'primary' : 'secondary'}
        />
      </div>
    </li>
  );
}

function LobbyPodcasts({ rows }: { rows: TLobbyPodcast[] }) {
  const featured = rows.filter((p) => p.lobbyTypeId === LobbyType.FEATURED);
  const more = rows.filter((p) => p.lobbyTypeId !== LobbyType.FEATURED);
  if (rows.length === 0) return null;
  return (
    <section className="lobby-section" aria-labelledby="lobby-podcasts">
      <h2 id="lobby-podcasts" className="visually-hidden">
        {Texts.PODCASTS_SECTION}
      </h2>
      <ul className="episode-list">
        {featured.map((p) => (
          <LobbyPodcastRow key={p.hash} podcast={p} />
        ))}
      </ul>
      {more.length > 0 && (
        <>
          <h2 className="lobby-more">{Texts.MORE_PODCASTS}</h2>
          <ul className="episode-list">
            {more.map((p) => (
              <LobbyPodcastRow key={p.hash} podcast={p} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * A lobby (02 §2): drill-down videos, then podcast episodes. The featured episode (lobbyTypeId 1)
 * starts when the lobby opens, unless something is already playing; then the first video waits.
 */
export function LobbyContent({ lobby }: { lobby: TLobbyRef }) {
  const query = useLobby(lobby);
  const { isPlaying } = usePlayer();
  // What was already playing when the lobby opened keeps playing: nothing autoplays over it.
  const [wasPlaying] = useState(isPlaying);
  const featured = query.data?.podcasts.data.find((p) => p.lobbyTypeId === LobbyType.FEATURED);
  const hasAutoplayed = useRef(false);
  useEffect(() => {
    if (!featured || hasAutoplayed.current || wasPlaying) return;
    hasAutoplayed.current = true;
    playEpisode({ ...toPlayable(featured), loc: PlayLocation.LOBBY });
  }, [featured, wasPlaying]);

  if (query.isPending) return <Spinner label="Loading videos and podcasts" />;
  if (query.isError) return <Alert>{loadErrorText(query.error)}</Alert>;
  if (!query.data.status || query.data.rowCount === 0) return <Alert>{Texts.SERVER_ERROR_LATER}</Alert>;
  return (
    <>
      <LobbyDrilldowns rows={query.data.drilldowns.data} autoplayFirst={!featured && !wasPlaying} />
      <LobbyPodcasts rows={query.data.podcasts.data} />
    </>
  );
}
