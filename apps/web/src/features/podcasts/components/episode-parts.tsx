import {
  examCompletedText,
  formatDuration,
  pictureAt,
  podcastCeuText,
  podcastExamState,
  Texts,
  type TPlayLocation,
} from '@opence/shared';
import type { ReactNode } from 'react';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { isPlayingEpisode, playEpisode, usePlayer } from '../player/player-store.ts';
import { PauseIcon, PlayIcon } from './icons.tsx';

/** An episode as the players need it (series page rows and lobby rows). */
export type TPlayable = {
  hash: string;
  title: string;
  mp3: string;
  photo: string | null;
  speakerName: string;
};

/** The completed episode a certificate button is for, and its PDF. */
export type TCertificateTarget = { p: string; title: string; certUrl: string };

/**
 * The certificate button of a completed episode. The certificate modal belongs to another
 * feature, so the page receives the button from its route module in app/.
 */
export type TRenderCertificateButton = (target: TCertificateTarget) => ReactNode;

/** An episode row's photo (series page and lobby), its small copy, or a blank cell of the grid. */
export function EpisodeRowPhoto({ photo }: { photo: string | null }) {
  if (!photo) return <span />;
  return (
    <img
      className="episode-row-photo"
      src={pictureAt(photo, 320)}
      alt=""
      width={96}
      height={96}
      loading="lazy"
    />
  );
}

/** Play/pause of one episode in the sticky player; another episode's play pauses this one. */
export function EpisodePlayButton({
  episode,
  loc,
  variant = 'primary',
}: {
  episode: TPlayable;
  loc: TPlayLocation;
  variant?: 'primary' | 'secondary';
}) {
  const isPlaying = isPlayingEpisode(usePlayer(), episode.hash);
  const action = isPlaying ? Texts.PLAYER_PAUSE : Texts.PLAYER_PLAY;
  return (
    <Button
      variant={variant}
      aria-label={`${action} ${episode.title}`}
      onClick={() => playEpisode({ ...episode, loc })}
    >
      {isPlaying ? <PauseIcon size={20} /> : <PlayIcon size={20} />}
      {action}
    </Button>
  );
}

/** Date, duration and credits of an episode: 'Mar 2, 2026 · 24:00 · 1 CEU (Self Study)'. */
export function EpisodeFacts({
  episode,
}: {
  episode: { releaseDateUTC: string; durationSec: number; credits: number };
}) {
  const facts = [
    formatDay(episode.releaseDateUTC),
    formatDuration(episode.durationSec),
    episode.credits > 0 ? podcastCeuText(episode.credits) : '',
  ].filter(Boolean);
  return <p className="episode-facts">{facts.join(' · ')}</p>;
}

/** 'Take Exam', or 'Exam Completed on {date}.' with the certificate button (02 §2). */
export function EpisodeExam({
  episode,
  renderCertificateButton,
}: {
  episode: {
    hash: string;
    title: string;
    hasExam: boolean;
    examTaken: boolean;
    examDateLocal: string | null;
    certUrl: string | null;
  };
  renderCertificateButton: TRenderCertificateButton;
}) {
  const state = podcastExamState(episode);
  if (state === 'take') {
    return (
      <ButtonLink variant="secondary" to={`/eval-podcast/${encodeURIComponent(episode.hash)}`}>
        {Texts.TAKE_EXAM}
      </ButtonLink>
    );
  }
  if (state !== 'completed') return null;
  return (
    <>
      {episode.examDateLocal && (
        <p className="episode-completed">{examCompletedText(episode.examDateLocal)}</p>
      )}
      {episode.certUrl &&
        renderCertificateButton({ p: episode.hash, title: episode.title, certUrl: episode.certUrl })}
    </>
  );
}
