import { SEARCH_SMALL_WORDS } from '../constants.ts';
import { normaliseSearchText, searchWords } from './search.rules.ts';

/** The search model as links and list calls carry it (01 §3): cid, coid and q. */
export type TFilterParams = { cid?: string | null; coid?: string | null; q?: string | null };

/** A list filter as the server applies it: category, company and the keyword's words. */
export type TListFilter = { categoryId: string | null; companyId: string | null; words: string[] };

const given = (value: string | null | undefined): string | null => value?.trim() || null;

/** What a list or search call filters by, after the search text rules (01 §5) and small words. */
export function listFilter(
  params: TFilterParams,
  smallWords: readonly string[] = SEARCH_SMALL_WORDS,
): TListFilter {
  return {
    categoryId: given(params.cid),
    companyId: given(params.coid),
    words: [...new Set(searchWords(normaliseSearchText(params.q), smallWords))],
  };
}

/** True when a category, a company or a keyword narrows the list. */
export function isFiltered(params: TFilterParams): boolean {
  return Boolean(given(params.cid) || given(params.coid) || normaliseSearchText(params.q));
}

/** One key per distinct filter, so equal searches share a cache entry. */
export function listFilterKey(filter: TListFilter): string {
  return JSON.stringify([filter.categoryId, filter.companyId, filter.words]);
}

/**
 * The filter after one choice in the sidebar (01 §5): a category clears company and query, a
 * company clears category and query, a keyword search clears both. The keyword passes the
 * search text rules first; text they drop leaves no filter.
 */
export function chooseFilter(kind: 'category' | 'company' | 'keyword', value: string): TFilterParams {
  if (kind === 'category') return { cid: given(value), coid: null, q: null };
  if (kind === 'company') return { cid: null, coid: given(value), q: null };
  return { cid: null, coid: null, q: normaliseSearchText(value) };
}

/** '?cid=…&coid=…&q=…' with only the values given, or '' (01 §2 Show All links). */
export function filterQuery(params: TFilterParams): string {
  const pairs = (['cid', 'coid', 'q'] as const)
    .map((key) => [key, given(params[key])] as const)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}
