import type { THomeResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** The home feed takes no parameters. */
export const HOME_FEED_PARAMS: TListParams = {};

/** Home feed: next webinars, newest classes and podcasts (GET /api/home). */
export const useHomeFeed = () => useCatalogList<THomeResponse>('home', HOME_FEED_PARAMS);
