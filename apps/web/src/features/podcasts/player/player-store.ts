import { skipTo, Texts, type TPlayLocation } from '@opence/shared';
import { useSyncExternalStore } from 'react';
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
};

const CLOSED: TPlayerState = { episode: null, isPlaying: false, currentTime: 0, duration: 0, error: null };

let state: TPlayerState = CLOSED;
let audio: HTMLAudioElement | null = null;
/** The next play start of the loaded episode is its first click (decision 0602). */
let isFirstClick = true;
/** A newly loaded episode starts as soon as it can play (01 §1); a later canplay (after a seek) does not. */
let startWhenReady = false;
const listeners = new Set<() => void>();

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

function load(episode: TPlayerEpisode) {
  isFirstClick = true;
  startWhenReady = true;
  update({ ...CLOSED, episode });
  if (!audio) return;
  audio.src = episode.mp3;
  // Playback starts on the first 'canplay' (01 §1), in the handler below.
  audio.load();
}

/** Plays an episode: a new one loads and starts when it can play; the loaded one toggles. */
export function playEpisode(episode: TPlayerEpisode): void {
  if (state.episode?.hash === episode.hash) togglePlay();
  else load(episode);
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
  startWhenReady = false;
  if (audio) {
    audio.pause();
    audio.removeAttribute('src');
    audio.load();
  }
  update(CLOSED);
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
  play: () => void onPlay(),
  pause: () => update({ isPlaying: false }),
  ended: () => update({ isPlaying: false }),
  // The file could not be loaded (missing or unreadable): say so instead of doing nothing.
  error: () => update({ isPlaying: false, error: audio?.getAttribute('src') ? Texts.GENERIC_ERROR : null }),
  timeupdate: () => update({ currentTime: audio?.currentTime ?? 0 }),
  durationchange: () => update({ duration: Number.isFinite(audio?.duration) ? (audio?.duration ?? 0) : 0 }),
};

/** The sticky player hands over its <audio> element; returns the detach for unmount. */
export function attachAudio(element: HTMLAudioElement): () => void {
  audio = element;
  for (const [name, handler] of Object.entries(events)) element.addEventListener(name, handler);
  if (state.episode) load(state.episode);
  return () => {
    for (const [name, handler] of Object.entries(events)) element.removeEventListener(name, handler);
    if (audio === element) audio = null;
  };
}
