import type { TBooksResponse } from '@opence/shared/schemas';
import { useCatalogList, type TListParams } from './list-query.ts';

/** eBooks (GET /api/books). */
export const useBooks = (params: TListParams) => useCatalogList<TBooksResponse>('books', params);
