import type { TDrilldownsResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** Drill-down videos (GET /api/drilldowns). */
export const useDrilldowns = (params: TListParams) =>
  useCatalogList<TDrilldownsResponse>('drilldowns', params);
