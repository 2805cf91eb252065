import { mediaKey, Texts, type TPlayLocation } from '@opence/shared';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiTransport } from '../../../lib/api-client.ts';
import { readVisitorPositions, savePosition } from '../../../lib/media-api.ts';
import { closePlayer, playEpisode, type TPlayerEpisode } from './player-store.ts';
import { StickyPlayer } from './sticky-player.tsx';

/*
 * The site's one podcast player (01 §1, 02 §4, issue 26): the sticky player in the root layout
 * and the store it shows (player-store.ts), as a visitor uses them: a page asks for an episode,
 * the player plays it, logs each play, keeps the speed and where the visitor stopped. jsdom plays
 * no sound, so the test stands in for the browser's media engine: it answers play, pause and load
 * on the player's <audio> with the events a browser fires. The API calls go through the app's own
 * transport (lib/api-client.ts), which the test answers as the server does and records.
 */

const episode = (hash: string, loc: TPlayLocation = 'podcast'): TPlayerEpisode => ({
  hash,
  title: `Episode ${hash}`,
  mp3: `/media/${hash}.mp3`,
  photo: null,
  speakerName: 'Dr. Ana Ruiz',
  loc,
});

const DURATION_SEC = 1_800;

/** The API calls the app made, as addresses. */
let calls: URL[] = [];
/** The answer of GET /api/podcast-view, which the server refuses where the episode is gone. */
let playLogAnswer: { status: boolean; msg?: string } = { status: true };

beforeAll(() => {
  setApiTransport(async (url) => {
    const address = new URL(url, 'http://localhost');
    calls.push(address);
    const body = address.pathname === '/api/podcast-view' ? playLogAnswer : { status: true };
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
});

afterEach(() => {
  act(() => closePlayer());
  cleanup();
  calls = [];
  playLogAnswer = { status: true };
  localStorage.clear();
});

/** The browser's media engine for the player's <audio>: what it does when the app asks. */
function mediaEngine(audio: HTMLAudioElement) {
  let isPaused = true;
  let readyState = 0;
  const fire = (name: string) => audio.dispatchEvent(new Event(name));
  Object.defineProperties(audio, {
    paused: { get: () => isPaused, configurable: true },
    readyState: { get: () => readyState, configurable: true },
    duration: { get: () => (readyState ? DURATION_SEC : NaN), configurable: true },
    load: {
      value: () => {
        isPaused = true;
        readyState = 0;
        // A browser's load starts the new file at the default rate.
        audio.playbackRate = audio.defaultPlaybackRate;
      },
      configurable: true,
    },
    play: {
      value: () => {
        isPaused = false;
        fire('play');
        return Promise.resolve();
      },
      configurable: true,
    },
    pause: {
      value: () => {
        if (isPaused) return;
        isPaused = true;
        fire('pause');
      },
      configurable: true,
    },
  });
  return {
    /** The file's metadata, then enough of it to play, has arrived. */
    arrive() {
      readyState = 4;
      fire('durationchange');
      fire('loadedmetadata');
      fire('canplay');
    },
  };
}

function renderPlayer() {
  const { container } = render(<StickyPlayer />);
  const audio = container.querySelector('audio')!;
  return { audio, engine: mediaEngine(audio) };
}

const player = () => screen.getByRole('region', { name: Texts.PLAYER_LABEL });
const playLogs = () =>
  calls
    .filter((call) => call.pathname === '/api/podcast-view')
    .map((call) => Object.fromEntries(call.searchParams));

describe('the sticky podcast player', () => {
  it('shows an episode a page asks for and starts it once it can play, logging each play and only the first as the first click', async () => {
    const { engine } = renderPlayer();
    expect(screen.queryByRole('region', { name: Texts.PLAYER_LABEL })).toBeNull();

    act(() => playEpisode(episode('ep1', 'webinar')));
    expect(within(player()).getByText('Episode ep1')).toBeTruthy();
    expect(within(player()).getByRole('button', { name: Texts.PLAYER_PLAY })).toBeTruthy();
    expect(playLogs()).toEqual([]);

    act(() => engine.arrive());
    const pause = within(player()).getByRole('button', { name: Texts.PLAYER_PAUSE });
    await waitFor(() =>
      expect(playLogs()).toEqual([{ p: 'ep1', log: '1', loc: 'webinar', firstClick: '1' }]),
    );

    fireEvent.click(pause);
    fireEvent.click(within(player()).getByRole('button', { name: Texts.PLAYER_PLAY }));
    expect(within(player()).getByRole('button', { name: Texts.PLAYER_PAUSE })).toBeTruthy();
    await waitFor(() => expect(playLogs()).toHaveLength(2));
    expect(playLogs()[1]).toMatchObject({ p: 'ep1', firstClick: '0' });
  });

  it('says so in the player when the server does not log the play (02 §8)', async () => {
    playLogAnswer = { status: false, msg: 'Podcast not found.' };
    const { engine } = renderPlayer();
    act(() => playEpisode(episode('gone')));
    act(() => engine.arrive());
    expect((await within(player()).findByRole('alert')).textContent).toBe(Texts.ERROR_LOGGING_PODCAST);
  });

  it('resumes where this browser stopped, and keeps where the visitor pauses and where they close', async () => {
    savePosition(mediaKey('podcast', 'ep2'), 600, DURATION_SEC);
    const { audio, engine } = renderPlayer();
    act(() => playEpisode(episode('ep2')));
    act(() => engine.arrive());
    await waitFor(() => expect(audio.currentTime).toBe(600));

    audio.currentTime = 750;
    fireEvent.click(within(player()).getByRole('button', { name: Texts.PLAYER_PAUSE }));
    expect(readVisitorPositions()[mediaKey('podcast', 'ep2')]).toMatchObject({ p: 750, d: DURATION_SEC });

    audio.currentTime = 760;
    fireEvent.click(within(player()).getByRole('button', { name: Texts.PLAYER_CLOSE }));
    expect(screen.queryByRole('region', { name: Texts.PLAYER_LABEL })).toBeNull();
    expect(readVisitorPositions()[mediaKey('podcast', 'ep2')]).toMatchObject({ p: 760 });
  });

  it('keeps the chosen speed on the audio, for the next episode, and in this browser', async () => {
    const { audio, engine } = renderPlayer();
    act(() => playEpisode(episode('ep3')));
    act(() => engine.arrive());
    fireEvent.change(within(player()).getByLabelText(Texts.PLAYER_SPEED), { target: { value: '1.5' } });
    expect(audio.playbackRate).toBe(1.5);
    expect(within(player()).getByRole('status').textContent).toBe(`${Texts.PLAYER_SPEED_NOW} 1.5×`);

    act(() => playEpisode(episode('ep4')));
    act(() => engine.arrive());
    expect(within(player()).getByText('Episode ep4')).toBeTruthy();
    expect((within(player()).getByLabelText(Texts.PLAYER_SPEED) as HTMLSelectElement).value).toBe('1.5');
    expect(audio.playbackRate).toBe(1.5);
    expect(JSON.parse(localStorage.getItem('opence.media.prefs')!)).toMatchObject({ speed: 1.5 });
  });
});
