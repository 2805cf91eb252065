import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { FlashMessage } from '../../components/ui/flash.tsx';
import { ProgressSyncNotice } from '../../features/progress-sync/progress-sync-notice.tsx';
import { OfflineNotices } from '../../features/offline/components/offline-notices.tsx';
import { startServiceWorker } from '../../features/offline/service-worker-client.ts';
import { sendPageView } from '../../lib/analytics.ts';
import { AppFrame } from './app-frame.tsx';

/** Page furniture around every route, and one page-view event after each navigation (01 §1). */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();

  // After the first screen is shown and the page has loaded (docs/decisions/1172).
  useEffect(() => startServiceWorker(), []);

  useEffect(() => {
    // After the page has set its title.
    const timer = window.setTimeout(
      () => sendPageView(location.pathname + location.search, document.title),
      0,
    );
    return () => window.clearTimeout(timer);
  }, [location.pathname, location.search]);

  return (
    <>
      <AppFrame
        progress={
          navigation.state === 'loading' && (
            <div className="route-progress" role="progressbar" aria-label="Loading page" />
          )
        }
      >
        <FlashMessage />
        <ProgressSyncNotice />
        <Outlet />
      </AppFrame>
      <OfflineNotices />
      <ScrollRestoration />
    </>
  );
}
