import { localDayInZone } from '@opence/shared';
import type {
  TCompletedInPersonRow,
  TCompletedPodcastRow,
  TCompletedWebinarRow,
  TPendingRow,
  TQueueRow,
  TTutorialHistoryRow,
} from '@opence/shared/schemas';
import { presentClassBasics } from '../../domain/class-rows.ts';
import type {
  selectCompletedClassesPage,
  selectCompletedInPersonPage,
  selectCompletedPodcastsPage,
  selectPendingPage,
  selectQueuePage,
  selectTutorialHistoryPage,
} from './member-lists.repo.ts';

/* Rows of the member lists → the spec's field names (01 §3). */

type TRowOf<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];

/** A paged answer (01 §3, 03 §2): 0-based page, rows in this page and in all pages. */
export function presentPage<T>(page: { page: number; pageSize: number; totalRows: number; rows: T[] }) {
  return {
    status: true,
    rowCount: page.rows.length,
    totalRows: page.totalRows,
    pageSize: page.pageSize,
    page: page.page,
    data: page.rows,
  };
}

export function presentQueueRow(row: TRowOf<typeof selectQueuePage>): TQueueRow {
  return Object.assign(presentClassBasics(row), { queueId: row.queue_id });
}

export function presentTutorialHistoryRow(
  row: TRowOf<typeof selectTutorialHistoryPage>,
): TTutorialHistoryRow {
  return Object.assign(presentClassBasics(row), { viewedAt: row.viewed_at });
}

/** A class in progress (01 §3 Pending class); a completed class starts from the same fields. */
export function presentPendingRow(
  row: TRowOf<typeof selectPendingPage> | TRowOf<typeof selectCompletedClassesPage>,
): TPendingRow {
  return {
    hash: row.hash,
    className: row.title,
    speakerName: row.speaker_name ?? '',
    sponsorCompanyName: row.company_name ?? '',
    photo: row.photo,
    releaseDate: row.release_at,
    credits: Number(row.credits),
    ceTypeId: row.ce_type_id,
  };
}

/**
 * The member's own calendar day of a completion: the local day its exam attempt was counted on,
 * else the completion time in the member's zone.
 */
function examDateLocal(
  row: { local_day: string | null; completed_at: string },
  timeZone: string | null,
): string {
  return row.local_day ?? localDayInZone(new Date(row.completed_at), timeZone);
}

/** What a completion row needs besides its own columns: the member's zone and the certificate URL. */
export type TCompletionContext = { timeZone: string | null; certUrl: (certificateNumber: string) => string };

export function presentCompletedWebinarRow(
  row: TRowOf<typeof selectCompletedClassesPage>,
  { timeZone, certUrl }: TCompletionContext,
): TCompletedWebinarRow {
  return Object.assign(presentPendingRow(row), {
    classId: row.hash,
    examDateLocal: examDateLocal(row, timeZone),
    description: row.description,
    agdCode: row.agd_code ?? row.class_agd_code,
    agdCategory: row.agd_category,
    isCADentalBoard: Boolean(row.is_ca_dental_board),
    courseNumberCADentalBoard: row.ca_course_number,
    certUrl: certUrl(row.certificate_number),
    agdSubmittedAt: row.agd_submitted_at,
  });
}

export function presentCompletedPodcastRow(
  row: TRowOf<typeof selectCompletedPodcastsPage>,
  { timeZone, certUrl }: TCompletionContext,
): TCompletedPodcastRow {
  return {
    id: row.hash,
    hash: row.hash,
    podcastShowHash: row.show_hash,
    title: row.title,
    description: row.description,
    photo: row.photo ?? row.show_photo,
    certUrl: certUrl(row.certificate_number),
    examDateLocal: examDateLocal(row, timeZone),
    credits: Number(row.credits),
    ceTypeId: row.ce_type_id,
    agdSubmittedAt: row.agd_submitted_at,
  };
}

/** A claimed in-person event of CE Completed's In-person tab (issue 36). */
export function presentCompletedInPersonRow(
  row: TRowOf<typeof selectCompletedInPersonPage>,
  { certUrl }: Pick<TCompletionContext, 'certUrl'>,
): TCompletedInPersonRow {
  return {
    hash: row.hash,
    title: row.title,
    photo: row.photo,
    date: row.release_at,
    place: row.place,
    speakerName: row.speaker_name,
    credits: Number(row.credits),
    agdCode: row.agd_code,
    claimedAt: row.claimed_at,
    certificateNumber: row.certificate_number,
    certUrl: certUrl(row.certificate_number),
    agdSubmittedAt: row.agd_submitted_at,
  };
}
