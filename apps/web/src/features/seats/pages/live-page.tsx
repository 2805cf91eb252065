import { ClassType, isWebinarOpen, Texts, Timing, webCalendarUrl } from '@opence/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { TextWithTime } from '../../../components/ui/local-time.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useBrowserValue } from '../../../lib/hydration.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { isTransientFailure, useLiveClass, type TLiveClass } from '../api/get-live-class.ts';
import { useReserveSeat } from '../api/reserve-seat.ts';
import { useStartClass } from '../api/start-class.ts';
import { Countdown } from '../components/countdown.tsx';
import { failureText } from '../components/error-text.ts';
import { LiveInstructions } from '../components/live-instructions.tsx';
import { LivePollCard } from '../components/live-poll-card.tsx';
import { PrivacyOptinCard } from '../components/privacy-optin-card.tsx';
import { useCountdown } from '../components/use-countdown.ts';
import { WaitlistCard } from '../components/waitlist-card.tsx';
import { Paragraphs } from '../../../components/ui/paragraphs.tsx';
import { WebinarDetails } from '../components/webinar-details.tsx';
import '../seats.css';

/** The room's content while the member waits: drill-downs and podcasts, composed in app/. */
export type TRenderLobby = (classHash: string) => ReactNode;
/** Questions to the presenter, before and while the webinar runs, composed in app/ (issue 42). */
export type TRenderQuestions = (classHash: string, phase: 'before' | 'live' | 'ended') => ReactNode;

/** Enter Webinar shows a moment after the server opens the room, so a slow clock is never refused. */
const CLOCK_MARGIN_SEC = 2;

/** Reloading the class: on the countdown's alarm and from the waitlist card. */
type TRefresh = { run: () => Promise<unknown>; isRunning: boolean; error: unknown };

const roomUrl = (c: string, origin: string) => `${origin}/live/${encodeURIComponent(c)}`;
const pageOrigin = () => window.location.origin;

/** Why a reservation failed after its retries: the spec's text, and the server's when it was busy. */
function reserveFailureText(error: unknown): string {
  const text = failureText(error, Texts.UNABLE_RESERVE, Texts.ERROR_RESERVE);
  return error instanceof ApiRequestError && error.status === 503 ? `${text} ${Texts.SERVER_BUSY}` : text;
}

/**
 * The member's seat, reserved on arrival when there is none (02 §4: attendeeId 0). It is being
 * reserved from the first render on (the server's too), before the effect asks for it.
 */
function useSeatOnArrival(c: string, data: TLiveClass, hasEnded: boolean) {
  const reserve = useReserveSeat(c);
  const needsSeat = data.studentData.attendeeId === 0 && !hasEnded;
  const { isIdle, mutate } = reserve;
  useEffect(() => {
    if (needsSeat && isIdle) mutate();
  }, [needsSeat, isIdle, mutate]);
  return { reserve, isReserving: (needsSeat && isIdle) || reserve.isPending };
}

/**
 * The seat's state in one box, the same size while it is being reserved as once it is: the
 * room's buttons below it stay where a finger is about to tap them.
 */
function SeatStatus({
  releaseDateUTC,
  isReserving,
  isReserved,
}: {
  releaseDateUTC: string;
  isReserving: boolean;
  isReserved: boolean;
}) {
  if (!isReserving && !isReserved) return null;
  return (
    <div className={`seat-confirmation${isReserved ? '' : ' is-reserving'}`} role="status">
      <h2 className="seat-confirmation-title">{isReserved ? Texts.SEAT_RESERVED : Texts.SEAT_RESERVING}</h2>
      <p>
        <TextWithTime text={Texts.SEAT_RESERVED_WHEN} iso={releaseDateUTC} format="dateTime" />
      </p>
    </div>
  );
}

