import { ADMIN_PAGE_SIZE } from '@opence/shared/schemas';

/** A page of a console list in the common paged shape (03 §2: rowCount, totalRows, pageSize). */
export function pageOf<T>(page: number, totalRows: number, data: T[]) {
  return { status: true, rowCount: data.length, totalRows, pageSize: ADMIN_PAGE_SIZE, page, data };
}

/** The row to start a 0-based page at. */
export const offsetOf = (page: number) => page * ADMIN_PAGE_SIZE;
