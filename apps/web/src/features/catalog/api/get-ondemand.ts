import type { TOnDemandResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** On-demand classes (GET /api/ondemand). */
export const useOnDemand = (params: TListParams) => useCatalogList<TOnDemandResponse>('ondemand', params);
