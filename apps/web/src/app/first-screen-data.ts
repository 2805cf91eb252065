import { COOKIE_MESSAGE_CODE, type TBootData, type TBootListName } from '@opence/shared';
import {
  hashKey,
  hydrate,
  type DehydratedState,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { HOME_FEED_PARAMS } from '../features/catalog/api/get-home.ts';
import { classQuery } from '../features/classroom/api/get-class.ts';
import { catalogQuery, listParams, type TListParams } from '../features/catalog/api/list-query.ts';
import { blurbQuery } from '../features/site/api/get-blurb.ts';
import { siteQuery } from '../features/site/api/get-site.ts';

/**
 * The prefix of useId's ids in a visitor's screen, on the server and in the browser's hydration
 * alike: the page also carries the frame rendered at build time, with ids of its own.
 */
export const VISITOR_SCREEN_ID_PREFIX = 'v';

/**
 * What the server renders a member's screen with in place of their session token, in the query
 * keys that hold one (decision 0833): the page never carries the token; the browser puts its own
 * back in the keys before it takes the screen over.
 */
export const SESSION_IN_KEYS = '{{session}}';

/** The parameters each boot list's screen asks with on its bare address (page 1, no filter). */
const BOOT_LIST_PARAMS: Record<TBootListName, TListParams> = {
  home: HOME_FEED_PARAMS,
  ondemand: listParams(0, {}, null),
  podcasts: listParams(0, {}, null),
  upcoming: listParams(0, {}, null),
};

/** Puts the server's answers for the first screen into a query cache, so nothing asks for them again. */
export function seedBootData(client: QueryClient, boot: TBootData): void {
  client.setQueryData(siteQuery.queryKey, boot.site);
  if (boot.cookieMessage) client.setQueryData(blurbQuery(COOKIE_MESSAGE_CODE).queryKey, boot.cookieMessage);
  if (boot.list) {
    // A visitor's key (no token): a member's screen asks with their own session as before.
    const { queryKey } = catalogQuery(boot.list.list, BOOT_LIST_PARAMS[boot.list.list], null);
    client.setQueryData(queryKey, boot.list.answer);
  }
  if (boot.classroom) {
    client.setQueryData(classQuery(boot.classroom.c, null).queryKey, boot.classroom.answer);
  }
}

/**
 * Puts the answers a member's rendered screen was drawn from into the query cache (decision 0833),
 * with the member's own token where the server left its place in a key.
 */
export function seedMemberAnswers(client: QueryClient, queries: unknown, token: string): void {
  const state = queries as DehydratedState;
  const withToken = (key: QueryKey) =>
    JSON.parse(
      JSON.stringify(key).replaceAll(JSON.stringify(SESSION_IN_KEYS), JSON.stringify(token)),
    ) as QueryKey;
  hydrate(client, {
    ...state,
    queries: state.queries.map((query) => {
      const queryKey = withToken(query.queryKey);
      return { ...query, queryKey, queryHash: hashKey(queryKey) };
    }),
  });
}
