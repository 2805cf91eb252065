import {
  completedCountsErrorText,
  completedTabEmptyText,
  completedTabFrom,
  completedTabLabel,
  completedTabs,
  completedTotal,
  countText,
  loginRedirectPath,
  Texts,
  type TCompletedTab,
} from '@opence/shared';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useCompletedCounts } from '../api/get-completed-counts.ts';
import { useCompletedInPerson } from '../api/get-completed-in-person.ts';
import { useCompletedPodcasts } from '../api/get-completed-podcasts.ts';
import { useCompletedWebinars } from '../api/get-completed-webinars.ts';
import {
  CompletedInPersonRow,
  CompletedPodcastRow,
  CompletedWebinarRow,
  type TRenderCertificateButton,
} from '../components/completed-rows.tsx';
import { type TListPage, useListPage } from '../components/list-page.ts';
import { ListHeader, ListSkeleton } from '../../../components/ui/list.tsx';
import { PagedRows } from '../components/paged-rows.tsx';

type TPanelProps = {
  list: TListPage;
  hasAgdNumber: boolean;
  renderCertificateButton: TRenderCertificateButton;
};

function WebinarsPanel({ list, ...rowProps }: TPanelProps) {
  return (
    <PagedRows
      list={list}
      query={useCompletedWebinars(list.page0)}
      empty={<EmptyState text={completedTabEmptyText('webinars')} />}
      renderRow={(row) => <CompletedWebinarRow key={row.hash} row={row} {...rowProps} />}
    />
  );
}

function PodcastsPanel({ list, ...rowProps }: TPanelProps) {
  return (
    <PagedRows
      list={list}
      query={useCompletedPodcasts(list.page0)}
      empty={<EmptyState text={completedTabEmptyText('podcasts')} />}
      renderRow={(row) => <CompletedPodcastRow key={row.hash} row={row} {...rowProps} />}
    />
  );
}

function InPersonPanel({ list, ...rowProps }: TPanelProps) {
  return (
    <PagedRows
      list={list}
      query={useCompletedInPerson(list.page0)}
      empty={<EmptyState text={completedTabEmptyText('in-person')} />}
      renderRow={(row) => <CompletedInPersonRow key={row.hash} row={row} {...rowProps} />}
    />
  );
}

const PANELS = { webinars: WebinarsPanel, podcasts: PodcastsPanel, 'in-person': InPersonPanel } as const;

function CompletedLists({ renderCertificateButton }: { renderCertificateButton: TRenderCertificateButton }) {
  const list = useListPage();
  const [params] = useSearchParams();
  const asked = completedTabFrom(params.get('tab'));
  const counts = useCompletedCounts();
  const answer = counts.data;
  // A tab opens on its first page; the tab is kept in the query so that a reload keeps it.
  const selectTab = (next: TCompletedTab) =>
    void list.navigate(next === 'webinars' ? list.basePath : `${list.basePath}?tab=${next}`, {
      replace: true,
    });

  if (counts.isError) {
    const status = counts.error instanceof ApiRequestError ? counts.error.status : 0;
    return <Alert>{completedCountsErrorText(status)}</Alert>;
  }
  if (!answer) return <ListSkeleton />;
  const total = completedTotal(answer.data[0]);
  if (total === 0) return <EmptyState text={Texts.EMPTY_COMPLETED} />;
  const tabs = completedTabs(answer.data[0]);
  // In-person is a tab only for a member who has claimed an event (issue 36).
  const tab = tabs.includes(asked) ? asked : 'webinars';
  const panelProps = { list, hasAgdNumber: answer.hasAgdNumber, renderCertificateButton };
  const Panel = PANELS[tab];
  return (
    <Tabs
      label={Texts.COMPLETED_TITLE}
      idPrefix="completed"
      items={tabs.map((id) => ({ id, label: completedTabLabel(id, answer.data[0]) }))}
      selected={tab}
      onSelect={selectTab}
    >
      <Panel {...panelProps} />
    </Tabs>
  );
}

function CompletedContent({
  renderCertificateButton,
}: {
  renderCertificateButton: TRenderCertificateButton;
}) {
  const counts = useCompletedCounts();
  const total = counts.data ? completedTotal(counts.data.data[0]) : null;
  return (
    <div className="container">
      <ListHeader
        title={Texts.COMPLETED_TITLE}
        count={counts.isError ? '' : total === null ? null : countText(Texts.COMPLETED_COUNT, total)}
        placeholder={countText(Texts.COMPLETED_COUNT, 0)}
      />
      <CompletedLists renderCertificateButton={renderCertificateButton} />
    </div>
  );
}

/**
 * CE Completed (/completed/{page?}, alias /completed-exams/{page?}; 01 §2): the member's
 * completed classes and podcast episodes in two tabs, each row with its certificate. Needs a
 * stored student name besides the token (01 §2, §6).
 */
export function CompletedPage({
  renderCertificateButton,
}: {
  renderCertificateButton: TRenderCertificateButton;
}) {
  usePageTitle(Texts.COMPLETED_TITLE);
  const session = useSession();
  const location = useLocation();
  if (!session?.name) return <Navigate to={loginRedirectPath(location.pathname + location.search)} replace />;
  return <CompletedContent renderCertificateButton={renderCertificateButton} />;
}
