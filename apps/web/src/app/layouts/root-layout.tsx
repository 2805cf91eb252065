import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { CookieBanner } from '../../features/site/components/cookie-banner.tsx';
import { SiteFooter } from '../../features/site/components/site-footer.tsx';
import { SiteHeader } from '../../features/site/components/site-header.tsx';
import { StickyPlayer } from '../../features/podcasts/player/sticky-player.tsx';
import { FlashMessage } from '../../components/ui/flash.tsx';
import { sendPageView } from '../../lib/analytics.ts';

/** Page furniture around every route, and one page-view event after each navigation (01 §1). */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();

  useEffect(() => {
    // After the page has set its title.
    const timer = window.setTimeout(
      () => sendPageView(location.pathname + location.search, document.title),
      0,
    );
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      {navigation.state === 'loading' && (
        <div className="route-progress" role="progressbar" aria-label="Loading page" />
      )}
      <main id="main" tabIndex={-1}>
        <FlashMessage />
        <Outlet />
      </main>
      <SiteFooter />
      {/* The podcast player and the cookie notice share the sticky bottom edge, one above the other. */}
      <div className="sticky-bottom">
        <StickyPlayer />
        <CookieBanner />
      </div>
      <ScrollRestoration />
    </div>
  );
}
