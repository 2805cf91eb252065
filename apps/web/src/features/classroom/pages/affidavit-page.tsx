import { affidavitCreditsText, affidavitStep, isLiveAttendance, Texts } from '@opence/shared';
import type { TClassObj } from '@opence/shared/schemas';
import { useEffect, useState, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { FlowNext, FlowStepper } from '../../../components/ui/stepper.tsx';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { isOffline, queueProgress } from '../../../lib/progress-sync/progress-sync.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import { useClass } from '../api/get-class.ts';
import { useSaveAffidavit } from '../api/save-affidavit.ts';
import { ClassSkeleton } from '../components/class-parts.tsx';
import { ClassLoadError, useRequireClassParam } from './classroom-page.tsx';
import '../classroom.css';

/** What a variant of the confirmation gets: the class, and how to record the answer. */
export type TAffidavitVariantProps = {
  classObj: TClassObj;
  /** Records attended yes/no; resolves once recorded (the page then moves on). */
  confirm: (attended: boolean) => Promise<void>;
  isSaving: boolean;
};

/** The on-demand confirmation (02 §2): the credits statement, the attestation, Proceed to Exam. */
function OnDemandAffidavit({ classObj, confirm, isSaving }: TAffidavitVariantProps) {
  return (
    <div className="card affidavit">
      <p>{affidavitCreditsText(classObj.credits)}</p>
      <p>
        <strong>{Texts.AFFIDAVIT_ATTEST}</strong>
      </p>
      <div className="flow-actions">
        <Button disabled={isSaving} onClick={() => void confirm(true)}>
          {isSaving ? 'Saving…' : Texts.PROCEED_TO_EXAM}
        </Button>
        <ButtonLink variant="secondary" to={`/classroom/${classObj.hash}`}>
          {Texts.RETURN_TO_CLASSROOM}
        </ButtonLink>
      </div>
      <FlowNext text={Texts.NEXT_AFTER_ATTEST} />
    </div>
  );
}

function saveErrorText(error: unknown): string {
  if (error instanceof ApiRequestError)
    return error.status > 0 ? Texts.ERROR_RECORDING : Texts.SYSTEM_ERROR_RECORDING;
  return Texts.SYSTEM_ERROR_RECORDING;
}

/**
 * The attendance confirmation /affidavit/{c} (alias /classroom-affidavit/{c}, 02 §2, §4). On
 * load: not viewed → back to the classroom; exam taken → back too; already confirmed → on to
 * the evaluation. A member who held a seat in a live-credit class gets the live variant ('Yes I
 * Attended' / 'No, I Did Not Attend'), given by app/ from the live webinar pages.
 */
export function AffidavitPage({ liveVariant }: { liveVariant?: ComponentType<TAffidavitVariantProps> }) {
  usePageTitle(Texts.AFFIDAVIT_TITLE);
  const c = useRouteParam('c');
  useRequireClassParam(c);
  const navigate = useNavigate();
  const flashNavigate = useFlashNavigate();
  const { data, error, isPending, refetch } = useClass(c);
  const save = useSaveAffidavit(c);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [queued, setQueued] = useState<{ attended: boolean } | null>(null);
  const isQueued = queued !== null;
  const step = data ? affidavitStep(data.studentData) : null;
  const hash = data?.classObj.hash;

  useEffect(() => {
    if (!hash || save.isPending || save.isSuccess || isQueued) return;
    if (step === 'view-first') flashNavigate(`/classroom/${hash}`, Texts.VIEW_CLASS_FIRST);
    else if (step === 'exam-taken')
      flashNavigate(`/classroom/${hash}`, Texts.EXAM_COMPLETED_RETURN_CLASSROOM);
    else if (step === 'evaluation') navigate(`/eval/${hash}`, { replace: true });
  }, [step, hash, save.isPending, save.isSuccess, isQueued, navigate, flashNavigate]);

  if (!c) return null;
  if (error) return <ClassLoadError error={error} onRetry={() => void refetch()} />;
  if (isPending || step !== 'confirm') return <ClassSkeleton />;

  const confirm = async (attended: boolean) => {
    setSaveError(null);
    try {
      await save.mutateAsync(attended);
      navigate(attended ? `/eval/${data.classObj.hash}` : `/classroom/${data.classObj.hash}`);
    } catch (e) {
      if (
        isOffline(e) &&
        (await queueProgress('affidavit', data.classObj.hash, { c: data.classObj.hash, attended }))
      )
        return setQueued({ attended });
      setSaveError(saveErrorText(e));
    }
  };
  if (queued) {
    return (
      <div className="container flow-narrow">
        <h1>{Texts.AFFIDAVIT_TITLE}</h1>
        <FlowStepper kind="class" current="attest" />
        <p className="class-meta">{data.classObj.className}</p>
        <div className="card" tabIndex={-1} ref={(card) => card?.focus()}>
          <Alert kind="success">{Texts.SAVED_ON_DEVICE}</Alert>
          <div className="flow-actions">
            {queued.attended ? (
              <ButtonLink to={`/eval/${data.classObj.hash}`}>{Texts.CONTINUE_TO_EVALUATION}</ButtonLink>
            ) : (
              <ButtonLink to={`/classroom/${data.classObj.hash}`}>{Texts.RETURN_TO_CLASSROOM}</ButtonLink>
            )}
          </div>
        </div>
      </div>
    );
  }
  const Variant =
    liveVariant && isLiveAttendance(data.classObj, data.studentData) ? liveVariant : OnDemandAffidavit;
  return (
    <div className="container flow-narrow">
      <h1>{Texts.AFFIDAVIT_TITLE}</h1>
      <FlowStepper kind="class" current="attest" />
      <p className="class-meta">{data.classObj.className}</p>
      {saveError && <Alert onDismiss={() => setSaveError(null)}>{saveError}</Alert>}
      <Variant classObj={data.classObj} confirm={confirm} isSaving={save.isPending} />
    </div>
  );
}

export function Component() {
  return <AffidavitPage />;
}
