import { createContext, useContext } from 'react';

/**
 * True while the server renders a visitor's route into the page (app/route-render.tsx). Shown
 * before its code has loaded, that screen's links, buttons and fields would look usable but do
 * nothing, or lose what was typed when React replaces them; so the page furniture and the
 * content are inert until then (docs/decisions/0812). The cookie notice is not: the page's
 * head script takes its Accept before the app has loaded (0806).
 */
export const PreRenderedContext = createContext(false);

export function useIsPreRendered(): boolean {
  return useContext(PreRenderedContext);
}
