import { Texts } from '@opence/shared';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDrilldowns } from '../api/get-drilldowns.ts';
import type { TCatalogPageProps } from '../components/catalog-parts.ts';
import { ListHeader } from '../../../components/ui/list.tsx';
import { ListBody } from '../components/list-body.tsx';
import { DrilldownRow } from '../components/rows.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/** 5-minute drill-down videos (01 §2): a row opens /drilldown/{slug}. */
export function Component({ parts }: TCatalogPageProps) {
  usePageTitle(Texts.DRILLDOWNS_TITLE);
  const route = useListRoute();
  const query = useDrilldowns(route.apiParams);
  return (
    <div className="container">
      <ListHeader title={Texts.DRILLDOWNS_TITLE} count="" />
      <parts.SearchBar label={Texts.DRILLDOWNS_TITLE} />
      <ListBody
        route={route}
        query={query}
        emptyText={Texts.EMPTY_DRILLDOWNS}
        renderRow={(row) => <DrilldownRow key={row.slug} row={row} />}
      />
    </div>
  );
}
