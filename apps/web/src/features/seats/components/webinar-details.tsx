import { Texts } from '@opence/shared';
import type { ReactNode } from 'react';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { COLUMN_SIZES, Picture } from '../../../components/ui/picture.tsx';

export type TWebinarFacts = {
  className: string;
  photo: string | null;
  speakerName: string | null;
  sponsorCompanyName: string | null;
  releaseDateUTC: string;
  credits: number;
};

/** Credits of a live webinar (02 §2): '1 CEU (Live, Interactive)'. */
export const liveCreditsText = (credits: number) => `${credits} CEU ${Texts.LIVE_CREDIT_NAME}`;

/**
 * A webinar's facts (02 §2): photo, class name, speaker, sponsor, date and time in the
 * member's zone with its abbreviation, credits; children add the description or actions.
 */
export function WebinarDetails({
  webinar,
  level = 2,
  children,
}: {
  webinar: TWebinarFacts;
  level?: 1 | 2;
  children?: ReactNode;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <article className="webinar-details card">
      {webinar.photo && (
        <Picture
          className="webinar-details-photo"
          src={webinar.photo}
          sizes={COLUMN_SIZES}
          width="640"
          height="360"
        />
      )}
      <div className="webinar-details-body">
        <Heading className="webinar-details-title">{webinar.className}</Heading>
        <dl className="webinar-facts">
          {webinar.speakerName && (
            <>
              <dt>Speaker</dt>
              <dd>{webinar.speakerName}</dd>
            </>
          )}
          {webinar.sponsorCompanyName && (
            <>
              <dt>Sponsor</dt>
              <dd>{webinar.sponsorCompanyName}</dd>
            </>
          )}
          <dt>Date</dt>
          <dd>
            <LocalTime iso={webinar.releaseDateUTC} format="dateTime" />
          </dd>
          <dt>Credits</dt>
          <dd>{liveCreditsText(webinar.credits)}</dd>
        </dl>
        {children}
      </div>
    </article>
  );
}
