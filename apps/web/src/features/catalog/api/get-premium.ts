import type { TPremiumResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** Premium courses (GET /api/premium). */
export const usePremium = (params: TListParams) => useCatalogList<TPremiumResponse>('premium', params);
