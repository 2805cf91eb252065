import {
  blogPath,
  blogPostPath,
  classroomPath,
  countText,
  creditsText,
  drilldownPath,
  examBadge,
  formatDuration,
  onDemandPath,
  podcastPath,
  seatsLeftText,
  Texts,
  webinarBadge,
  webinarPath,
} from '@opence/shared';
import type {
  TBlogRow,
  TClassRow,
  TDrilldownRow,
  TPodcastRow,
  TTutorialRow,
  TWebinarRow,
} from '@opence/shared/schemas';
import { ListRow, RowLine, type TRowMedia } from '../../../components/ui/list.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';

/*
 * One row per kind of content, with the link and badge rules of 01 §2 and 02 §2. Where a row
 * leads depends on the screen: the on-demand list opens the course page by slug, search opens
 * the classroom by hash.
 */

type TLevel = { level?: 2 | 3 };

/** A detail beside a row's date with its separator, or nothing when the detail is empty. */
const joined = (first: string | null, second: string | null) => (first && second ? first + second : null);

const completed = (examTaken: boolean) => {
  const text = examBadge(examTaken);
  return text ? { text, tone: 'success' as const } : null;
};

/**
 * A class row's play mark: only a recording to play has one (not a PDF lesson); its length as
 * the player shows times, when the class has one (decision 1030).
 */
const recordingMedia = (minutes: number | null | undefined): TRowMedia | null =>
  minutes === null || minutes === undefined
    ? null
    : { length: minutes > 0 ? formatDuration(minutes * 60) : null };

export function WebinarRow({ row, level }: { row: TWebinarRow } & TLevel) {
  const badge = webinarBadge(row);
  return (
    <ListRow
      to={webinarPath(row)}
      title={row.className}
      photo={row.photo}
      level={level}
      badge={badge ? { text: badge, tone: badge === Texts.BADGE_WAITLIST ? 'warning' : 'success' } : null}
    >
      <RowLine>{row.speakerName}</RowLine>
      <RowLine>{row.sponsorCompanyName}</RowLine>
      <RowLine>
        <strong className="row-when">
          <LocalTime iso={row.releaseDateUTC} format="dateTime" />
        </strong>
      </RowLine>
      <RowLine>{creditsText(row.credits, row.creditName)}</RowLine>
      {!row.hasSeat && <SeatsLeftLine left={row.seatsLeft} />}
    </ListRow>
  );
}

/** 'Full — join the waitlist' or 'N seats left' once few remain (decision 1003). */
function SeatsLeftLine({ left }: { left: number | null | undefined }) {
  const text = seatsLeftText(left);
  return text ? (
    <RowLine>
      <strong className={left === 0 ? 'seats-left is-full' : 'seats-left'}>{text}</strong>
    </RowLine>
  ) : null;
}

export function ClassRow({
  row,
  level,
  opens = 'course',
}: { row: TClassRow; opens?: 'course' | 'classroom' } & TLevel) {
  return (
    <ListRow
      to={opens === 'course' ? onDemandPath(row.slug) : classroomPath(row.hash)}
      title={row.className}
      photo={row.photo}
      level={level}
      media={row.comingSoon ? null : recordingMedia(row.recordingMin)}
      badge={
        row.comingSoon && !row.examTaken
          ? { text: Texts.COMING_SOON, tone: 'warning' }
          : completed(row.examTaken)
      }
    >
      <RowLine>{row.speakerName}</RowLine>
      <RowLine>{row.sponsorCompanyName}</RowLine>
      <RowLine>
        <LocalTime iso={row.releaseDateUTC} format="day" />
        {joined(' · ', creditsText(row.credits, row.creditName))}
      </RowLine>
    </ListRow>
  );
}

export function PodcastRow({ row, level }: { row: TPodcastRow } & TLevel) {
  const credits = row.credits > 0 ? ` ${countText(Texts.PODCAST_CREDITS, row.credits)}` : '';
  return (
    <ListRow
      to={podcastPath(row.podcastShowHash, row.hash)}
      title={row.title}
      photo={row.photo}
      level={level}
      media={{ length: row.durationSec > 0 ? formatDuration(row.durationSec) : null }}
      badge={completed(row.examTaken)}
    >
      <RowLine>{row.speakerName}</RowLine>
      <RowLine>{row.companyName}</RowLine>
      <RowLine>
        <LocalTime iso={row.releaseDateUTC} format="day" />
        {credits}
      </RowLine>
      <RowLine>{row.durationSec > 0 && `Duration ${formatDuration(row.durationSec)}`}</RowLine>
    </ListRow>
  );
}

export function BlogRow({ row, level, opens = 'blog' }: { row: TBlogRow; opens?: 'blog' | 'post' } & TLevel) {
  return (
    <ListRow
      to={opens === 'blog' ? blogPath(row.slug) : blogPostPath(row.id)}
      title={row.title}
      photo={row.photo}
      level={level}
      badge={row.featured ? { text: Texts.FEATURED_TAG, tone: 'primary' } : null}
    >
      <RowLine>
        {joined(row.author, ' · ')}
        <LocalTime iso={row.datePosted} format="day" />
      </RowLine>
      <RowLine>{row.blurb}</RowLine>
    </ListRow>
  );
}

export function DrilldownRow({ row, level }: { row: TDrilldownRow } & TLevel) {
  return (
    <ListRow to={drilldownPath(row.slug)} title={row.title} photo={row.photo} level={level} media={{}}>
      <RowLine>
        {joined(row.author, ' · ')}
        <LocalTime iso={row.datePosted} format="day" />
      </RowLine>
      <RowLine>{row.blurb}</RowLine>
    </ListRow>
  );
}

export function TutorialRow({ row, level }: { row: TTutorialRow } & TLevel) {
  return (
    <ListRow to={classroomPath(row.hash)} title={row.className} photo={row.photo} level={level} media={{}}>
      <RowLine>{row.sponsorCompanyName}</RowLine>
      <RowLine>
        <LocalTime iso={row.releaseDateUTC} format="day" />
      </RowLine>
    </ListRow>
  );
}
