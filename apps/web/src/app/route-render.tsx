import type { TBootData, TMemberRender, TMemberScreen, TRouteRenderer } from '@opence/shared';
import { dehydrate, hydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { consoleCss, consoleSheets, css, sheets } from 'virtual:public-sheets';
import { setApiTransport } from '../lib/api-client.ts';
import { RenderedSessionContext, type TSession } from '../lib/auth.tsx';
import { RenderedTimeZoneContext } from '../lib/dates.ts';
import { RenderedAtContext } from '../lib/hydration.ts';
import { QUERY_DEFAULTS } from '../lib/query-client.ts';
import { SESSION_IN_KEYS, seedBootData, VISITOR_SCREEN_ID_PREFIX } from './first-screen-data.ts';
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
 * Whether the app has a screen at `pathname` other than Page Not Found (its '*' route and /404):
 * the server answers the others with a 404 status (issue 22, item 15), from this same route tree.
 */
export function isKnownAddress(pathname: string): boolean {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  return route !== undefined && route.path !== '*' && route.path !== '/404';
}

/**
 * What the page's head takes with a rendered screen. The page's own sheet is inlined in the head
 * (vite-first-screen.ts); a route's sheets come with its code, after the first paint. So the head
 * brings the sheets of every chunk the public app can load (the console never renders here), a
 * few KB compressed. A disabled link per file is never fetched and tells Vite's loader of lazy
 * chunks the sheet is there: otherwise the route's code asked for them again while the app
 * started, and each arrival restyled the whole page (decision 0813).
 */
const headOf = (text: string, files: string[]) =>
  `<style>${text}</style>` + files.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('');

export const screenHead = headOf(css, sheets);

/** The same for a screen of the staff console (0833): the console's own sheets. */
export const consoleHead = headOf(consoleCss, consoleSheets);

/** The route tree as the browser renders it, from a query cache, for a session or a visitor. */
function routeTree(
  context: StaticHandlerContext,
  client: QueryClient,
  boot: TBootData,
  session: TSession | null,
) {
  return (
    <StrictMode>
      <QueryClientProvider client={client}>
        <RenderedSessionContext value={session}>
          <RenderedTimeZoneContext value={boot.timeZone}>
            <RenderedAtContext value={boot.member ? Date.parse(boot.member.renderedAt) : null}>
              <StaticRouterProvider
                router={createStaticRouter(handler.dataRoutes, context)}
                context={context}
                hydrate={false}
              />
            </RenderedAtContext>
          </RenderedTimeZoneContext>
        </RenderedSessionContext>
      </QueryClientProvider>
    </StrictMode>
  );
}

/** The route's data context, or null when the route redirects or fails. */
async function routeContext(address: string): Promise<StaticHandlerContext | null> {
  const context = await handler.query(new Request(new URL(address, 'http://localhost')));
  return context instanceof Response || context.statusCode !== 200 ? null : context;
}

/**
 * The markup of the route at `address` for a visitor, or null when the route redirects or fails.
 */
export async function renderRoute(address: string, boot: TBootData): Promise<string | null> {
  const context = await routeContext(address);
  if (!context) return null;
  const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  seedBootData(client, boot);
  return renderToString(routeTree(context, client, boot, null), {
    identifierPrefix: VISITOR_SCREEN_ID_PREFIX,
  });
}

// The API of the member whose screen is being rendered: renders of several members overlap.
const memberApis = new AsyncLocalStorage<TMemberRender['get']>();
setApiTransport(async (url, init) => {
  const get = memberApis.getStore();
  const method = init.method ?? 'GET';
  if (!get || method !== 'GET')
    throw new Error(`${method} ${url}: the server renders only what a member reads`);
  const answer = await get(url);
  return new Response(answer.body, {
    status: answer.statusCode,
    headers: { 'content-type': 'application/json' },
  });
});

/** How often the screen is drawn to find what it asks for: a screen may ask once it has the first answers. */
const MAX_PASSES = 4;

/** The queries a render asked for that nothing has fetched yet (the server renders no effects). */
const unfetched = (client: QueryClient): Query[] =>
  client.getQueryCache().findAll({
    predicate: (q) =>
      q.state.dataUpdateCount + q.state.errorUpdateCount === 0 && q.state.fetchStatus === 'idle',
  });

/**
 * A member's screen at `address`, drawn from the answers of the API calls it makes (decision 0833),
 * or null when the route redirects or fails. The route is drawn until it asks for nothing new, each
 * round's calls made through the member's API; then drawn once more from those answers alone, as
 * the browser will take it over from the same answers. A call the API refuses is left out: the
 * browser makes it again, as on any first load.
 */
export async function renderMemberRoute(
  address: string,
  boot: TBootData,
  member: TMemberRender,
): Promise<TMemberScreen | null> {
  const context = await routeContext(address);
  if (!context) return null;
  // Keys that hold the token hold this instead; the browser puts its own token back (main.tsx).
  const session: TSession = { ...member.session, token: SESSION_IN_KEYS };
  const drawn: TBootData = { ...boot, member: { queries: null, renderedAt: member.renderedAt } };
  return memberApis.run(member.get, async () => {
    const asking = new QueryClient({
      defaultOptions: { queries: { ...QUERY_DEFAULTS.queries, retry: false } },
    });
    seedBootData(asking, boot);
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      renderToString(routeTree(context, asking, drawn, session));
      const asked = unfetched(asking);
      if (asked.length === 0) break;
      // Kept until the last drawing, whatever time the screen's own queries keep answers.
      for (const query of asked) query.setOptions({ ...query.options, gcTime: Infinity });
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    }
    const queries = dehydrate(asking);
    const client = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
    seedBootData(client, boot);
    hydrate(client, queries);
    const markup = renderToString(routeTree(context, client, drawn, session), {
      identifierPrefix: VISITOR_SCREEN_ID_PREFIX,
    });
    return { markup, queries };
  });
}

// The server loads this module's exports as its renderer (plugins/web.ts): they keep the contract.
const _contract = {
  renderRoute,
  renderMemberRoute,
  screenHead,
  consoleHead,
  isKnownAddress,
} satisfies Required<TRouteRenderer>;
