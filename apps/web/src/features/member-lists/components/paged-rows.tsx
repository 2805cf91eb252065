import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { countText } from '@opence/shared';
import { ListHeader, ListRows, ListSkeleton } from '../../../components/ui/list.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Pagination, useFollowClampedPage } from '../../../components/ui/pagination.tsx';
import type { TListPage } from './list-page.ts';

type TPaged<T> = { page: number; pageSize: number; totalRows: number; data: T[] };

/**
 * The body every paged member list shares (01 §4): skeleton rows while loading, the error with
 * a retry (decision 0506), the list's empty state, its rows, and the pages when there is more
 * than one.
 */
export function PagedRows<T>({
  list,
  query,
  empty,
  renderRow,
}: {
  list: TListPage;
  query: UseQueryResult<TPaged<T>>;
  empty: ReactNode;
  renderRow: (row: T) => ReactNode;
}) {
  const answer = query.data;
  useFollowClampedPage(list.page, answer?.page, !query.isPlaceholderData, list.pathFor);
  if (!answer) {
    return query.isError ? (
      <LoadError text={query.error.message} onRetry={() => void query.refetch()} />
    ) : (
      <ListSkeleton />
    );
  }
  if (answer.data.length === 0) return empty;
  return (
    <>
      <ListRows busy={query.isPlaceholderData}>{answer.data.map(renderRow)}</ListRows>
      <Pagination
        page={answer.page + 1}
        totalRows={answer.totalRows}
        pageSize={answer.pageSize}
        pathFor={list.pathFor}
      />
    </>
  );
}

/** A member list page: its heading with the count line ('Classes: N'), a notice, and the paged rows. */
export function MemberListPage<T>({
  title,
  countTemplate,
  notice,
  ...body
}: Parameters<typeof PagedRows<T>>[0] & { title: string; countTemplate: string; notice?: ReactNode }) {
  const answer = body.query.data;
  return (
    <div className="container">
      <ListHeader
        title={title}
        count={answer ? countText(countTemplate, answer.totalRows) : null}
        placeholder={countText(countTemplate, 0)}
      />
      {notice}
      <PagedRows {...body} />
    </div>
  );
}
