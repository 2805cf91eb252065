import { bannerImageFor } from '@opence/shared';
import type { TMobileAdBanner } from '@opence/shared/schemas';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useBrowserValue } from '../../../lib/hydration.ts';
import { logAdView } from '../api/log-ad-view.ts';
import '../ads.css';

// The modal's e-mail form brings the form library and zod: a chunk of its own, fetched when a
// finger or the pointer comes down on a banner (or it takes focus), a moment before the tap opens
// it. Fetched when a banner was merely seen, its evaluation was a long task of every list's
// start on a phone, the banners being on its first screen (decision 0833).
const loadModal = () => import('./mobile-ad-modal.tsx');
const prepareModal = () => void loadModal();
const MobileAdModal = lazy(async () => ({ default: (await loadModal()).MobileAdModal }));

const PHONE_WIDTH = 360;
const screenWidth = () => window.innerWidth;

/** Calls `onSeen` once, when at least half of the element has been on screen. */
function useSeenOnce(ref: React.RefObject<HTMLElement | null>, onSeen: () => void) {
  const seen = useRef(onSeen);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          seen.current();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
}

/**
 * A mobile banner in a list (01 §9): one image centred, or with four, the one for this screen
 * width. Its view is counted when seen; a tap opens the ad modal. In the first screen of a phone
 * it is usually the largest picture there (0833).
 */
export function MobileAdSlot({
  banner,
  isInFirstScreen = false,
}: {
  banner: TMobileAdBanner;
  isInFirstScreen?: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  useSeenOnce(ref, () => logAdView(banner.adId));
  // The server renders a visitor's first screen (0812) for a phone, the banners' screen; the
  // browser takes it over as rendered (0830), then picks the banner for its own width.
  const width = useBrowserValue(screenWidth, PHONE_WIDTH);
  const image = bannerImageFor(banner.adUrls, width);
  return (
    <div className="mobile-ad" data-ad-id={banner.adId}>
      <span className="mobile-ad-label">Advertisement</span>
      <button
        ref={ref}
        type="button"
        className="mobile-ad-button"
        aria-haspopup="dialog"
        onPointerDown={prepareModal}
        onFocus={prepareModal}
        onClick={() => setOpen(true)}
      >
        {image ? (
          // In a phone's first screen it is the largest picture: fetched with the page, not once laid out.
          <img
            src={image}
            alt={banner.title}
            width="320"
            height="100"
            loading={isInFirstScreen ? 'eager' : 'lazy'}
            fetchPriority={isInFirstScreen ? 'high' : 'auto'}
          />
        ) : (
          banner.title
        )}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <MobileAdModal banner={banner} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
