import type { THomeResponse } from '@opence/shared/schemas';
import { useCatalogList } from './list-query.ts';

/** Home feed: next webinars, newest classes and podcasts (GET /api/home). */
export const useHomeFeed = () => useCatalogList<THomeResponse>('home', {});
