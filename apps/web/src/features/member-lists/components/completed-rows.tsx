import {
  agdStatusText,
  ClaimTexts,
  classroomPath,
  countText,
  creditLabel,
  creditsText,
  formatCalendarDay,
  inPersonCreditsText,
  inPersonPath,
  podcastPath,
  Texts,
} from '@opence/shared';
import type {
  TCompletedInPersonRow,
  TCompletedPodcastRow,
  TCompletedWebinarRow,
} from '@opence/shared/schemas';
import type { ReactNode } from 'react';
import { formatDay } from '../../../lib/dates.ts';
import { EventTile } from '../../../components/ui/event-tile.tsx';
import { ListRow, RowLine } from '../../../components/ui/list.tsx';
import { LocalTime, TextWithTime } from '../../../components/ui/local-time.tsx';

/** The completed class (c) or podcast episode (p) a certificate button is for. */
export type TCertificateTarget = { c?: string; p?: string };

/**
 * The certificate button of a row. The certificate modal belongs to another feature, so the
 * page receives the button from its route module in app/ (features do not import each other).
 */
export type TRenderCertificateButton = (target: TCertificateTarget) => ReactNode;

type TCompletionFacts = { examDateLocal: string; agdSubmittedAt: string | null };

/** Whether the AGD has the credits (03 §7). */
function AgdLine({ agdSubmittedAt, hasAgdNumber }: { agdSubmittedAt: string | null; hasAgdNumber: boolean }) {
  return (
    <RowLine>
      {/* The date in the reader's zone, safe on a screen the server drew (0831, 0833). */}
      {agdSubmittedAt ? (
        <TextWithTime text={Texts.AGD_SENT} iso={agdSubmittedAt} format="day" />
      ) : (
        agdStatusText(null, hasAgdNumber, formatDay)
      )}
    </RowLine>
  );
}

/** When the exam was passed and whether the AGD has the credits (03 §7). */
function CompletionLines({ row, hasAgdNumber }: { row: TCompletionFacts; hasAgdNumber: boolean }) {
  return (
    <>
      <RowLine>{Texts.EXAM_COMPLETED_ON.replace('{date}', formatCalendarDay(row.examDateLocal))}</RowLine>
      <AgdLine agdSubmittedAt={row.agdSubmittedAt} hasAgdNumber={hasAgdNumber} />
    </>
  );
}

export function CompletedWebinarRow({
  row,
  hasAgdNumber,
  renderCertificateButton,
}: {
  row: TCompletedWebinarRow;
  hasAgdNumber: boolean;
  renderCertificateButton: TRenderCertificateButton;
}) {
  return (
    <ListRow
      to={classroomPath(row.hash)}
      title={row.className}
      photo={row.photo}
      actions={renderCertificateButton({ c: row.hash })}
    >
      <RowLine>{row.speakerName}</RowLine>
      <RowLine>
        {creditsText(row.credits, creditLabel(row.ceTypeId))}
        {row.agdCode && ` · ${Texts.AGD_SUBJECT_CODE.replace('{code}', row.agdCode)}`}
        {row.isCADentalBoard &&
          row.courseNumberCADentalBoard &&
          ` · ${Texts.CA_COURSE_NUMBER.replace('{code}', row.courseNumberCADentalBoard)}`}
      </RowLine>
      <CompletionLines row={row} hasAgdNumber={hasAgdNumber} />
    </ListRow>
  );
}

export function CompletedPodcastRow({
  row,
  hasAgdNumber,
  renderCertificateButton,
}: {
  row: TCompletedPodcastRow;
  hasAgdNumber: boolean;
  renderCertificateButton: TRenderCertificateButton;
}) {
  return (
    <ListRow
      to={podcastPath(row.podcastShowHash, row.hash)}
      title={row.title}
      photo={row.photo}
      actions={renderCertificateButton({ p: row.hash })}
    >
      {/* Podcasts are labelled 'Self Study' (01 §9). */}
      <RowLine>{countText(Texts.PODCAST_CEU, row.credits)}</RowLine>
      <CompletionLines row={row} hasAgdNumber={hasAgdNumber} />
    </ListRow>
  );
}

/**
 * A claimed in-person event (issue 36): its date and place, the credit, when it was claimed (no
 * exam was taken), and its own page; the event's tile where a class shows its photo.
 */
export function CompletedInPersonRow({
  row,
  hasAgdNumber,
  renderCertificateButton,
}: {
  row: TCompletedInPersonRow;
  hasAgdNumber: boolean;
  renderCertificateButton: TRenderCertificateButton;
}) {
  return (
    <ListRow
      to={inPersonPath(row.hash)}
      title={row.title}
      photo={row.photo}
      placeholder={<EventTile />}
      actions={renderCertificateButton({ c: row.hash })}
    >
      <RowLine>
        <LocalTime iso={row.date} format="day" /> · {row.place}
      </RowLine>
      <RowLine>{row.speakerName}</RowLine>
      <RowLine>
        {inPersonCreditsText(row.credits)}
        {row.agdCode && ` · ${Texts.AGD_SUBJECT_CODE.replace('{code}', row.agdCode)}`}
      </RowLine>
      <RowLine>
        <TextWithTime text={ClaimTexts.COMPLETED_ROW_CLAIMED} iso={row.claimedAt} format="day" />
      </RowLine>
      <AgdLine agdSubmittedAt={row.agdSubmittedAt} hasAgdNumber={hasAgdNumber} />
    </ListRow>
  );
}
