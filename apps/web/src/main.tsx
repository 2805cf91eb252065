import { BOOT_DATA_ELEMENT_ID, ScreenAttribute, SESSION_ATTRIBUTE, type TBootData } from '@opence/shared';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { seedBootData, seedMemberAnswers, VISITOR_SCREEN_ID_PREFIX } from './app/first-screen-data.ts';
import { AppProviders } from './app/providers.tsx';
import { createRouter, routes } from './app/router.tsx';
import { currentSession, RenderedSessionContext } from './lib/auth.tsx';
import { RenderedTimeZoneContext } from './lib/dates.ts';
import {
  earlyChoicesIn,
  replayEarlyChoices,
  replayEarlyInput,
  stopKeepingEarlyInput,
  type TEarlyChoice,
  type TEarlyInput,
} from './lib/early-input.ts';
import { RenderedAtContext } from './lib/hydration.ts';
import { queryClient } from './lib/query-client.ts';
import { keepSessionCookie } from './lib/session-cookie.ts';
import './styles.css';

/** The server's answers for the first screen, when it sent any (not in `vite dev`). */
function readBootData(): TBootData | null {
  const text = document.getElementById(BOOT_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as TBootData;
  } catch {
    return null;
  }
}

/**
 * The screen the server rendered into the page, which the app takes over as it is (docs/decisions
 * 0830, 0833): the visitor's route, or for a stored session the member's own route when the server
 * drew it for them. Null where the page shows its frame: no rendered route, or a session whose
 * screen the server did not draw.
 */
function renderedScreen(boot: TBootData | null): Element | null {
  const isSession = document.documentElement.hasAttribute(SESSION_ATTRIBUTE);
  if (isSession && !(boot?.member && currentSession())) return null;
  const shown = isSession ? ScreenAttribute.SESSION : ScreenAttribute.VISITOR;
  return document.querySelector(`[${shown}][${ScreenAttribute.RENDERED}]`);
}

/** Set on <html> once the app runs the page (the e2e tests wait for it). */
const TAKEN_OVER_ATTRIBUTE = 'data-app';
let tookOver = false;

/**
 * Once the app's first render is in the page: it says so, and acts on what the visitor did before.
 * In the commit itself (a layout effect), so no tap can reach the app's own elements while the
 * head script still keeps taps: one tap must not count twice. The choices ticked on the server's
 * screen first; the taps and submits in a microtask, once React has rendered what those choices
 * changed (it does at the end of this commit), so a submit sends them. Then, in a task of its
 * own, it has the session cookie set where the browser may lack it (lib/session-cookie.ts).
 */
function TakeOver({
  earlyInput,
  earlyChoices,
  children,
}: {
  earlyInput: () => TEarlyInput[];
  earlyChoices: TEarlyChoice[];
  children: ReactNode;
}) {
  useLayoutEffect(() => {
    if (tookOver) return;
    tookOver = true;
    document.documentElement.setAttribute(TAKEN_OVER_ATTRIBUTE, '');
    replayEarlyChoices(earlyChoices);
    const inputs = earlyInput();
    queueMicrotask(() => replayEarlyInput(inputs));
    setTimeout(() => void keepSessionCookie(), 0);
  }, [earlyInput, earlyChoices]);
  return children;
}

/**
 * Loads the code of the routes the address matches into the route objects, as React Router asks
 * of a page rendered on the server: its router then starts with the route drawn, as a hydrated
 * one, and does not scroll the page the visitor may have scrolled back to the top.
 */
async function loadMatchedRoutes(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

const boot = readBootData();
if (boot) seedBootData(queryClient, boot);
const screen = renderedScreen(boot);
const session = currentSession();
if (screen && boot?.member && session) seedMemberAnswers(queryClient, boot.member.queries, session.token);
// The modules' evaluation is one task; the router starts in the next, so the two are not one long
// task that holds the main thread (Lighthouse counts it as blocking time).
await new Promise((resolve) => setTimeout(resolve, 0));
if (screen) await loadMatchedRoutes();
const router = createRouter(screen ? { hydrationData: {} } : undefined);

// The first screen stays until the route's code has loaded: rendering before that would
// replace it with an empty page for a moment.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// What the server rendered with, which the browser's first render must render with too.
const app = (earlyInput: () => TEarlyInput[], earlyChoices: TEarlyChoice[] = []) => (
  <StrictMode>
    <TakeOver earlyInput={earlyInput} earlyChoices={earlyChoices}>
      <AppProviders>
        <RenderedSessionContext value={screen && boot?.member ? session : null}>
          <RenderedTimeZoneContext value={boot?.timeZone ?? null}>
            <RenderedAtContext value={screen && boot?.member ? Date.parse(boot.member.renderedAt) : null}>
              <RouterProvider router={router} />
            </RenderedAtContext>
          </RenderedTimeZoneContext>
        </RenderedSessionContext>
      </AppProviders>
    </TakeOver>
  </StrictMode>
);

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (Lighthouse counted it as blocking time).
if (screen) {
  // React keeps the server's elements, with what was typed into them, their focus and caret;
  // the other first screen, which this browser does not show, goes. From here React handles taps
  // itself, hydrating at once where one lands before it is done.
  for (const other of Array.from(screen.parentElement?.children ?? [])) if (other !== screen) other.remove();
  const earlyInput = stopKeepingEarlyInput();
  const earlyChoices = earlyChoicesIn(screen);
  startTransition(() => {
    hydrateRoot(
      screen,
      app(() => earlyInput, earlyChoices),
      { identifierPrefix: VISITOR_SCREEN_ID_PREFIX },
    );
  });
} else {
  const root = createRoot(document.getElementById('root')!);
  // The frame's buttons are the page's until React's own replace them.
  startTransition(() => root.render(app(stopKeepingEarlyInput)));
}
