import { ClassType, loginRedirectPath, seatsLeftText, Texts, Timing } from '@opence/shared';
import { Navigate, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useLiveClass, type TLiveClass } from '../api/get-live-class.ts';
import { Countdown } from '../components/countdown.tsx';
import { failureText } from '../components/error-text.ts';
import { useCountdown } from '../components/use-countdown.ts';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { WebinarDetails } from '../components/webinar-details.tsx';
import type { TRenderQuestions } from './live-page.tsx';
import '../seats.css';

const livePath = (c: string) => `/live/${encodeURIComponent(c)}`;

function PreLive({
  c,
  data,
  renderQuestions,
}: {
  c: string;
  data: TLiveClass;
  renderQuestions: TRenderQuestions;
}) {
  const { classObj } = data;
  const navigate = useNavigate();
  const session = useSession();
  const countdown = useCountdown(
    classObj.releaseDateUTC,
    data.clockOffsetMs,
    Timing.COUNTDOWN_ALARM_PRELIVE_SEC,
  );
  const hasEnded = countdown.secondsLeft <= -classObj.durationMin * 60;
  // The room reserves the seat on arrival (02 §4); a visitor signs in first and lands there.
  const reserve = () => navigate(session ? livePath(c) : loginRedirectPath(livePath(c)));
  return (
    <>
      <section className="countdown-card card" aria-label={Texts.LIVE_BEGINS_IN}>
        <p className="countdown-label">{Texts.LIVE_BEGINS_IN}</p>
        <Countdown {...countdown} />
        {hasEnded ? (
          <Alert kind="info">{Texts.WEBINAR_ENDED}</Alert>
        ) : (
          <>
            {seatsLeftText(classObj.seatsLeft) && (
              <p className={classObj.seatsLeft === 0 ? 'seats-left is-full' : 'seats-left'}>
                {seatsLeftText(classObj.seatsLeft)}
              </p>
            )}
            <Button onClick={reserve}>{Texts.RESERVE_SEAT}</Button>
          </>
        )}
      </section>
      <WebinarDetails webinar={classObj} level={1}>
        <Paragraphs text={classObj.description} />
      </WebinarDetails>
      {renderQuestions(c, hasEnded ? 'ended' : 'before')}
    </>
  );
}

/**
 * The pre-live page of a webinar (/reserve/{c}, 02 §2): countdown, Reserve Seat and the class.
 * A member who holds a seat or a waitlist place goes to the room; other classes to the classroom.
 */
export function ReservePage({ renderQuestions }: { renderQuestions: TRenderQuestions }) {
  const { c = '' } = useParams();
  const session = useSession();
  const query = useLiveClass(c);
  usePageTitle(query.data?.classObj.className ?? Texts.RESERVE_SEAT, query.data?.classObj.blurb);

  if (!c)
    return (
      <div className="container">
        <Alert>{Texts.NO_CLASS_SELECTED}</Alert>
      </div>
    );
  let body;
  if (query.isPending) body = <Spinner />;
  else if (query.isError) {
    body = (
      <LoadError
        text={failureText(query.error, Texts.GET_CLASS_ERROR, Texts.GET_CLASS_TRAPPED)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.classObj.typeId !== ClassType.LIVE) {
    return <Navigate to={`/classroom/${encodeURIComponent(c)}`} replace />;
  } else if (session && (query.data.studentData.isReserved || query.data.studentData.isWaiting)) {
    return <Navigate to={livePath(c)} replace />;
  } else body = <PreLive c={c} data={query.data} renderQuestions={renderQuestions} />;
  return <div className="container seats-page">{body}</div>;
}