function RoomActions({
  c,
  data,
  secondsLeft,
  isWaiting,
  onEnterLobby,
}: {
  c: string;
  data: TLiveClass;
  secondsLeft: number;
  isWaiting: boolean;
  onEnterLobby: () => void;
}) {
  const { classObj, studentData } = data;
  const start = useStartClass(c);
  // The server draws the room without knowing the address it is reached at (0833).
  const origin = useBrowserValue(pageOrigin, '');
  const isOpen = isWebinarOpen(secondsLeft + CLOCK_MARGIN_SEC);
  const canEnter = isOpen && !isWaiting && studentData.attendeeId !== 0;
  const calendarEvent = {
    title: classObj.className,
    speakerName: classObj.speakerName,
    releaseDateUTC: classObj.releaseDateUTC,
    durationMin: classObj.durationMin,
    roomUrl: roomUrl(c, origin),
  };
  return (
    <>
      {start.isError && (
        <Alert>{failureText(start.error, Texts.CLASS_START_ERROR, Texts.CLASS_START_TRAPPED)}</Alert>
      )}
      <div className="room-actions">
        {canEnter && (
          <Button onClick={() => start.mutate()} disabled={!classObj.zoomCode || start.isPending}>
            {Texts.ENTER_WEBINAR}
          </Button>
        )}
        {!isOpen && (
          <Button variant="secondary" onClick={onEnterLobby}>
            {Texts.ENTER_LOBBY}
          </Button>
        )}
        <a className="btn btn-secondary" href={`/api/calendar.ics?c=${encodeURIComponent(c)}`} download>
          {Texts.ADD_EVENT_TO_CALENDAR}
        </a>
        <a className="btn btn-link" href={webCalendarUrl(calendarEvent)} target="_blank" rel="noreferrer">
          {Texts.ADD_TO_WEB_CALENDAR}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      {canEnter && !classObj.zoomCode && <p className="room-note">{Texts.NO_MEETING_LINK}</p>}
    </>
  );
}

