import {
  DEFAULT_PLAYER_SPEED,
  mediaKey,
  POSITION_SAVE_EVERY_SEC,
  resumeAt,
  skipTo,
  Texts,
  type TPlayLocation,
} from '@opence/shared';
import { useSyncExternalStore } from 'react';
import { subscribeSession } from '../../../lib/auth.tsx';
import { loadPositions, loadPrefs, savePosition, savePrefs } from '../../../lib/media-api.ts';
import { logPodcastPlay } from '../api/log-podcast-play.ts';

/*
 * The one podcast player of the site (01 §1): its state lives here, outside any page, so it
 * survives navigation; the <audio> element lives in the sticky player, mounted once in the
 * root layout, which attaches it. Pages ask for an episode; the audio starts once it can play.
 */

export type TPlayerEpisode = {
  hash: string;
  title: string;
  mp3: string;
  photo: string | null;
  speakerName: string;
  /** Where the play started, logged with it (02 §7: 'webinar' in the lobby). */
  loc: TPlayLocation;
};

export type TPlayerState = {
  episode: TPlayerEpisode | null;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  /** The logging or loading failure to show in the player, if any. */
  error: string | null;
  /** The listening speed (issue 26), kept across episodes and pages. */
  speed: number;
};

const CLOSED: TPlayerState = {
  episode: null,
  isPlaying: false,
  currentTime: 0,
  duration: 0,
  error: null,
  speed: DEFAULT_PLAYER_SPEED,
};

let state: TPlayerState = CLOSED;
let audio: HTMLAudioElement | null = null;
/** The next play start of the loaded episode is its first click (decision 0602). */
let isFirstClick = true;
/** A newly loaded episode starts as soon as it can play (01 §1); a later canplay (after a seek) does not. */
let startWhenReady = false;
const listeners = new Set<() => void>();
/** Where to resume the loaded episode once its metadata is known (issue 26). */
let resumeTarget: { seconds: number; isExact: boolean } | null = null;
/** When the position was last saved (ms), so a save happens at most every 15 s while playing. */
let lastSavedAt = 0;
let prefsLoaded = false;

function update(change: Partial<TPlayerState>) {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The player's state; re-renders on every change. */
export function usePlayer(): TPlayerState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  );
}

/** True when this episode is the one loaded and playing. */
export function isPlayingEpisode(player: TPlayerState, hash: string): boolean {
  return player.isPlaying && player.episode?.hash === hash;
}

const keyOf = (episode: TPlayerEpisode) => mediaKey('podcast', episode.hash);

/** Saves where the listener is in the loaded episode (a member's on the server, a visitor's here). */
function saveNow() {
  const episode = state.episode;
  if (!audio || !episode || !(audio.currentTime > 0)) return;
  lastSavedAt = Date.now();
  savePosition(keyOf(episode), audio.currentTime, Number.isFinite(audio.duration) ? audio.duration : 0);
}

function applyResume() {
  if (!audio || resumeTarget === null || audio.readyState < 1) return;
  const duration = Number.isFinite(audio.duration) ? audio.duration : 0;
  const target = resumeTarget.isExact ? resumeTarget.seconds : resumeAt(resumeTarget.seconds, duration);
  resumeTarget = null;
  if (target > 0) {
    audio.currentTime = target;
    update({ currentTime: target });
  }
}

function applySpeed() {
  if (!audio) return;
  audio.defaultPlaybackRate = state.speed;
  audio.playbackRate = state.speed;
}

function load(episode: TPlayerEpisode) {
  if (state.episode && state.episode.hash !== episode.hash) saveNow();
  isFirstClick = true;
  startWhenReady = true;
  resumeTarget = null;
  update({ ...CLOSED, speed: state.speed, episode });
  setMediaSession(episode);
  if (!audio) return;
  audio.src = episode.mp3;
  applySpeed();
  // Playback starts on the first 'canplay' (01 §1), in the handler below.
  audio.load();
  // Where the member (any device) or this browser stopped last time.
  void loadPositions([keyOf(episode)])
    .then((positions) => {
      const saved = positions[keyOf(episode)];
      if (!saved || state.episode?.hash !== episode.hash || resumeTarget !== null) return;
      resumeTarget = { seconds: saved.positionSec, isExact: false };
      applyResume();
    })
    .catch(() => undefined);
}

/** Changes the listening speed, remembered for the member (server) or this browser. */
export function setSpeed(speed: number): void {
  update({ speed });
  applySpeed();
  savePrefs({ speed });
  updatePositionState();
}

/** The phone's lock screen and headphone buttons (Media Session API). */
function setMediaSession(episode: TPlayerEpisode | null) {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
  const session = navigator.mediaSession;
  if (!episode) {
    session.metadata = null;
    session.playbackState = 'none';
    return;
  }
  session.metadata = new MediaMetadata({
    title: episode.title,
    artist: episode.speakerName,
    artwork: episode.photo ? [{ src: new URL(episode.photo, window.location.href).href }] : [],
  });
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => togglePlayTo(true)],
    ['pause', () => togglePlayTo(false)],
    ['seekbackward', () => skipBy(-15)],
    ['seekforward', () => skipBy(15)],
    ['seekto', (details) => (details.seekTime !== undefined ? seekTo(details.seekTime) : undefined)],
  ];
  for (const [action, handler] of handlers) {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // An action this browser does not support.
    }
  }
}

