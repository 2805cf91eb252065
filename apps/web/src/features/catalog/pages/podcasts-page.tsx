import { Texts } from '@opence/shared';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePodcasts } from '../api/get-podcasts.ts';
import type { TCatalogPageProps } from '../components/catalog-parts.ts';
import { ListHeader } from '../../../components/ui/list.tsx';
import { featuredHashes, ListBody } from '../components/list-body.tsx';
import { PodcastRow } from '../components/rows.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/** Podcast episodes (01 §2): the featured episode on page 1, rows, pages. */
export function Component({ parts }: TCatalogPageProps) {
  usePageTitle(Texts.PODCASTS_TITLE);
  const route = useListRoute();
  const query = usePodcasts(route.apiParams);
  const featured = query.data?.page === 0 ? query.data.featuredContent : null;
  const shown = featured?.status && route.page === 1;
  const above = featuredHashes(shown ? featured : null);
  return (
    <div className="container">
      <ListHeader title={Texts.PODCASTS_TITLE} count="" />
      <parts.SearchBar label={Texts.PODCASTS_TITLE} />
      {shown && <parts.FeaturedTeasers content={featured} />}
      <ListBody
        route={route}
        query={query}
        emptyText={Texts.EMPTY_PODCASTS}
        renderRow={(row) => <PodcastRow key={row.hash} row={row} />}
        omit={(row) => above.has(row.hash)}
      />
    </div>
  );
}