function LiveRoom({
  c,
  data,
  refresh,
  renderLobby,
  renderQuestions,
}: {
  c: string;
  data: TLiveClass;
  refresh: TRefresh;
  renderLobby: TRenderLobby;
  renderQuestions: TRenderQuestions;
}) {
  const { classObj, studentData } = data;
  const countdown = useCountdown(
    classObj.releaseDateUTC,
    data.clockOffsetMs,
    Timing.COUNTDOWN_ALARM_LIVE_SEC,
  );
  const hasEnded = countdown.secondsLeft <= -classObj.durationMin * 60;
  const { reserve, isReserving } = useSeatOnArrival(c, data, hasEnded);
  const [isLobby, setLobby] = useState(false);
  const [isPrivacyAnswered, setPrivacyAnswered] = useState(false);
  const isWaiting = studentData.isWaiting || reserve.data?.isWaiting === true;
  const privacyBlock = isPrivacyAnswered ? undefined : reserve.data?.privacyBlock;
  const isSeated = !isWaiting && (studentData.isReserved || reserve.data?.isWaiting === false);
  const isInRoom = isSeated && isWebinarOpen(countdown.secondsLeft) && !hasEnded;

  // The alarm marks the start (02 §4): fetch the class at once for its meeting code.
  const { run: refetch } = refresh;
  useEffect(() => {
    if (countdown.isAlarmDue) void refetch();
  }, [countdown.isAlarmDue, refetch]);

  if (isLobby) {
    return (
      <>
        <p className="back-link">
          <Button variant="link" onClick={() => setLobby(false)}>
            « {Texts.RETURN_TO_CLASSROOM}
          </Button>
        </p>
        <h1>{Texts.WHILE_YOU_WAIT}</h1>
        {renderLobby(c)}
      </>
    );
  }
  return (
    <>
      <p className="back-link">
        <Link to="/webinars">« {Texts.ALL_UPCOMING_WEBINARS}</Link>
      </p>
      <section className="countdown-card card" aria-labelledby="live-title">
        <h1 id="live-title" className="countdown-label">
          {Texts.LIVE_BEGINS_IN}
        </h1>
        <Countdown {...countdown} />
        {Boolean(refresh.error) && (
          <Alert>{failureText(refresh.error, Texts.GET_CLASS_ERROR, Texts.GET_CLASS_TRAPPED)}</Alert>
        )}
        {reserve.isError &&
          (isTransientFailure(reserve.error) ? (
            // Every attempt met a busy server or a failed network: say so, and offer another go
            // (reset makes the mutation idle, so the seat is asked for again on arrival's rule).
            <LoadError text={reserveFailureText(reserve.error)} onRetry={reserve.reset} />
          ) : (
            <Alert>{failureText(reserve.error, Texts.UNABLE_RESERVE, Texts.ERROR_RESERVE)}</Alert>
          ))}
        <SeatStatus
          releaseDateUTC={classObj.releaseDateUTC}
          isReserving={isReserving}
          isReserved={!isWaiting && (studentData.isReserved || reserve.data?.isWaiting === false)}
        />
        <RoomActions
          c={c}
          data={data}
          secondsLeft={countdown.secondsLeft}
          isWaiting={isWaiting}
          onEnterLobby={() => setLobby(true)}
        />
      </section>
      {isWaiting && (
        <WaitlistCard
          onRefresh={() => void refetch()}
          isRefreshing={refresh.isRunning}
          position={reserve.data?.waitlistPosition}
        />
      )}
      {privacyBlock && (
        <PrivacyOptinCard c={c} block={privacyBlock} onAnswered={() => setPrivacyAnswered(true)} />
      )}
      {renderQuestions(c, hasEnded ? 'ended' : countdown.secondsLeft <= 0 ? 'live' : 'before')}
      {/* Polls while the webinar runs, for a seat holder (issue 42). */}
      {isInRoom && <LivePollCard c={c} />}
      <WebinarDetails webinar={classObj}>
        <Paragraphs text={classObj.description} />
      </WebinarDetails>
      <LiveInstructions />
    </>
  );
}

/**
 * The live webinar room (/live/{c}, 02 §2, §4): countdown, the seat (reserved on arrival, or
 * the waitlist), Enter Webinar from 5 minutes before, the calendar links, the sponsor's
 * privacy question, the lobby while waiting. The class is refreshed every 15 s.
 */
export function LiveRoomPage({
  renderLobby,
  renderQuestions,
}: {
  renderLobby: TRenderLobby;
  renderQuestions: TRenderQuestions;
}) {
  const { c = '' } = useParams();
  const query = useLiveClass(c, { isLiveRoom: true });
  usePageTitle(query.data?.classObj.className ?? Texts.LIVE_BEGINS_IN.replace(/:$/, ''));
  // refetch is stable across renders, so effects may depend on it.
  const refresh: TRefresh = {
    run: query.refetch,
    isRunning: query.isFetching,
    // A missed refresh (busy server, network) is not the member's concern: the room keeps what
    // it shows and refreshes again; only a refusal that will not change is shown.
    error: query.isRefetchError && !isTransientFailure(query.error) ? query.error : null,
  };

  let body;
  if (!c) body = <Alert>{Texts.NO_CLASS_SELECTED}</Alert>;
  else if (query.isPending) body = <Spinner />;
  else if (!query.data) {
    body = (
      <LoadError
        text={failureText(query.error, Texts.GET_CLASS_ERROR, Texts.GET_CLASS_TRAPPED)}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.classObj.typeId !== ClassType.LIVE) {
    return <Navigate to={`/classroom/${encodeURIComponent(c)}`} replace />;
  } else {
    body = (
      <LiveRoom
        c={c}
        data={query.data}
        refresh={refresh}
        renderLobby={renderLobby}
        renderQuestions={renderQuestions}
      />
    );
  }
  return <div className="container seats-page">{body}</div>;
}
