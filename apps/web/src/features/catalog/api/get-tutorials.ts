import type { TTutorialsResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** Product training (GET /api/tutorials). */
export const useTutorials = (params: TListParams) => useCatalogList<TTutorialsResponse>('tutorials', params);
