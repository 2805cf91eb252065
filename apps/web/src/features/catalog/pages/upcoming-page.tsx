import { countText, filterQuery, Texts } from '@opence/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useUpcoming } from '../api/get-upcoming.ts';
import type { TCatalogPageProps } from '../components/catalog-parts.ts';
import { ListHeader } from '../../../components/ui/list.tsx';
import { ListBody } from '../components/list-body.tsx';
import { WebinarRow } from '../components/rows.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/** Upcoming live webinars (01 §2): the search bar, the count, and related content when filtered. */
export function Component({ parts }: TCatalogPageProps) {
  usePageTitle(Texts.UPCOMING_TITLE);
  const route = useListRoute({ pageIn: 'query' });
  const query = useUpcoming(route.apiParams);
  const total = query.data?.totalRows;
  return (
    <div className="container">
      <ListHeader
        title={Texts.UPCOMING_TITLE}
        count={total === undefined ? null : countText(Texts.AVAILABLE_NOW, total)}
      />
      <parts.SearchBar label={Texts.UPCOMING_TITLE} />
      {route.isFiltered && (
        <p className="related-link">
          <Link to={`/search${filterQuery(route.filter)}`}>{Texts.SHOW_ALL_RELATED}</Link>
        </p>
      )}
      <ListBody
        route={route}
        query={query}
        emptyText={route.isFiltered ? Texts.EMPTY_SEARCH : Texts.EMPTY_UPCOMING}
        renderRow={(row) => <WebinarRow key={row.hash} row={row} />}
        MobileAd={parts.MobileAd}
      />
    </div>
  );
}
