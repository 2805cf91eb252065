import { BOOT_DATA_ELEMENT_ID, type TBootData } from '@opence/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { seedBootData } from './app/first-screen-data.ts';
import { AppProviders } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
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

const boot = readBootData();
if (boot) seedBootData(queryClient, boot);
// The modules' evaluation is one task; the router starts in the next, so the two are not one long
// task that holds the main thread (Lighthouse counts it as blocking time).
await new Promise((resolve) => setTimeout(resolve, 0));
const router = createRouter();

// The pre-rendered first screen stays until the route's code has loaded: rendering before
// that would replace it with an empty page for a moment.
if (!router.state.initialized) {
  await new Promise<void>((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

// As a transition, the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (Lighthouse counted it as blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
