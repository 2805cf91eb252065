import { Texts } from '@opence/shared';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useOnDemand } from '../api/get-ondemand.ts';
import type { TCatalogPageProps } from '../components/catalog-parts.ts';
import { ListHeader } from '../../../components/ui/list.tsx';
import { featuredHashes, ListBody } from '../components/list-body.tsx';
import { ClassRow } from '../components/rows.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/** On-demand classes (01 §2): the featured class on page 1 only, rows, pages. */
export function Component({ parts }: TCatalogPageProps) {
  usePageTitle(Texts.ONDEMAND_TITLE);
  const route = useListRoute();
  const query = useOnDemand(route.apiParams);
  const featured = query.data?.page === 0 ? query.data.featuredContent : null;
  const shown = featured?.status && route.page === 1;
  const above = featuredHashes(shown ? featured : null);
  return (
    <div className="container">
      <ListHeader title={Texts.ONDEMAND_TITLE} count="" />
      <parts.SearchBar label={Texts.ONDEMAND_TITLE} />
      {shown && <parts.FeaturedTeasers content={featured} />}
      <ListBody
        route={route}
        query={query}
        emptyText={Texts.EMPTY_ONDEMAND}
        renderRow={(row) => <ClassRow key={row.hash} row={row} />}
        omit={(row) => above.has(row.hash)}
        MobileAd={parts.MobileAd}
      />
    </div>
  );
}
