import { Limits } from '../constants.ts';

/** Reads a page number from the path (01 §2): an integer; 0, below or unreadable becomes 1. */
export function pageFromPath(param: string | undefined | null): number {
  const page = Number.parseInt(param ?? '', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

/** Page count (01 §9): the ceiling of totalRows / pageSize, never below 0. */
export function pageCount(totalRows: number, pageSize: number): number {
  if (pageSize <= 0 || totalRows <= 0) return 0;
  return Math.ceil(totalRows / pageSize);
}

/** A 1-based page beyond the last page is clamped to the last page (01 §2). */
export function clampPage(page: number, totalRows: number, pageSize: number): number {
  const last = Math.max(1, pageCount(totalRows, pageSize));
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

/** Pagination shows only when the pages exceed 1 (01 §9). */
export function hasPagination(totalRows: number, pageSize: number): boolean {
  return pageCount(totalRows, pageSize) > 1;
}

/** The server's 0-based page, clamped to the rows there are; limit and offset for the query. */
export function pageWindow(
  page0: number,
  totalRows: number,
  pageSize: number = Limits.DEFAULT_PAGE_SIZE,
): { page: number; offset: number; limit: number } {
  const page = clampPage(page0 + 1, totalRows, pageSize) - 1;
  return { page, offset: page * pageSize, limit: pageSize };
}
