import { creditsText, formatPrice, Texts } from '@opence/shared';
import type { TClassObj, TStudentData } from '@opence/shared/schemas';
import { LazyVideoPlayer } from '../../../components/lazy-video-player.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import { useClass } from '../api/get-class.ts';
import { ClassDescription, ClassHeader, ClassSkeleton, SpeakerCard } from '../components/class-parts.tsx';
import { CourseFacts } from '../components/course-facts.tsx';
import { formatLongDate } from '../../../lib/dates.ts';
import { ClassLoadError, useRequireClassParam, type TRenderCertificateButton } from './classroom-page.tsx';
import '../classroom.css';

/** Prices and the way in: Enroll, or 'Continue to Course' with the access period once enrolled. */
function Enrollment({ classObj, studentData }: { classObj: TClassObj; studentData: TStudentData }) {
  const url = classObj.learningPlatformUrl;
  if (studentData.isEnrolled) {
    return (
      <div className="card enrollment">
        <p>
          <Badge tone="success">{Texts.ENROLLED}</Badge>
        </p>
        {studentData.validUntil && <p>Valid until {formatLongDate(studentData.validUntil)}</p>}
        {url && (
          <a className="btn" href={url} target="_blank" rel="noopener noreferrer">
            {Texts.CONTINUE_TO_COURSE}
          </a>
        )}
      </div>
    );
  }
  return (
    <div className="card enrollment">
      <p className="price">
        {classObj.priceList !== null && classObj.priceList !== classObj.price && (
          <s aria-label={`List price ${formatPrice(classObj.priceList)}`}>
            {formatPrice(classObj.priceList)}
          </s>
        )}{' '}
        {classObj.price !== null && <strong>{formatPrice(classObj.price)}</strong>}{' '}
        {classObj.priceDiscountStr && <Badge tone="warning">{classObj.priceDiscountStr}</Badge>}
      </p>
      {url && (
        <a className="btn" href={url} target="_blank" rel="noopener noreferrer">
          Enroll
        </a>
      )}
      <p className="field-hint">One year of access from enrollment.</p>
      {classObj.lessonBlurb && <a href="#modules">Browse the modules</a>}
    </div>
  );
}

/** What the course holds: lessons, hours, credits, access. */
function InfoCards({ classObj }: { classObj: TClassObj }) {
  const cards = [
    classObj.numLessons ? `${classObj.numLessons} lessons` : null,
    classObj.durationHours ? `${classObj.durationHours} hours of video` : null,
    classObj.credits > 0 ? creditsText(classObj.credits, classObj.creditName) : null,
    '1 year of access',
  ].filter(Boolean);
  return (
    <ul className="info-cards">
      {cards.map((text) => (
        <li key={text} className="card">
          {text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The premium course preview /classroom-premium/{c} (alias /premium-dental-ce-course/{c}, 02 §2
 * Class detail): prices and enrollment on the external learning platform, the preview video
 * (hidden once enrolled), the modules, the speaker, and the certificate once the exam is taken.
 */
export function CoursePreviewPage({
  renderCertificateButton,
}: {
  renderCertificateButton?: TRenderCertificateButton;
}) {
  const c = useRouteParam('c');
  useRequireClassParam(c);
  const { data, error, isPending, refetch } = useClass(c);
  usePageTitle(data?.classObj.className ?? Texts.PREMIUM_COURSE, data?.classObj.blurb);

  if (!c) return null;
  if (error) return <ClassLoadError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <ClassSkeleton />;
  const { classObj, studentData } = data;
  const hasPreview = Boolean(classObj.youtubeUrl || classObj.videoUrl);

  return (
    <div className="container classroom course-preview">
      <ClassHeader classObj={classObj} />
      <p className="class-blurb">{classObj.blurb}</p>
      <div className="classroom-grid">
        <div className="classroom-main">
          {!studentData.isEnrolled && hasPreview && (
            <LazyVideoPlayer
              title={`${classObj.className}: course preview`}
              youtubeUrl={classObj.youtubeUrl}
              videoUrl={classObj.videoUrl}
              poster={classObj.photo}
            />
          )}
          <InfoCards classObj={classObj} />
          {studentData.examTaken && renderCertificateButton?.({ c: classObj.hash })}
          <ClassDescription classObj={classObj} />
          {classObj.lessonBlurb && (
            <section id="modules" className="card" aria-labelledby="modules-title">
              <h2 id="modules-title">Modules</h2>
              <p>{classObj.lessonBlurb}</p>
            </section>
          )}
        </div>
        <aside className="classroom-side">
          <Enrollment classObj={classObj} studentData={studentData} />
          <SpeakerCard classObj={classObj} />
          <CourseFacts classObj={classObj} />
        </aside>
      </div>
    </div>
  );
}

export function Component() {
  return <CoursePreviewPage />;
}
