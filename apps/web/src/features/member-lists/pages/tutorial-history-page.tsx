import { classroomPath, Texts } from '@opence/shared';
import type { TTutorialHistoryRow } from '@opence/shared/schemas';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useTutorialHistory } from '../api/get-tutorial-history.ts';
import { TextWithTime } from '../../../components/ui/local-time.tsx';
import { useListPage } from '../components/list-page.ts';
import { ListRow, RowLine } from '../../../components/ui/list.tsx';
import { MemberListPage } from '../components/paged-rows.tsx';

function TutorialRow({ row }: { row: TTutorialHistoryRow }) {
  return (
    <ListRow to={classroomPath(row.hash)} title={row.className} photo={row.photo}>
      <RowLine>{row.sponsorCompanyName}</RowLine>
      <RowLine>
        <TextWithTime text={Texts.VIEWED_ON} iso={row.viewedAt} format="day" />
      </RowLine>
    </ListRow>
  );
}

/** Viewed Tutorials (/tutorial-history/{page?}, 01 §2): the product tutorials the member viewed. */
export function Component() {
  usePageTitle(Texts.TUTORIAL_HISTORY_TITLE);
  const list = useListPage();
  const query = useTutorialHistory(list.page0);

  return (
    <MemberListPage
      title={Texts.TUTORIAL_HISTORY_TITLE}
      countTemplate={Texts.CLASSES_COUNT}
      list={list}
      query={query}
      empty={
        <EmptyState text={Texts.EMPTY_TUTORIAL_HISTORY}>
          <ButtonLink to="/tutorials">{Texts.BROWSE_TUTORIALS}</ButtonLink>
        </EmptyState>
      }
      renderRow={(row) => <TutorialRow key={row.hash} row={row} />}
    />
  );
}
