import { SponsorAnswer, Texts } from '@opence/shared';
import type { TSponsorVideo } from '@opence/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyVideoPlayer } from '../../../components/lazy-video-player.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FlowNext, FlowStepper } from '../../../components/ui/stepper.tsx';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import { useSponsorVideo } from '../api/get-sponsor-video.ts';
import { useSaveSponsorAnswer } from '../api/save-sva-response.ts';
import { useFlowRefusal } from '../components/use-flow-refusal.ts';
import '../exams.css';

/** After the video: the sponsor's offer with its own Yes/No texts, and Replay (02 §2). */
function SponsorOffer({
  video,
  isSaving,
  onAnswer,
  onReplay,
}: {
  video: TSponsorVideo;
  isSaving: boolean;
  onAnswer: (answer: number) => void;
  onReplay: () => void;
}) {
  // The offer replaces the video: focus follows, so a screen reader reads it.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card sponsor-offer" aria-labelledby="sponsor-offer-title">
      <h2 id="sponsor-offer-title" tabIndex={-1} ref={heading}>
        {video.headline}
      </h2>
      <p>{video.blurb}</p>
      {video.headlineButtons && <p className="sponsor-question">{video.headlineButtons}</p>}
      <div className="flow-actions">
        <Button disabled={isSaving} onClick={() => onAnswer(SponsorAnswer.YES)}>
          {video.buttonTextYes}
        </Button>
        <Button variant="secondary" disabled={isSaving} onClick={() => onAnswer(SponsorAnswer.NO)}>
          {video.buttonTextNo}
        </Button>
        <Button variant="link" onClick={onReplay}>
          {Texts.REPLAY_VIDEO}
        </Button>
      </div>
      <p className="field-hint">{Texts.SPONSOR_VIDEO_AFTER}</p>
      <FlowNext text={Texts.NEXT_AFTER_SPONSOR} />
    </section>
  );
}

/**
 * The sponsor video /sva/{c} (02 §2, §4): the note and the sponsor, the video, and once it ends
 * the offer. An embed that cannot report its end (it never answered) offers 'I watched the
 * video' instead. The answer goes on to the survey, which goes on to the exam when there is none.
 */
export function Component() {
  usePageTitle('Sponsor Video');
  const c = useRouteParam('c');
  const navigate = useNavigate();
  const flashNavigate = useFlashNavigate();
  const { data, error, isPending, refetch } = useSponsorVideo(c);
  const [phase, setPhase] = useState<'video' | 'offer'>('video');
  const [cannotReportEnd, setCannotReportEnd] = useState(false);
  const save = useSaveSponsorAnswer();
  // Saved, the page stays busy until the survey's route has loaded.
  const isSaving = save.isPending || save.isSuccess;
  const [saveError, setSaveError] = useState<string | null>(null);
  const isRefused = useFlowRefusal(error, 'class', c);
  const video = data?.data[0];

  useEffect(() => {
    if (!c) flashNavigate('/exams', Texts.NO_CLASS_SELECTED);
    else if (data && data.rowCount === 0) navigate(`/survey/${c}`, { replace: true });
  }, [c, data, navigate, flashNavigate]);

  const answer = (e: number) => {
    if (!video) return;
    setSaveError(null);
    save.mutate(
      { c, v: video.id, e },
      {
        onSuccess: () => navigate(`/survey/${c}`),
        onError: (err) =>
          setSaveError(
            err instanceof ApiRequestError && err.status > 0
              ? Texts.SPONSOR_SAVE_ERROR
              : Texts.SPONSOR_SYSTEM_ERROR,
          ),
      },
    );
  };

  if (!c || isRefused) return null;
  if (error) {
    return (
      <div className="container flow-narrow">
        <LoadError text={Texts.SPONSOR_SYSTEM_ERROR} onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isPending || !video) return <Spinner />;
  return (
    <div className="container flow-narrow sponsor-video">
      <h1>Sponsor Video</h1>
      <FlowStepper kind="class" current="sponsor" />
      <p>{Texts.SPONSOR_VIDEO_NOTE}</p>
      {video.companyName && (
        <p className="sponsor-name">
          {video.companyPhoto && <img src={video.companyPhoto} alt="" width={40} height={40} />}
          <span>Sponsored by {video.companyName}</span>
        </p>
      )}
      {saveError && <Alert onDismiss={() => setSaveError(null)}>{saveError}</Alert>}
      {phase === 'video' ? (
        <>
          <LazyVideoPlayer
            title={`Sponsor video: ${video.headline}`}
            youtubeUrl={video.youtubeId}
            videoUrl={video.videoUrl}
            onEnded={() => setPhase('offer')}
            mediaKey={`sponsor-video:${video.id}`}
            onTimedOut={() => setCannotReportEnd(true)}
          />
          {cannotReportEnd && (
            <div className="sponsor-fallback">
              <p className="field-hint">{Texts.SPONSOR_VIDEO_NO_END}</p>
              <Button variant="secondary" onClick={() => setPhase('offer')}>
                {Texts.SPONSOR_VIDEO_WATCHED}
              </Button>
            </div>
          )}
        </>
      ) : (
        <SponsorOffer
          video={video}
          isSaving={isSaving}
          onAnswer={answer}
          onReplay={() => setPhase('video')}
        />
      )}
    </div>
  );
}
