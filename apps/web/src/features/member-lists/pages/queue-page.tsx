import { classroomPath, creditsText, queueEmptyText, showsSpeakerLine, Texts } from '@opence/shared';
import type { TQueueRow } from '@opence/shared/schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useQueue } from '../api/get-queue.ts';
import { useRemoveQueuedClass } from '../api/remove-queued-class.ts';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useListPage } from '../components/list-page.ts';
import { ListRow, RowLine } from '../../../components/ui/list.tsx';
import { MemberListPage } from '../components/paged-rows.tsx';

function QueueRow({ row, onRemove }: { row: TQueueRow; onRemove: (row: TQueueRow) => void }) {
  const hasCredits = showsSpeakerLine(row.credits);
  return (
    <ListRow
      to={classroomPath(row.hash)}
      title={row.className}
      photo={row.photo}
      actions={
        <Button
          variant="secondary"
          onClick={() => onRemove(row)}
          aria-label={`${Texts.QUEUE_REMOVE_LABEL}: ${row.className}`}
        >
          <span aria-hidden="true">−</span> {Texts.QUEUE_REMOVE}
        </Button>
      }
    >
      {hasCredits && <RowLine>{row.speakerName}</RowLine>}
      <RowLine>{row.sponsorCompanyName}</RowLine>
      <RowLine>
        <LocalTime iso={row.releaseDateUTC} format="day" />
        {hasCredits && ` · ${creditsText(row.credits, row.creditName)}`}
      </RowLine>
    </ListRow>
  );
}

/** Watch Later (/queue/{page?}, 01 §2): the member's queued classes; a row can be removed. */
export function Component() {
  usePageTitle(Texts.QUEUE_TITLE);
  const list = useListPage();
  const query = useQueue(list.page0);
  const remove = useRemoveQueuedClass(list.page0);
  // Which empty text shows depends on whether the member emptied the list here (decision 0502).
  const [hasRemovedHere, setRemovedHere] = useState(false);

  const onRemove = (row: TQueueRow) => {
    setRemovedHere(true);
    remove.mutate(row);
  };

  return (
    <MemberListPage
      title={Texts.QUEUE_TITLE}
      countTemplate={Texts.CLASSES_COUNT}
      notice={remove.isError && <Alert onDismiss={() => remove.reset()}>{Texts.QUEUE_REMOVE_ERROR}</Alert>}
      list={list}
      query={query}
      empty={<EmptyState text={queueEmptyText(hasRemovedHere)} />}
      renderRow={(row) => <QueueRow key={row.hash} row={row} onRemove={onRemove} />}
    />
  );
}
