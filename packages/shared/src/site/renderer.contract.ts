import type { TBootClass, TBootList } from './first-screen.rules.ts';
import type { TBlurbResponse, TSiteResponse } from './site.schema.ts';

/*
 * The one contract between the page server and the web build's renderer (docs/decisions 0812,
 * 0833, 0841): the web app's `app/route-render.tsx` satisfies TRouteRenderer, the server loads
 * its build (`dist/render/route-render.js`) in `plugins/web.ts` only and checks it against it,
 * and both sides read the page's boot data by TBootData.
 */

/**
 * What the server puts into the page for the browser's query cache; no cookieMessage when the
 * block does not exist, so the browser asks, is refused and shows the fallback text as before.
 * list: the screen's first page, on the addresses of BOOT_LIST_ROUTES only; classroom: the
 * class of a classroom's bare address, when its classroom shows it (0812). timeZone: the zone the
 * server printed the rendered screen's times in, from the reader's cookie, or null when it did
 * not know it (0831); the browser takes the screen over with the same, then writes its own.
 */
export type TBootData = {
  site: TSiteResponse;
  cookieMessage: TBlurbResponse | null;
  list: TBootList | null;
  classroom: TBootClass | null;
  timeZone: string | null;
  /** The member's answers their rendered screen shows, as the web app's query cache holds them (0833). */
  member: TBootMember | null;
};

/**
 * What a member's rendered screen was drawn from: the answers of the API calls the screen makes,
 * in the query cache's own serialised form (TanStack Query's dehydrated state), and the
 * server's clock when it drew them, which a countdown then starts from.
 */
export type TBootMember = { queries: unknown; renderedAt: string };

/** An /api address asked as a member's browser would ask it, answered by the server itself. */
export type TApiGet = (url: string) => Promise<{ statusCode: number; body: string }>;

/** The member as the browser keeps them (01 §3), without the token, which stays with the server. */
export type TRenderedSession = { name: string; email: string; timeZone: string | null };

/** What the server gives the render of a member's screen (decision 0833). */
export type TMemberRender = {
  session: TRenderedSession;
  /** The moment the screen is drawn at (ISO), which the page's boot data carries too. */
  renderedAt: string;
  /** An /api address asked with the member's session. */
  get: TApiGet;
};

/** A member's screen and the answers it shows, for the page's boot data. */
export type TMemberScreen = { markup: string; queries: unknown };

/**
 * The renderer's exports. The optional ones are absent from builds made before the decision
 * that added them; the server then does without (the frame, or every path a page).
 */
export type TRouteRenderer = {
  /** A visitor's route from the boot data (0812), or null when the route redirects or fails. */
  renderRoute: (address: string, boot: TBootData) => Promise<string | null>;
  /** A member's screen and the answers it was drawn from (0833). */
  renderMemberRoute?: (
    address: string,
    boot: TBootData,
    member: TMemberRender,
  ) => Promise<TMemberScreen | null>;
  /** What the page's head takes with a rendered route: the public app's style sheets (0813). */
  screenHead: string;
  /** And with a screen of the staff console: the console's (0833). */
  consoleHead?: string;
  /** Whether the app has a screen at a path other than Page Not Found (issue 22). */
  isKnownAddress?: (pathname: string) => boolean;
};
