import {
  POSITION_SAVE_EVERY_SEC,
  resumeAt,
  Texts,
  Timing,
  VIDEO_SPEEDS,
  youtubeEmbedUrl,
  youtubeVideoId,
} from '@opence/shared';
import { useEffect, useRef, useState, type MutableRefObject } from 'react';
import { loadPositions, loadPrefs, savePosition, savePrefs, useMediaText } from '../lib/media-api.ts';
import { MediaTranscript } from './media-transcript.tsx';
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
  /**
   * The medium ("class:hash", "drilldown:hash"…, issue 26): its captions and transcript are shown
   * and the position is saved and resumed. Without it the player is as before.
   */
  mediaKey?: string;
};

/** Moves the shown player to a time (the transcript's lines). */
type TSeekRef = MutableRefObject<((seconds: number) => void) | null>;

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
  seekRef,
}: { videoId: string; speed: number; seekRef: TSeekRef } & TVideoPlayerProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    seekRef.current = (seconds) => {
      const post = (func: string, args: unknown[]) =>
        frame.current?.contentWindow?.postMessage(
          JSON.stringify({ event: 'command', func, args }),
          YOUTUBE_ORIGIN,
        );
      post('seekTo', [seconds, true]);
      post('playVideo', []);
    };
  }, [seekRef]);
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

  // cc_load_policy=1: YouTube's own captions are on (issue 26).
  const src = `${youtubeEmbedUrl(videoId, window.location.origin)}&cc_load_policy=1${autoplay ? '&autoplay=1' : ''}`;
  return (
    <>
      {/* Kept while the card shows: a player answering late takes its place again. */}
      <div className="video-frame" hidden={isTimedOut}>
        <iframe
          ref={frame}
          src={src}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </div>
      {isTimedOut && (
        <VideoFallback
          title={title}
          message={Texts.VIDEO_TIMED_OUT}
          help={Texts.VIDEO_BLOCKED_HELP}
          href={`https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`}
          linkText={Texts.VIDEO_OPEN_ON_YOUTUBE}
        />
      )}
    </>
  );
}

/**
 * Where a video cannot load (a clinic network blocking the video site, a file that fails): a card
 * of the frame's size with the title, what happened, and a link to the video on its own site,
 * instead of a bare broken frame (issue 22, item 15).
 */
function VideoFallback({
  title,
  message,
  help,
  href,
  linkText,
}: {
  title: string;
  message: string;
  help?: string;
  href: string;
  linkText: string;
}) {
  return (
    <div className="video-frame video-fallback" role="alert">
      <div className="video-fallback-body">
        <p className="video-fallback-title">{title}</p>
        <p>{message}</p>
        {help && <p className="video-fallback-help">{help}</p>}
        <a className="btn" href={href} target="_blank" rel="noopener noreferrer">
          {linkText}
        </a>
      </div>
    </div>
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
  mediaKey,
  seekRef,
}: { videoUrl: string; speed: number; seekRef: TSeekRef } & TVideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [hasFailed, setFailed] = useState(false);
  const tracks = useMediaText(mediaKey ?? null).data?.captions ?? [];
  const [captionsOn, setCaptionsOn] = useState(false);
  // A choice made here wins over the remembered one arriving later.
  const isChosen = useRef(false);
  useEffect(() => {
    if (isActive === false) video.current?.pause();
  }, [isActive]);
  useEffect(() => {
    if (video.current) video.current.playbackRate = speed;
  }, [speed]);
  useEffect(() => {
    seekRef.current = (seconds) => {
      const element = video.current;
      if (!element) return;
      element.currentTime = seconds;
      void element.play().catch(() => undefined);
    };
  }, [seekRef]);

  // Captions: on by the member's (or this browser's) last choice.
  useEffect(() => {
    let isCurrent = true;
    void loadPrefs().then((prefs) => isCurrent && !isChosen.current && setCaptionsOn(prefs.captionsOn));
    return () => {
      isCurrent = false;
    };
  }, []);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const list = element.textTracks;
    // 'hidden' keeps the cues loaded (and the track's activeCues live) without drawing them.
    for (let i = 0; i < list.length; i++) list[i]!.mode = captionsOn && i === 0 ? 'showing' : 'hidden';
  }, [captionsOn, tracks.length]);
  const toggleCaptions = () => {
    isChosen.current = true;
    setCaptionsOn(!captionsOn);
    savePrefs({ captionsOn: !captionsOn });
  };

  // Resume where the member (any device) or this browser stopped; save at most every 15 s, on
  // pause and on leaving.
  useEffect(() => {
    const element = video.current;
    if (!element || !mediaKey) return;
    let lastSaved = 0;
    let isCurrent = true;
    const save = () => {
      if (!(element.currentTime > 0)) return;
      lastSaved = Date.now();
      savePosition(mediaKey, element.currentTime, Number.isFinite(element.duration) ? element.duration : 0);
    };
    const onTime = () => {
      if (!element.paused && Date.now() - lastSaved >= POSITION_SAVE_EVERY_SEC * 1000) save();
    };
    const resume = (positionSec: number) => {
      const apply = () => {
        const target = resumeAt(positionSec, Number.isFinite(element.duration) ? element.duration : 0);
        if (isCurrent && target > 0 && element.currentTime < 1) element.currentTime = target;
      };
      if (element.readyState >= 1) apply();
      else element.addEventListener('loadedmetadata', apply, { once: true });
    };
    void loadPositions([mediaKey])
      .then((positions) => {
        const saved = positions[mediaKey];
        if (saved) resume(saved.positionSec);
      })
      .catch(() => undefined);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('pause', save);
    window.addEventListener('pagehide', save);
    return () => {
      isCurrent = false;
      save();
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('pause', save);
      window.removeEventListener('pagehide', save);
    };
  }, [mediaKey]);

  return (
    <>
      {hasFailed && (
        <VideoFallback
          title={title}
          message={Texts.VIDEO_FILE_FAILED}
          href={videoUrl}
          linkText={Texts.VIDEO_OPEN_FILE}
        />
      )}
      <div className="video-frame" hidden={hasFailed}>
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
          onError={() => setFailed(true)}
        >
          {tracks.map((track) => (
            <track
              key={track.lang}
              kind="captions"
              src={track.src}
              srcLang={track.lang}
              label={track.label}
            />
          ))}
        </video>
      </div>
      {tracks.length > 0 && (
        <button type="button" className="video-captions" aria-pressed={captionsOn} onClick={toggleCaptions}>
          {Texts.CAPTIONS_CONTROL}
        </button>
      )}
    </>
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
  const seekRef = useRef<((seconds: number) => void) | null>(null);
  const videoId = youtubeVideoId(props.youtubeUrl);
  if (!props.videoUrl && !videoId) return <Alert kind="info">{Texts.VIDEO_UNAVAILABLE}</Alert>;
  return (
    <>
      {props.videoUrl ? (
        <FileVideo {...props} videoUrl={props.videoUrl} speed={speed} seekRef={seekRef} />
      ) : (
        <YoutubeEmbed {...props} videoId={videoId!} speed={speed} seekRef={seekRef} />
      )}
      {props.showSpeeds && <SpeedControl speed={speed} onChange={setSpeed} />}
      {props.mediaKey && (
        <MediaTranscript m={props.mediaKey} onSeek={(seconds) => seekRef.current?.(seconds)} />
      )}
    </>
  );
}
