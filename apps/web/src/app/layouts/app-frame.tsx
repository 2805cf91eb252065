import type { ReactNode } from 'react';
import { CookieBanner } from '../../features/site/components/cookie-banner.tsx';
import { SiteFooter } from '../../features/site/components/site-footer.tsx';
import { SiteHeader } from '../../features/site/components/site-header.tsx';
import { StickyPlayer } from '../../features/podcasts/player/sticky-player.tsx';

/**
 * The page furniture around every route: the root layout and the pre-rendered first screen
 * (first-screen.tsx) both draw it, so the page React takes over looks exactly like the one
 * the server sent.
 */
export function AppFrame({
  children,
  progress,
  footer = <SiteFooter />,
}: {
  children: ReactNode;
  progress?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      {progress}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {footer}
      {/* The podcast player and the cookie notice share the sticky bottom edge, one above the other. */}
      <div className="sticky-bottom">
        <StickyPlayer />
        <CookieBanner />
      </div>
    </div>
  );
}
