import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';

/** Loading, then the error with a way to try again, then the content for the data. */
export function QueryState<T>({
  query,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'refetch'>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (query.error || query.data === undefined) {
    return <LoadError text={query.error?.message} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