function updatePositionState() {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator) || !audio) return;
  if (!Number.isFinite(audio.duration) || audio.duration <= 0) return;
  try {
    navigator.mediaSession.setPositionState({
      duration: audio.duration,
      playbackRate: audio.playbackRate,
      position: Math.min(audio.currentTime, audio.duration),
    });
  } catch {
    // Not supported here.
  }
}

function togglePlayTo(play: boolean) {
  if (!audio || !state.episode) return;
  if (play && audio.paused) void audio.play().catch(() => update({ isPlaying: false }));
  if (!play && !audio.paused) audio.pause();
}

/** Plays an episode: a new one loads and starts when it can play; the loaded one toggles. */
export function playEpisode(episode: TPlayerEpisode): void {
  if (state.episode?.hash === episode.hash) togglePlay();
  else load(episode);
}

/** Plays an episode from a time (a transcript line): loads it first when another one is loaded. */
export function playEpisodeFrom(episode: TPlayerEpisode, seconds: number): void {
  if (state.episode?.hash === episode.hash && audio) {
    seekTo(seconds);
    togglePlayTo(true);
    return;
  }
  load(episode);
  // Wins over the saved position, which arrives later.
  resumeTarget = { seconds, isExact: true };
  applyResume();
}

export function togglePlay(): void {
  if (!audio || !state.episode) return;
  if (audio.paused) void audio.play().catch(() => update({ isPlaying: false }));
  else audio.pause();
}

export function pausePlayer(): void {
  audio?.pause();
}

/** Moves by deltaSec (±15 s), kept inside the episode. */
export function skipBy(deltaSec: number): void {
  if (!audio) return;
  audio.currentTime = skipTo(audio.currentTime, deltaSec, audio.duration);
  update({ currentTime: audio.currentTime });
}

export function seekTo(seconds: number): void {
  if (!audio) return;
  audio.currentTime = skipTo(seconds, 0, audio.duration);
  update({ currentTime: audio.currentTime });
}

/** Stops the audio and hides the player. */
export function closePlayer(): void {
  saveNow();
  startWhenReady = false;
  resumeTarget = null;
  setMediaSession(null);
  if (audio) {
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  }
  update({ ...CLOSED, speed: state.speed });
}

async function onPlay() {
  update({ isPlaying: true, error: null });
  const episode = state.episode;
  if (!episode) return;
  const firstClick = isFirstClick;
  isFirstClick = false;
  const error = await logPodcastPlay({ hash: episode.hash, loc: episode.loc, firstClick });
  if (error) update({ error });
}

const events: Record<string, () => void> = {
  canplay: () => {
    if (!audio || !startWhenReady) return;
    startWhenReady = false;
    void audio.play().catch(() => update({ isPlaying: false }));
  },
  play: () => {
    applySpeed();
    if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'playing';
    void onPlay();
  },
  pause: () => {
    update({ isPlaying: false });
    if ('mediaSession' in navigator) navigator.mediaSession.playbackState = 'paused';
    saveNow();
  },
  ended: () => {
    update({ isPlaying: false });
    saveNow();
  },
  loadedmetadata: () => {
    applySpeed();
    applyResume();
    updatePositionState();
  },
  ratechange: () => updatePositionState(),
  // The file could not be loaded (missing or unreadable): say so instead of doing nothing.
  error: () => update({ isPlaying: false, error: audio?.getAttribute('src') ? Texts.GENERIC_ERROR : null }),
  timeupdate: () => {
    update({ currentTime: audio?.currentTime ?? 0 });
    if (audio && !audio.paused && Date.now() - lastSavedAt >= POSITION_SAVE_EVERY_SEC * 1000) saveNow();
  },
  durationchange: () => update({ duration: Number.isFinite(audio?.duration) ? (audio?.duration ?? 0) : 0 }),
};

/** The sticky player hands over its <audio> element; returns the detach for unmount. */
export function attachAudio(element: HTMLAudioElement): () => void {
  audio = element;
  for (const [name, handler] of Object.entries(events)) element.addEventListener(name, handler);
  // Leaving the page (closing the tab, reloading, going to another site) saves the position.
  window.addEventListener('pagehide', saveNow);
  if (!prefsLoaded) {
    prefsLoaded = true;
    const readPrefs = () =>
      void loadPrefs().then((prefs) => {
        update({ speed: prefs.speed });
        applySpeed();
      });
    readPrefs();
    // Signing in brings the member's own speed (set on another device).
    subscribeSession(readPrefs);
  }
  if (state.episode) load(state.episode);
  return () => {
    for (const [name, handler] of Object.entries(events)) element.removeEventListener(name, handler);
    window.removeEventListener('pagehide', saveNow);
    if (audio === element) audio = null;
  };
}
