import {
  classroomPath,
  completedTotal,
  creditLabel,
  creditsText,
  pendingEmptyText,
  Texts,
} from '@opence/shared';
import type { TPendingRow } from '@opence/shared/schemas';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { usePending } from '../api/get-pending.ts';
import { useCompletedCounts } from '../api/get-completed-counts.ts';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useListPage } from '../components/list-page.ts';
import { ListRow, ListSkeleton, RowLine } from '../../../components/ui/list.tsx';
import { MemberListPage } from '../components/paged-rows.tsx';

function PendingRow({ row }: { row: TPendingRow }) {
  const to = classroomPath(row.hash);
  return (
    <ListRow
      to={to}
      title={row.className}
      photo={row.photo}
      actions={
        <ButtonLink to={to} variant="secondary" aria-label={`${Texts.CLASSROOM_BUTTON}: ${row.className}`}>
          {Texts.CLASSROOM_BUTTON}
        </ButtonLink>
      }
    >
      <RowLine>{row.speakerName}</RowLine>
      <RowLine>{row.sponsorCompanyName}</RowLine>
      <RowLine>
        <LocalTime iso={row.releaseDate} format="day" />
        {row.credits > 0 && ` · ${creditsText(row.credits, creditLabel(row.ceTypeId))}`}
      </RowLine>
    </ListRow>
  );
}

/** 'All exams completed.' once the member has completed any, else the longer text (decision 0502). */
function PendingEmpty() {
  const counts = useCompletedCounts();
  if (counts.isPending) return <ListSkeleton rows={1} />;
  return <EmptyState text={pendingEmptyText(counts.data ? completedTotal(counts.data.data[0]) : 0)} />;
}

/** CE in Progress (/pending/{page?}, alias /exams/{page?}; 01 §2): viewed classes whose exam is not passed. */
export function Component() {
  usePageTitle(Texts.PENDING_TITLE);
  const list = useListPage();
  const query = usePending(list.page0);

  return (
    <MemberListPage
      title={Texts.PENDING_TITLE}
      countTemplate={Texts.PENDING_COUNT}
      list={list}
      query={query}
      empty={<PendingEmpty />}
      renderRow={(row) => <PendingRow key={row.hash} row={row} />}
    />
  );
}
