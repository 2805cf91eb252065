import { hasPagination, pageCount } from '@opence/shared';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';

/** The page numbers around the current one: at most `span` of them, first and last kept in reach. */
function visiblePages(current: number, last: number, span = 5): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(span / 2), last - span + 1));
  const end = Math.min(last, start + span - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

/**
 * Page links of a paged list (01 §2, §9): shown only when there is more than one page. `page`
 * is 1-based, as in the path; `pathFor` gives the path of a page.
 */
export function Pagination({
  page,
  totalRows,
  pageSize,
  pathFor,
  label = 'Pages',
}: {
  page: number;
  totalRows: number;
  pageSize: number;
  pathFor: (page: number) => string;
  label?: string;
}) {
  if (!hasPagination(totalRows, pageSize)) return null;
  const last = pageCount(totalRows, pageSize);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={pathFor(page - 1)} rel="prev">
              ‹ Previous
            </Link>
          ) : (
            <span aria-disabled="true">‹ Previous</span>
          )}
        </li>
        {visiblePages(page, last).map((n) => (
          <li key={n}>
            <Link to={pathFor(n)} aria-current={n === page ? 'page' : undefined} aria-label={`Page ${n}`}>
              {n}
            </Link>
          </li>
        ))}
        <li>
          {page < last ? (
            <Link to={pathFor(page + 1)} rel="next">
              Next ›
            </Link>
          ) : (
            <span aria-disabled="true">Next ›</span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/**
 * A page beyond the last one is clamped by the server (01 §2); the address follows the page it
 * answered with. isCurrent is false while the previous page's rows stand in for the new ones.
 */
export function useFollowClampedPage(
  page: number,
  answeredPage0: number | undefined,
  isCurrent: boolean,
  pathFor: (page: number) => string,
) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isCurrent && answeredPage0 !== undefined && answeredPage0 + 1 !== page) {
      void navigate(pathFor(answeredPage0 + 1), { replace: true });
    }
  }, [isCurrent, answeredPage0, page, pathFor, navigate]);
}
