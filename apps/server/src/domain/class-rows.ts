import { creditLabel, isReserved } from '@opence/shared';
import type { TSeatRow } from '@opence/shared/schemas';

/*
 * A class as the lists show it (01 §3), for every feature that lists classes: catalog, seats,
 * member-lists. classId is the class hash, so no internal id leaves the server (03 §2).
 */

/** The columns of a class, with speakers and companies joined, that its list facts come from. */
export type TClassColumns = {
  hash: string;
  title: string;
  photo: string | null;
  release_at: string;
  credits: number;
  ce_type_id: number;
  speaker_name: string | null;
  company_name: string | null;
};

/** A class's facts under the spec's names, without classId (the cancel page names none, 02 §2). */
export function presentClassFacts(row: TClassColumns) {
  return {
    hash: row.hash,
    className: row.title,
    speakerName: row.speaker_name ?? '',
    sponsorCompanyName: row.company_name ?? '',
    photo: row.photo,
    releaseDateUTC: row.release_at,
    credits: Number(row.credits),
    creditName: creditLabel(row.ce_type_id),
  };
}

/** What every class row of a list shares (01 §3): its facts and classId. */
export function presentClassBasics(row: TClassColumns) {
  return { classId: row.hash, ...presentClassFacts(row) };
}

/** One of the member's own seats: a webinar row with its cancel code (01 §3). */
export function presentSeatRow(
  row: TClassColumns & { duration_min: number; is_waiting: number; cancel_code: string },
): TSeatRow {
  const isWaiting = row.is_waiting === 1;
  return Object.assign(presentClassBasics(row), {
    durationMin: row.duration_min,
    hasSeat: true,
    isWaiting,
    isReserved: isReserved(true, isWaiting),
    cancelCode: row.cancel_code,
  });
}
