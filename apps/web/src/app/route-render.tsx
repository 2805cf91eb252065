import type { TBootData } from '@opence/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { css, sheets } from 'virtual:public-sheets';
import { RenderedTimeZoneContext } from '../lib/dates.ts';
import { seedBootData, VISITOR_SCREEN_ID_PREFIX } from './first-screen-data.ts';
import { routes } from './router.tsx';

/*
 * The server's renderer of a visitor's first screen (docs/decisions/0812), built for Node by
 * `vite build --ssr` into dist/render/ and loaded by the server at start-up. It renders the
 * app's own route tree, as main.tsx does in the browser, from the page's boot data only: a
 * query the boot data does not answer renders its loading state, as on a first client render.
 * The browser hydrates what it renders (0830), so both must render the same: the same tree, the
 * same boot data, the same id prefix, times in the zone the boot data names (0831).
 */

const handler = createStaticHandler(routes);

/**
 * What the page's head takes with a rendered screen. The page's own sheet is inlined in the head
 * (vite-first-screen.ts); a route's sheets come with its code, after the first paint. So the head
 * brings the sheets of every chunk the public app can load (the console never renders here), a
 * few KB compressed. A disabled link per file is never fetched and tells Vite's loader of lazy
 * chunks the sheet is there: otherwise the route's code asked for them again while the app
 * started, and each arrival restyled the whole page (decision 0813).
 */
export const screenHead =
  `<style>${css}</style>` + sheets.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');

/**
 * The markup of the route at `address` for a visitor, or null when the route redirects or fails.
 */
export async function renderRoute(address: string, boot: TBootData): Promise<string | null> {
  const context = await handler.query(new Request(new URL(address, 'http://localhost')));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const client = new QueryClient();
  seedBootData(client, boot);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RenderedTimeZoneContext value={boot.timeZone}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </RenderedTimeZoneContext>
      </QueryClientProvider>
    </StrictMode>,
    { identifierPrefix: VISITOR_SCREEN_ID_PREFIX },
  );
}
