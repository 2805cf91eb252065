import { lessonKind, loginRedirectPath, Texts } from '@opence/shared';
import type { TClassObj } from '@opence/shared/schemas';
import { useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LazyVideoPlayer } from '../../../components/lazy-video-player.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge } from '../../../components/ui/feedback.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { useLogClassView } from '../api/log-class-view.ts';
import { COLUMN_SIZES, Picture } from '../../../components/ui/picture.tsx';

/**
 * The lesson of an on-demand class (02 §2 Classroom), by class type: the View Class toggle
 * (a view is logged first, the video shows only if that succeeds), a PDF opened in a new tab
 * (logged too), 'Video Upcoming' for an archive, 'Video Unavailable' without a video.
 */
export function Lesson({ classObj }: { classObj: TClassObj }) {
  const kind = lessonKind(classObj);
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const logView = useLogClassView(classObj.hash);
  const [isShown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toLogin = () => navigate(loginRedirectPath(location.pathname + location.search));

  const toggleVideo = async () => {
    if (isShown) return setShown(false);
    if (!session) return toLogin();
    setError(null);
    try {
      await logView.mutateAsync();
      setShown(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : Texts.GENERIC_ERROR);
    }
  };

  // The link opens the PDF itself (no pop-up blocker); the view is logged beside it.
  const openPdf = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!session) {
      event.preventDefault();
      return toLogin();
    }
    logView.mutate(undefined, { onError: (e) => setError(e.message) });
  };

  if (kind === 'upcoming' || kind === 'unavailable') {
    const isUpcoming = kind === 'upcoming';
    return (
      <section className="card lesson lesson-missing" aria-labelledby="lesson-title">
        <Badge tone="warning">{Texts.COMING_SOON}</Badge>
        <h2 id="lesson-title">{isUpcoming ? Texts.VIDEO_UPCOMING : Texts.VIDEO_UNAVAILABLE}</h2>
        <p>{isUpcoming ? Texts.VIDEO_UPCOMING_DETAIL : Texts.VIDEO_UNAVAILABLE_DETAIL}</p>
        {classObj.hasExam && <p>{Texts.COMING_SOON_EXAM}</p>}
        {isUpcoming && <Button disabled>{Texts.VIEW_CLASS}</Button>}
      </section>
    );
  }

  return (
    <section className="lesson" aria-label="Lesson">
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {kind === 'pdf' ? (
        <a
          className="btn"
          href={classObj.pdfUrl ?? '#'}
          target="_blank"
          rel="noopener noreferrer"
          onClick={openPdf}
        >
          {Texts.VIEW_CLASS} (PDF, opens in a new tab)
        </a>
      ) : (
        <Button
          aria-expanded={isShown}
          aria-controls="lesson-video"
          disabled={logView.isPending}
          onClick={() => void toggleVideo()}
        >
          {logView.isPending ? 'Loading…' : isShown ? Texts.HIDE_CLASS : Texts.VIEW_CLASS}
        </Button>
      )}
      {kind !== 'pdf' && !isShown && classObj.photo && (
        <Picture
          className="lesson-photo"
          src={classObj.photo}
          sizes={COLUMN_SIZES}
          width={640}
          height={360}
        />
      )}
      <div id="lesson-video">
        {isShown && (
          <LazyVideoPlayer
            title={classObj.className}
            youtubeUrl={classObj.youtubeUrl}
            videoUrl={classObj.videoUrl}
            poster={classObj.photo}
            showSpeeds
            mediaKey={`class:${classObj.hash}`}
          />
        )}
      </div>
    </section>
  );
}
