import {
  formatDuration,
  formatSpeed,
  PLAYER_SPEEDS,
  SKIP_BACK_SEC,
  SKIP_FORWARD_SEC,
  Texts,
} from '@opence/shared';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CloseIcon, PauseIcon, PlayIcon, SkipIcon } from '../components/icons.tsx';
import { attachAudio, closePlayer, seekTo, setSpeed, skipBy, togglePlay, usePlayer } from './player-store.ts';
import './sticky-player.css';

/**
 * The sticky podcast audio player shared by every page (01 §1, 02 §9): play/pause, rewind and
 * forward 15 s, position and time, close. Rendered once, in the root layout; it sits at the end
 * of the page and sticks to the bottom of the screen, so it covers nothing and moves nothing.
 */
export function StickyPlayer() {
  const audioRef = useRef<HTMLAudioElement>(null);
  const player = usePlayer();
  useEffect(() => (audioRef.current ? attachAudio(audioRef.current) : undefined), []);

  // Space toggles playback while the player (other than a button, which clicks) has focus.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== ' ' || (event.target as HTMLElement).tagName === 'BUTTON') return;
    event.preventDefault();
    togglePlay();
  };

  const speedId = useId();
  // Said by screen readers after the member changes the speed (not on the first render).
  const [announced, setAnnounced] = useState('');
  const changeSpeed = (speed: number) => {
    setSpeed(speed);
    setAnnounced(`${Texts.PLAYER_SPEED_NOW} ${formatSpeed(speed)}`);
  };

  const { episode, isPlaying, currentTime, duration, error, speed } = player;
  return (
    <>
      <audio ref={audioRef} preload="metadata" />
      {episode && (
        <section className="podcast-player" aria-label={Texts.PLAYER_LABEL} onKeyDown={onKeyDown}>
          <div className="container podcast-player-inner">
            {episode.photo ? <img className="podcast-player-photo" src={episode.photo} alt="" /> : null}
            <p className="podcast-player-title">
              <strong>{episode.title}</strong>
              {episode.speakerName && <span>{episode.speakerName}</span>}
            </p>
            <div className="podcast-player-controls">
              <button
                type="button"
                className="player-btn"
                aria-label={Texts.PLAYER_REWIND}
                onClick={() => skipBy(SKIP_BACK_SEC)}
              >
                <SkipIcon back />
              </button>
              <button
                type="button"
                className="player-btn player-btn-main"
                aria-label={isPlaying ? Texts.PLAYER_PAUSE : Texts.PLAYER_PLAY}
                onClick={togglePlay}
              >
                {isPlaying ? <PauseIcon /> : <PlayIcon />}
              </button>
              <button
                type="button"
                className="player-btn"
                aria-label={Texts.PLAYER_FORWARD}
                onClick={() => skipBy(SKIP_FORWARD_SEC)}
              >
                <SkipIcon />
              </button>
            </div>
            <div className="podcast-player-progress">
              <span className="podcast-player-time">{formatDuration(currentTime)}</span>
              <input
                type="range"
                min={0}
                max={Math.max(duration, 0)}
                step={1}
                value={Math.min(currentTime, duration)}
                aria-label={Texts.PLAYER_PROGRESS}
                aria-valuetext={`${formatDuration(currentTime)} of ${formatDuration(duration)}`}
                onChange={(event) => seekTo(Number(event.target.value))}
                disabled={duration === 0}
              />
              <span className="podcast-player-time">{formatDuration(duration)}</span>
            </div>
            <div className="podcast-player-speed">
              <label htmlFor={speedId} className="visually-hidden">
                {Texts.PLAYER_SPEED}
              </label>
              <select
                id={speedId}
                value={speed}
                onChange={(event) => changeSpeed(Number(event.target.value))}
                title={Texts.PLAYER_SPEED}
              >
                {PLAYER_SPEEDS.map((s) => (
                  <option key={s} value={s}>
                    {formatSpeed(s)}
                  </option>
                ))}
              </select>
              <span className="visually-hidden" aria-live="polite" role="status">
                {announced}
              </span>
            </div>
            <button
              type="button"
              className="player-btn podcast-player-close"
              aria-label={Texts.PLAYER_CLOSE}
              onClick={closePlayer}
            >
              <CloseIcon size={20} />
            </button>
          </div>
          {error && (
            <p className="container podcast-player-error" role="alert">
              {error}
            </p>
          )}
        </section>
      )}
    </>
  );
}
