import { BOOT_DATA_ELEMENT_ID, COOKIE_MESSAGE_CODE, FirstScreenMarker } from '@opence/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { ListSkeleton } from '../components/ui/list.tsx';
import { seedBootData } from './first-screen-data.ts';
import { AppFrame } from './layouts/app-frame.tsx';

export type TFirstScreen = {
  markup: string;
  bootDataElementId: string;
  bootDataMarker: string;
  headLinksMarker: string;
  screenMarkers: [start: string, end: string];
};

/**
 * The frame every page starts with, rendered at build time into index.html
 * (vite-first-screen.ts) with markers the server fills per request (docs/decisions/0806):
 * header, a loading skeleton and the cookie notice. The footer is left to React: it carries
 * the year and the social links, and sits below the first screen anyway.
 */
export function renderFirstScreen(): TFirstScreen {
  const client = new QueryClient();
  seedBootData(client, {
    site: { status: true, brand: FirstScreenMarker.BRAND, socialLinks: [], desktopSiteUrl: '' },
    cookieMessage: {
      status: true,
      rowCount: 1,
      data: [{ code: COOKIE_MESSAGE_CODE, blurb: FirstScreenMarker.COOKIE_MESSAGE }],
    },
    list: null,
    classroom: null,
    timeZone: null,
    member: null,
  });
  const markup = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <StaticRouter location="/">
        <AppFrame footer={null}>
          <div className="container">
            <ListSkeleton />
          </div>
        </AppFrame>
      </StaticRouter>
    </QueryClientProvider>,
  );
  return {
    markup,
    bootDataElementId: BOOT_DATA_ELEMENT_ID,
    bootDataMarker: FirstScreenMarker.BOOT_DATA,
    headLinksMarker: FirstScreenMarker.HEAD_LINKS,
    screenMarkers: [FirstScreenMarker.SCREEN_START, FirstScreenMarker.SCREEN_END],
  };
}
