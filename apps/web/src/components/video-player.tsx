import { Texts, Timing, VIDEO_SPEEDS, youtubeEmbedUrl, youtubeVideoId } from '@opence/shared';
import { useEffect, useRef, useState } from 'react';
import { Alert } from './ui/feedback.tsx';
import './video-player.css';

/*
 * A video player for drill-downs and lobbies (02 §2, §4, §9): a self-hosted file in <video>
 * (controls play, progress, volume) or a YouTube video in the privacy-enhanced embed. The embed
 * is followed through YouTube's postMessage protocol without loading its script: the player is
 * asked to talk every 300 ms until it answers, and after 40 tries 'Timed out loading video.'
 */

const YOUTUBE_ORIGIN = 'https://www.youtube-nocookie.com';
const YT_PLAYING = 1;
const YT_ENDED = 0;

export type TVideoPlayerProps = {
  /** The accessible name of the player (the video's title). */
  title: string;
  youtubeUrl: string | null;
  videoUrl: string | null;
  poster?: string | null;
  autoplay?: boolean;
  /** False pauses this player: another one started (02 §2, one at a time). */
  isActive?: boolean;
  /** Each time playback starts. */
  onPlay?: () => void;
  /** When the video plays to its end (the sponsor video's offer, 02 §4). */
  onEnded?: () => void;
  /** When the embed never answered: it cannot report its end either. */
  onTimedOut?: () => void;
  /** Shows the speed control (02 §9: 0.5 to 2, default 1). */
  showSpeeds?: boolean;
};

function parseMessage(data: unknown): { event?: string; info?: unknown } | null {
  try {
    const value: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    return typeof value === 'object' && value !== null ? (value as { event?: string; info?: unknown }) : null;
  } catch {
    return null;
  }
}

/** The player state a YouTube message reports (1 playing, 0 ended…), if it reports one. */
function playerState(message: { event?: string; info?: unknown }): number | undefined {
  if (message.event === 'onStateChange') return typeof message.info === 'number' ? message.info : undefined;
  const info = message.info as { playerState?: number } | null | undefined;
  return message.event === 'infoDelivery' ? info?.playerState : undefined;
}

function YoutubeEmbed({
  videoId,
  title,
  autoplay,
  isActive,
  onPlay,
  onEnded,
  onTimedOut,
  speed,
}: { videoId: string; speed: number } & TVideoPlayerProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [isTimedOut, setTimedOut] = useState(false);
  const isPlaying = useRef(false);
  const callbacks = useRef({ onPlay, onEnded, onTimedOut });
  useEffect(() => {
    callbacks.current = { onPlay, onEnded, onTimedOut };
  }, [onPlay, onEnded, onTimedOut]);

  useEffect(() => {
    let tries = 0;
    let isReady = false;
    const post = (message: object) =>
      frame.current?.contentWindow?.postMessage(JSON.stringify(message), YOUTUBE_ORIGIN);
    const timer = window.setInterval(() => {
      if (isReady) return window.clearInterval(timer);
      if (++tries > Timing.PLAYER_POLL_MAX) {
        window.clearInterval(timer);
        setTimedOut(true);
        callbacks.current.onTimedOut?.();
        return;
      }
      post({ event: 'listening', id: videoId, channel: 'widget' });
    }, Timing.PLAYER_POLL_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== YOUTUBE_ORIGIN || event.source !== frame.current?.contentWindow) return;
      const message = parseMessage(event.data);
      if (!message) return;
      isReady = true;
      setTimedOut(false);
      const state = playerState(message);
      const playing = state === YT_PLAYING;
      if (playing && !isPlaying.current) callbacks.current.onPlay?.();
      if (state === YT_ENDED && isPlaying.current) callbacks.current.onEnded?.();
      if (state !== undefined) isPlaying.current = playing;
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [videoId]);

  useEffect(() => {
    if (isActive === false && isPlaying.current) {
      frame.current?.contentWindow?.postMessage(
        JSON.stringify({ event: 'command', func: 'pauseVideo', args: [] }),
        YOUTUBE_ORIGIN,
      );
    }
  }, [isActive]);

  useEffect(() => {
    frame.current?.contentWindow?.postMessage(
      JSON.stringify({ event: 'command', func: 'setPlaybackRate', args: [speed] }),
      YOUTUBE_ORIGIN,
    );
  }, [speed]);

  const src = `${youtubeEmbedUrl(videoId, window.location.origin)}${autoplay ? '&autoplay=1' : ''}`;
  return (
    <>
      <div className="video-frame">
        <iframe
          ref={frame}
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </div>
      {isTimedOut && <Alert>{Texts.VIDEO_TIMED_OUT}</Alert>}
    </>
  );
}

function FileVideo({
  videoUrl,
  title,
  poster,
  autoplay,
  isActive,
  onPlay,
  onEnded,
  speed,
}: { videoUrl: string; speed: number } & TVideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (isActive === false) video.current?.pause();
  }, [isActive]);
  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);
  return (
    <div className="video-frame">
      <video
        ref={video}
        src={videoUrl}
        poster={poster ?? undefined}
        controls
        controlsList="nodownload noplaybackrate"
        disablePictureInPicture
        playsInline
        autoPlay={autoplay}
        aria-label={title}
        onPlay={onPlay}
        onEnded={onEnded}
      />
    </div>
  );
}

/** The playback speeds of 02 §9, as a labelled select. */
function SpeedControl({ speed, onChange }: { speed: number; onChange: (speed: number) => void }) {
  return (
    <label className="video-speed">
      Speed{' '}
      <select value={speed} onChange={(event) => onChange(Number(event.target.value))}>
        {VIDEO_SPEEDS.map((s) => (
          <option key={s} value={s}>
            {s}×
          </option>
        ))}
      </select>
    </label>
  );
}

/** The player of a drill-down, class or sponsor video; 'Video Unavailable' when it has none. */
export function VideoPlayer(props: TVideoPlayerProps) {
  const [speed, setSpeed] = useState(1);
  const videoId = youtubeVideoId(props.youtubeUrl);
  if (!props.videoUrl && !videoId) return <Alert kind="info">{Texts.VIDEO_UNAVAILABLE}</Alert>;
  return (
    <>
      {props.videoUrl ? (
        <FileVideo {...props} videoUrl={props.videoUrl} speed={speed} />
      ) : (
        <YoutubeEmbed {...props} videoId={videoId!} speed={speed} />
      )}
      {props.showSpeeds && <SpeedControl speed={speed} onChange={setSpeed} />}
    </>
  );
}
