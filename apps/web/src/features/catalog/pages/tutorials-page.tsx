import { Texts } from '@opence/shared';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTutorials } from '../api/get-tutorials.ts';
import type { TCatalogPageProps } from '../components/catalog-parts.ts';
import { ListHeader } from '../../../components/ui/list.tsx';
import { ListBody } from '../components/list-body.tsx';
import { TutorialRow } from '../components/rows.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/** Product training (01 §2): a row opens /classroom/{hash} and shows company and release date. */
export function Component({ parts }: TCatalogPageProps) {
  usePageTitle(Texts.TUTORIALS_TITLE);
  const route = useListRoute();
  const query = useTutorials(route.apiParams);
  return (
    <div className="container">
      <ListHeader title={Texts.TUTORIALS_TITLE} count="" />
      <parts.SearchBar label={Texts.TUTORIALS_TITLE} />
      <ListBody
        route={route}
        query={query}
        emptyText={Texts.EMPTY_TUTORIALS}
        renderRow={(row) => <TutorialRow key={row.hash} row={row} />}
        MobileAd={parts.MobileAd}
      />
    </div>
  );
}
