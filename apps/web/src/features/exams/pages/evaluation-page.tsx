import { zodResolver } from '@hookform/resolvers/zod';
import { Limits, Texts } from '@opence/shared';
import {
  EVALUATION_RATINGS,
  ZEvaluationForm,
  type TEvaluationForm,
  type TEvaluationFormInput,
} from '@opence/shared/schemas';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FlowNext, FlowStepper } from '../../../components/ui/stepper.tsx';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { RatingField } from '../../../components/ui/rating-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/dates.ts';
import { clearDraft, draftKey, readDraft, writeDraft } from '../../../lib/progress-sync/device-draft.ts';
import { isOffline, queueProgress } from '../../../lib/progress-sync/progress-sync.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import { useLearningSubject, type TLearningSubject, type TSubjectKind } from '../api/get-learning-subject.ts';
import { evaluationBody, useSaveEvaluation } from '../api/save-eval.ts';
import { flowPaths } from '../flow-paths.ts';
import '../exams.css';
import { SubmitButton } from '../../../components/ui/form.tsx';

const EMPTY_FORM: TEvaluationFormInput = {
  courseObjectives: undefined,
  courseUseful: undefined,
  courseAppropriate: undefined,
  courseLogical: undefined,
  instructorCommunication: undefined,
  instructorPreparedness: undefined,
  instructorEffectiveness: undefined,
  sitePresentation: undefined,
  siteNavigation: undefined,
  siteComparison: undefined,
  comments: '',
  otherTopics: '',
};

function saveErrorText(error: unknown): string {
  return error instanceof ApiRequestError && error.status > 0 ? Texts.EVAL_SAVE_ERROR : Texts.EVAL_TECH_ERROR;
}

/** The ten ratings and two comments (02 §3, §5), validated by the schema the server uses. */
function EvaluationForm({ kind, subject }: { kind: TSubjectKind; subject: TLearningSubject }) {
  const navigate = useNavigate();
  const flashNavigate = useFlashNavigate();
  const paths = flowPaths(kind, subject.hash);
  const save = useSaveEvaluation(kind, subject.hash);
  const [message, setMessage] = useState<string | null>(null);
  const [isQueued, setQueued] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    subscribe,
    formState: { errors },
  } = useForm<TEvaluationFormInput, unknown, TEvaluationForm>({
    resolver: zodResolver(ZEvaluationForm),
    defaultValues: EMPTY_FORM,
  });

  // What the member chose and typed stays on the device until the server has it (decision 1177).
  useEffect(() => {
    const key = draftKey('evaluation', subject.hash);
    const draft = readDraft<TEvaluationFormInput>(key);
    if (draft) reset({ ...EMPTY_FORM, ...draft });
    return subscribe({ formState: { values: true }, callback: ({ values }) => writeDraft(key, values) });
  }, [subject.hash, reset, subscribe]);

  const onValid = async (form: TEvaluationForm) => {
    setMessage(null);
    try {
      await save.mutateAsync(form);
      clearDraft(draftKey('evaluation', subject.hash));
      navigate(paths.afterEvaluation);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 403)
        return flashNavigate(paths.lesson, error.message);
      if (
        isOffline(error) &&
        (await queueProgress('evaluation', subject.hash, evaluationBody(kind, subject.hash, form)))
      )
        return setQueued(true);
      setMessage(saveErrorText(error));
    }
  };

  if (isQueued) {
    return (
      // Focused, so the member sees (and a screen reader reads) where the answer went.
      <div className="card" tabIndex={-1} ref={(card) => card?.focus()}>
        <Alert kind="success">{Texts.SAVED_ON_DEVICE}</Alert>
        <p>{kind === 'class' ? Texts.NEXT_STEP_NEEDS_INTERNET : Texts.PODCAST_EXAM_NEEDS_INTERNET}</p>
      </div>
    );
  }

  return (
    <form
      className="evaluation"
      noValidate
      onSubmit={handleSubmit(onValid, () => setMessage(Texts.CORRECT_ERRORS))}
    >
      {message && <Alert onDismiss={() => setMessage(null)}>{message}</Alert>}
      {subject.listenQueued && (
        <Alert kind="info">
          {kind === 'class' ? Texts.VIEW_QUEUED_BEFORE_EVALUATION : Texts.LISTEN_QUEUED_BEFORE_EVALUATION}
        </Alert>
      )}
      <div className="card">
        {EVALUATION_RATINGS.map((rating) => (
          <RatingField
            key={rating.name}
            id={`eval-${rating.name}`}
            label={rating.label}
            registration={register(rating.name)}
            error={errors[rating.name]?.message}
          />
        ))}
        <TextAreaField
          id="eval-comments"
          label={`Comments (up to ${Limits.EVAL_TEXT_MAX} characters)`}
          rows={4}
          registration={register('comments')}
          error={errors.comments?.message}
        />
        <TextAreaField
          id="eval-otherTopics"
          label={`Other topics you would like to see (up to ${Limits.EVAL_TEXT_MAX} characters)`}
          rows={3}
          registration={register('otherTopics')}
          error={errors.otherTopics?.message}
        />
        <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
          Submit Evaluation
        </SubmitButton>
        <FlowNext text={kind === 'class' ? Texts.NEXT_AFTER_EVALUATE : Texts.NEXT_AFTER_EVALUATE_PODCAST} />
      </div>
    </form>
  );
}

