import type { TBootData } from '@opence/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PreRenderedContext } from '../lib/pre-rendered.ts';
import { seedBootData } from './first-screen-data.ts';
import { routes } from './router.tsx';

/*
 * The server's renderer of a visitor's first screen (docs/decisions/0812), built for Node by
 * `vite build --ssr` into dist/render/ and loaded by the server at start-up. It renders the
 * app's own route tree, as main.tsx does in the browser, from the page's boot data only: a
 * query the boot data does not answer renders its loading state, as on a first client render.
 */

const handler = createStaticHandler(routes);

// The page's own style sheet is inlined in its head (vite-first-screen.ts); a route's sheets come
// with its code, after the first paint. So the screen brings every sheet of the public app along
// (the console never renders here), a few KB compressed, after the head's in cascade order as
// the route's own links would be.
const appSheets = import.meta.glob<string>(['../**/*.css', '!../styles.css', '!../features/admin/**'], {
  query: '?inline',
  import: 'default',
  eager: true,
});
const SCREEN_STYLE = `<style>${Object.values(appSheets).join('')}</style>`;

/**
 * The markup of the route at `address` for a visitor, with the style sheets it may use, or null
 * when the route redirects or fails.
 */
export async function renderRoute(address: string, boot: TBootData): Promise<string | null> {
  const context = await handler.query(new Request(new URL(address, 'http://localhost')));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const client = new QueryClient();
  seedBootData(client, boot);
  const markup = renderToString(
    <StrictMode>
      <PreRenderedContext value>
        <QueryClientProvider client={client}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </QueryClientProvider>
      </PreRenderedContext>
    </StrictMode>,
    // The page also carries the frame rendered at build time, with ids of its own.
    { identifierPrefix: 'v' },
  );
  return SCREEN_STYLE + markup;
}
