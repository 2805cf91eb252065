import { ClassType, Texts } from '@opence/shared';
import type { TClassObj } from '@opence/shared/schemas';
import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FlowStepper } from '../../../components/ui/stepper.tsx';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import { useClass } from '../api/get-class.ts';
import { AgdReminder } from '../components/agd-reminder.tsx';
import { ClassDescription, ClassHeader, ClassSkeleton, SpeakerCard } from '../components/class-parts.tsx';
import { CourseFacts } from '../components/course-facts.tsx';
import { ExamArea } from '../components/exam-area.tsx';
import { Lesson } from '../components/lesson.tsx';
import { QueueButton } from '../components/queue-button.tsx';
import '../classroom.css';

/** The certificate button of a completed class, given by app/ (features meet there). */
export type TRenderCertificateButton = (target: { c: string }) => ReactNode;
/** "Download for offline" of a class whose recording the site hosts, given by app/. */
export type TRenderDownloadButton = (classObj: TClassObj) => ReactNode;

/** 'No class selected.' and on to /exams (02 §2) when the page has no class. */
export function useRequireClassParam(c: string) {
  const flashNavigate = useFlashNavigate();
  useEffect(() => {
    if (!c) flashNavigate('/exams', Texts.NO_CLASS_SELECTED);
  }, [c, flashNavigate]);
}

/** Not found is the spec's text; anything else can be tried again. */
export function ClassLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiRequestError && error.status === 404) {
    return (
      <div className="container">
        <Alert>{Texts.NO_CLASS_SELECTED}</Alert>
        <ButtonLink to="/ondemand" variant="secondary">
          On-Demand CE Webinars
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="container">
      <LoadError text={Texts.GET_CLASS_ERROR} onRetry={onRetry} />
    </div>
  );
}

/**
 * The on-demand classroom /classroom/{c} (alias /on-demand-dental-ce-course/{c}, or ?c=): the
 * lesson, the exam area, the queue button and the course facts. A live class goes to its
 * reserve page and a premium course to its preview.
 */
export function ClassroomPage({
  renderCertificateButton,
  renderDownloadButton,
}: {
  renderCertificateButton?: TRenderCertificateButton;
  renderDownloadButton?: TRenderDownloadButton;
}) {
  const c = useRouteParam('c');
  useRequireClassParam(c);
  const session = useSession();
  const { data, error, isPending, refetch } = useClass(c);
  usePageTitle(data?.classObj.className ?? 'Classroom', data?.classObj.blurb);

  if (!c) return null;
  if (error) return <ClassLoadError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <ClassSkeleton />;
  const { classObj, studentData } = data;
  if (classObj.typeId === ClassType.LIVE) return <Navigate to={`/reserve/${classObj.hash}`} replace />;
  if (classObj.typeId === ClassType.PREMIUM)
    return <Navigate to={`/classroom-premium/${classObj.hash}`} replace />;

  return (
    <div className="container classroom">
      <ClassHeader
        classObj={classObj}
        actions={
          session && (
            <QueueButton key={String(studentData.queueId)} c={classObj.hash} queueId={studentData.queueId} />
          )
        }
      />
      <div className="classroom-grid">
        <div className="classroom-main">
          {session && (data.canShowExam || studentData.examTaken) && (
            <FlowStepper kind="class" current={studentData.examTaken ? 'certificate' : 'view'} />
          )}
          <Lesson classObj={classObj} />
          {renderDownloadButton?.(classObj)}
          <AgdReminder studentData={studentData} />
          <ExamArea data={data} certificateButton={renderCertificateButton?.({ c: classObj.hash })} />
          <ClassDescription classObj={classObj} />
        </div>
        <aside className="classroom-side">
          <CourseFacts classObj={classObj} />
          <SpeakerCard classObj={classObj} />
        </aside>
      </div>
    </div>
  );
}

export function Component() {
  return <ClassroomPage />;
}
