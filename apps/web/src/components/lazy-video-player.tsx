import { lazy, Suspense } from 'react';
import type { TVideoPlayerProps } from './video-player.tsx';

// The player is its own chunk, fetched only when a page shows a video (the classroom, the
// sponsor video), not with the page's first load.
const VideoPlayer = lazy(async () => ({ default: (await import('./video-player.tsx')).VideoPlayer }));

// Inline: the player's stylesheet arrives with its chunk.
const PLACEHOLDER = { aspectRatio: '16 / 9', background: '#101828', borderRadius: 6, marginBottom: 12 };

/** The video player, loaded on first use; a blank 16:9 frame holds its place meanwhile. */
export function LazyVideoPlayer(props: TVideoPlayerProps) {
  return (
    <Suspense fallback={<div style={PLACEHOLDER} aria-busy="true" aria-label="Loading video" />}>
      <VideoPlayer {...props} />
    </Suspense>
  );
}
