import { Texts } from '@opence/shared';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePremium } from '../api/get-premium.ts';
import { ListHeader } from '../../../components/ui/list.tsx';
import { ListBody } from '../components/list-body.tsx';
import { PremiumCard } from '../components/premium-card.tsx';
import { useListRoute } from '../components/use-list-route.ts';

/** Premium courses (01 §2): enrolled and not-enrolled cards, pages. */
export function Component() {
  usePageTitle(Texts.PREMIUM_TITLE);
  const route = useListRoute();
  const query = usePremium({ cid: route.filter.cid, page: route.apiParams.page, j: route.apiParams.j });
  return (
    <div className="container">
      <ListHeader title={Texts.PREMIUM_TITLE} count="" />
      <ListBody
        route={route}
        query={query}
        emptyText={Texts.EMPTY_ONDEMAND}
        renderRow={(course) => <PremiumCard key={course.hash} course={course} />}
      />
    </div>
  );
}
