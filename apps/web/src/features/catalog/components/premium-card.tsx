import {
  FEATURED_PHOTO_SIZES,
  formatPrice,
  isNewCourse,
  premiumPath,
  Texts,
  youtubeEmbedUrl,
  youtubeVideoId,
} from '@opence/shared';
import type { TPremiumRow } from '@opence/shared/schemas';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/feedback.tsx';
import { Picture } from '../../../components/ui/picture.tsx';

/** The intro video loads only when asked for, so a list of courses stays light. */
function IntroVideo({ course }: { course: TPremiumRow }) {
  const [isPlaying, setPlaying] = useState(false);
  const videoId = youtubeVideoId(course.youtubeUrl);
  if (!videoId) return null;
  if (!isPlaying) {
    return (
      <button type="button" className="premium-video-facade" onClick={() => setPlaying(true)}>
        {course.photo && (
          <Picture src={course.photo} sizes={FEATURED_PHOTO_SIZES} width="480" height="270" loading="lazy" />
        )}
        <span className="premium-video-play">▶ Play intro video</span>
      </button>
    );
  }
  return (
    <div className="premium-video">
      <iframe
        src={`${youtubeEmbedUrl(videoId, window.location.origin)}&autoplay=1`}
        title={`Intro video: ${course.className}`}
        allow="autoplay; encrypted-media; picture-in-picture"
        allowFullScreen
      />
    </div>
  );
}

/** The external course page, or a disabled button when the course has no platform id yet. */
function CourseButton({ course, text }: { course: TPremiumRow; text: string }) {
  if (!course.courseUrl) {
    return (
      <button type="button" className="btn" disabled>
        {text}
      </button>
    );
  }
  return (
    <a className="btn" href={course.courseUrl} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  );
}

/**
 * A premium course (01 §2): NEW label, badges, title, speaker, blurb, modules, credits and
 * hours; the offer and 'Start Course' when not enrolled, 'Continue to Course' when enrolled.
 */
export function PremiumCard({ course }: { course: TPremiumRow }) {
  const isEnrolled = course.gradebookId !== '';
  return (
    <li className="premium-card card">
      {isNewCourse(course.releaseDateUTC) && (
        <span className="premium-new" aria-label="New course">
          {Texts.BADGE_NEW}
        </span>
      )}
      {isEnrolled ? (
        course.photo && (
          <Picture
            className="premium-photo"
            src={course.photo}
            sizes={FEATURED_PHOTO_SIZES}
            width="480"
            height="270"
          />
        )
      ) : (
        <IntroVideo course={course} />
      )}
      <div className="premium-body">
        <p className="premium-badges">
          <Badge>{Texts.PREMIUM_COURSE}</Badge> <Badge tone="success">{`${course.credits} CEU`}</Badge>{' '}
          {isEnrolled && <Badge tone="warning">{Texts.ENROLLED}</Badge>}
        </p>
        <h2 className="premium-title">{course.className}</h2>
        {course.speakerName && <p className="premium-speaker">{course.speakerName}</p>}
        <p>{course.blurb}</p>
        <p className="premium-facts">
          {course.numLessons} modules · {course.credits} CEU ({course.creditName}) · {course.durationHours}{' '}
          hours of video
        </p>
        {!isEnrolled && (
          <div className="premium-offer">
            <p className="premium-offer-title">{Texts.LIMITED_TIME_OFFER}</p>
            {course.priceDiscountStr && <p>{course.priceDiscountStr}</p>}
            <p className="premium-price">
              <strong>{formatPrice(course.price)}</strong>
              {course.priceList > course.price && (
                <>
                  {' '}
                  <s aria-label={`Regular price ${formatPrice(course.priceList)}`}>
                    {formatPrice(course.priceList)}
                  </s>
                </>
              )}
            </p>
          </div>
        )}
        <div className="premium-actions">
          <CourseButton course={course} text={isEnrolled ? Texts.CONTINUE_TO_COURSE : Texts.START_COURSE} />
          <Link className="btn btn-secondary" to={premiumPath(course.slug)}>
            {Texts.COURSE_OVERVIEW}
          </Link>
        </div>
      </div>
    </li>
  );
}
