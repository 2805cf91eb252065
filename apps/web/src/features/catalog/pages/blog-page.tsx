import { Texts } from '@opence/shared';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useBlogPosts } from '../api/get-blog-posts.ts';
import type { TCatalogPageProps } from '../components/catalog-parts.ts';
import { ListHeader } from '../../../components/ui/list.tsx';
import { ListBody } from '../components/list-body.tsx';
import { BlogRow } from '../components/rows.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/** The blog (01 §2): featured posts carry a 'Featured' tag; a row opens /dental-blog/{slug}. */
export function Component({ parts }: TCatalogPageProps) {
  usePageTitle(Texts.BLOG_TITLE);
  const route = useListRoute();
  const query = useBlogPosts(route.apiParams);
  return (
    <div className="container">
      <ListHeader title={Texts.BLOG_TITLE} count="" />
      <parts.SearchBar label={Texts.BLOG_TITLE} />
      <ListBody
        route={route}
        query={query}
        emptyText={Texts.EMPTY_BLOG}
        renderRow={(row) => <BlogRow key={row.slug} row={row} />}
        MobileAd={parts.MobileAd}
      />
    </div>
  );
}