/**
 * The evaluation /eval/{c} and /eval-podcast/{p} (02 §2, §4, §5). Without a hash a class goes
 * to CE in Progress and a podcast to the podcasts; once evaluated it skips ahead; before a view
 * (or a listen) it goes back with the spec's text.
 */
export function EvaluationPage({ kind }: { kind: TSubjectKind }) {
  usePageTitle('Evaluation');
  const ref = useRouteParam(kind === 'class' ? 'c' : 'p');
  const navigate = useNavigate();
  const flashNavigate = useFlashNavigate();
  const { data: subject, error, isPending, refetch } = useLearningSubject(kind, ref);

  useEffect(() => {
    if (!ref) navigate(kind === 'class' ? '/pending' : '/podcasts', { replace: true });
  }, [ref, kind, navigate]);
  useEffect(() => {
    if (!subject) return;
    const paths = flowPaths(kind, subject.hash);
    if (subject.examTaken) flashNavigate(paths.lesson, paths.examCompletedText);
    else if (!subject.viewed) flashNavigate(paths.lesson, paths.viewFirstText);
    else if (subject.evalTaken) navigate(paths.afterEvaluation, { replace: true });
  }, [subject, kind, navigate, flashNavigate]);

  if (!ref) return null;
  if (error) {
    return (
      <div className="container flow-narrow">
        <h1>Evaluation</h1>
        <LoadError
          text={kind === 'class' ? Texts.EVAL_LOAD_ERROR : Texts.EVAL_PODCAST_LOAD_ERROR}
          onRetry={() => void refetch()}
        />
      </div>
    );
  }
  if (isPending || subject.examTaken || !subject.viewed || subject.evalTaken) {
    return (
      <div className="container flow-narrow">
        <h1>Evaluation</h1>
        <Spinner />
      </div>
    );
  }
  return (
    <div className="container flow-narrow">
      <h1>Evaluation</h1>
      <FlowStepper kind={kind} current="evaluate" />
      <div className="flow-subject">
        <p className="flow-subject-title">{subject.title}</p>
        <p className="flow-subject-meta">
          {[subject.lecturer, formatDay(subject.releaseDate)].filter(Boolean).join(' · ')}
        </p>
      </div>
      <EvaluationForm kind={kind} subject={subject} />
    </div>
  );
}

export function Component() {
  return <EvaluationPage kind="class" />;
}
