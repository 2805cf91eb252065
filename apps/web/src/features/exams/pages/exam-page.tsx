import { CeType, creditsText, creditLabel, formatScore, Texts } from '@opence/shared';
import type { TExamResponse, TGradeExamResponse } from '@opence/shared/schemas';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FlowNext, FlowStepper } from '../../../components/ui/stepper.tsx';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useBrowserValue } from '../../../lib/hydration.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { safeStorage } from '../../../lib/storage.ts';
import { useIsOnline } from '../../../lib/connection.ts';
import { clearDraft, draftKey, writeDraft } from '../../../lib/progress-sync/device-draft.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import type { TSubjectKind } from '../api/get-learning-subject.ts';
import { useExam } from '../api/get-exam.ts';
import { useGradeExam } from '../api/grade-exam.ts';
import { useReviewPoints } from '../api/get-review-points.ts';
import { ExamQuestion } from '../components/exam-question.tsx';
import { useFlowRefusal } from '../components/use-flow-refusal.ts';
import { flowPaths } from '../flow-paths.ts';
import '../exams.css';

/** What a refused or failed grading tells the member (02 §8): the server's text, else the generic one. */
function gradingErrorText(error: unknown): string {
  return error instanceof ApiRequestError && error.status > 0 ? error.message : Texts.EXAM_TECH_ERROR_LATER;
}

/** The result of a passing grading: the banner, the grade, and the way on. */
function PassBanner({
  kind,
  result,
  hash,
}: {
  kind: TSubjectKind;
  result: TGradeExamResponse;
  hash: string;
}) {
  return (
    <div className="alert alert-success exam-pass" role="status">
      <div>
        <h2>{Texts.CONGRATULATIONS}</h2>
        <p>
          {Texts.YOUR_EXAM_GRADE}: <strong>{formatScore(result.examScore)}</strong>
        </p>
        <div className="flow-actions">
          <ButtonLink to={kind === 'class' ? `/classroom/${hash}` : '/podcasts'}>
            {kind === 'class' ? 'Continue to your certificate' : 'Return to Podcasts'}
          </ButtonLink>
          {/* The post-exam lobby (podcasts feature, docs/decisions/0605). */}
          <ButtonLink
            variant="secondary"
            to={`/lobby?${kind === 'class' ? 'c' : 'p'}=${encodeURIComponent(hash)}&score=${Math.round(result.examScore)}`}
          >
            {Texts.OPEN_LOBBY}
          </ButtonLink>
        </div>
      </div>
    </div>
  );
}

/**
 * After a failed attempt (issue 35): the score and what to review, never which answers were
 * right or wrong; the next attempt opens the exam again, with new questions where it has a pool.
 */
function FailedAttempt({
  kind,
  hash,
  result,
  minScore,
  canRetry,
  isRetrying,
  onRetry,
}: {
  kind: TSubjectKind;
  hash: string;
  result: TGradeExamResponse;
  minScore: number;
  canRetry: boolean;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const review = useReviewPoints(kind, hash, true);
  return (
    <div className="card exam-failed">
      <h2>
        {Texts.YOUR_EXAM_GRADE}: {formatScore(result.examScore)}
      </h2>
      {/* The API's message asks to review the answers; this screen shows none, so it says what to do instead. */}
      <p>{Texts.EXAM_FAILED_PASS_MARK.replace('{score}', String(minScore))}</p>
      {review.data && review.data.length > 0 && (
        <>
          <p>{Texts.EXAM_FAILED_REVIEW}</p>
          <ul>
            {review.data.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </>
      )}
      <p className="field-hint">{Texts.EXAM_FAILED_NEW_QUESTIONS}</p>
      <div className="flow-actions">
        {canRetry && (
          <Button onClick={onRetry} disabled={isRetrying}>
            {isRetrying ? 'Opening…' : Texts.EXAM_TRY_AGAIN}
          </Button>
        )}
        <ButtonLink variant="secondary" to={flowPaths(kind, hash).lesson}>
          {Texts.EXAM_REVIEW_LESSON}
        </ButtonLink>
      </div>
    </div>
  );
}

type TAnswers = Record<number, number>;

/** The answers kept on the device for exactly these questions, or null. */
function savedAnswers(text: string | null, questionIds: string): TAnswers | null {
  if (!text) return null;
  try {
    const draft = JSON.parse(text) as { questions?: string; answers?: TAnswers };
    return draft.questions === questionIds && draft.answers && Object.keys(draft.answers).length > 0
      ? draft.answers
      : null;
  } catch {
    return null;
  }
}

/** The questions, the submission and its grading; a pass shows each answer's mark, a fail only the score. */
function ExamForm({
  kind,
  exam,
  isRetrying,
  onRetry,
}: {
  kind: TSubjectKind;
  exam: TExamResponse;
  isRetrying: boolean;
  onRetry: () => void;
}) {
  const grade = useGradeExam(kind, exam.hash);
  const [result, setResult] = useState<TGradeExamResponse | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [isLimitReached, setLimitReached] = useState(
    exam.studentData.ceTypeId === CeType.SELF_STUDY && exam.studentData.examsLeftToday <= 0,
  );
  const top = useRef<HTMLDivElement>(null);
  const questions = exam.exam.questions;
  const isPassed = result?.passed === true;
  const isFailed = result !== null && !isPassed;
  const isOnline = useIsOnline();

  // The exam is graded online; the member's place is kept on the device meanwhile (decision 1178).
  // A draft for other questions (a new attempt drew new ones) is not this attempt's.
  const questionIds = questions.map((q) => q.examQId).join(',');
  const savedText = useBrowserValue(() => safeStorage.get(draftKey('exam', exam.hash) ?? ''), null);
  const saved = useMemo(() => savedAnswers(savedText, questionIds), [savedText, questionIds]);
  const [chosen, setChosen] = useState<TAnswers | null>(null);
  const answers = chosen ?? saved ?? {};
  const isRestored = chosen === null && saved !== null;
  // From the state before, not this render's: answers ticked before the app ran are replayed in
  // one go (decision 0830), and each must add to the last.
  const choose = (index: number, option: number) =>
    setChosen((current) => ({ ...(current ?? saved ?? {}), [index]: option }));
  useEffect(() => {
    if (chosen) writeDraft(draftKey('exam', exam.hash), { questions: questionIds, answers: chosen });
  }, [chosen, exam.hash, questionIds]);

  const submit = async () => {
    setMessage(null);
    const unanswered = questions.findIndex((_, i) => answers[i] === undefined);
    if (unanswered >= 0) {
      setMessage(Texts.ANSWER_ALL_QUESTIONS);
      document.querySelector<HTMLInputElement>(`input[name="question-${unanswered}"]`)?.focus();
      return;
    }
    try {
      const graded = await grade.mutateAsync(questions.map((_, i) => answers[i]!));
      clearDraft(draftKey('exam', exam.hash));
      setResult(graded);
      if (graded.examsLeftToday <= 0 && !graded.passed && exam.studentData.ceTypeId === CeType.SELF_STUDY) {
        setLimitReached(true);
      }
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 429) setLimitReached(true);
      else setMessage(gradingErrorText(error));
    }
    top.current?.focus();
    top.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div ref={top} tabIndex={-1} className="exam-status" aria-live="polite">
        {!isOnline && !result && <Alert kind="info">{Texts.EXAM_NEEDS_INTERNET}</Alert>}
        {isRestored && !result && <Alert kind="info">{Texts.EXAM_ANSWERS_RESTORED}</Alert>}
        {isLimitReached && <Alert>{Texts.EXAM_LIMIT_BANNER}</Alert>}
        {message && <Alert onDismiss={() => setMessage(null)}>{message}</Alert>}
        {result && isPassed && <PassBanner kind={kind} result={result} hash={exam.hash} />}
        {result && !isPassed && (
          <FailedAttempt
            kind={kind}
            hash={exam.hash}
            result={result}
            minScore={exam.exam.minScore}
            canRetry={!isLimitReached}
            isRetrying={isRetrying}
            onRetry={onRetry}
          />
        )}
      </div>
      {isPassed && <h2 className="exam-review-title">{Texts.EXAM_REVIEW_TITLE}</h2>}
      {!isFailed &&
        questions.map((question, i) => (
          <ExamQuestion
            key={question.examQId}
            index={i}
            question={question}
            selected={answers[i]}
            grade={isPassed ? result.grades[i] : undefined}
            isLocked={isPassed}
            onSelect={(option) => choose(i, option)}
          />
        ))}
      {!result && (
        <Button type="submit" disabled={grade.isPending || isLimitReached || !isOnline}>
          {grade.isPending ? 'Grading…' : 'Submit Exam'}
        </Button>
      )}
      {!isPassed && <FlowNext text={Texts.NEXT_AFTER_EXAM} />}
    </form>
  );
}

/**
 * The exam /exam/{c} and /exam-podcast/{p} (02 §2, §4, §5): every question must be answered;
 * grading marks each answer; a pass shows the success banner and the way on, a fail the score
 * and a resubmit. Home-study members cannot submit once the day's 10 exams are used.
 */
export function ExamPage({ kind }: { kind: TSubjectKind }) {
  usePageTitle('Exam');
  const ref = useRouteParam(kind === 'class' ? 'c' : 'p');
  const navigate = useNavigate();
  const flashNavigate = useFlashNavigate();
  const { data: exam, error, isPending, isFetching, refetch } = useExam(kind, ref);
  const [attempt, setAttempt] = useState(0);
  const isRefused = useFlowRefusal(error, kind, ref);
  const isUnavailable = error instanceof ApiRequestError && error.message === Texts.EXAM_NOT_AVAILABLE;

  useEffect(() => {
    if (!ref) navigate(kind === 'class' ? '/pending' : '/podcasts', { replace: true });
    // The member's record could not be loaded: back to the lesson (02 §4).
    else if (error && !isRefused && !isUnavailable) {
      const paths = flowPaths(kind, ref);
      flashNavigate(paths.lesson, paths.unableToLoadText);
    }
  }, [ref, kind, error, isRefused, isUnavailable, navigate, flashNavigate]);

  if (!ref || isRefused) return null;
  if (isUnavailable) {
    return (
      <div className="container flow-narrow">
        <h1>Exam</h1>
        <Alert>{Texts.EXAM_NOT_AVAILABLE}</Alert>
      </div>
    );
  }
  if (isPending || !exam) return <Spinner />;
  return (
    <div className="container flow-narrow exam">
      <h1>Exam</h1>
      <FlowStepper kind={kind} current="exam" />
      <div className="flow-subject">
        <p className="flow-subject-title">{exam.title}</p>
        <p className="flow-subject-meta">
          {[exam.speakerName, creditsText(exam.credits, creditLabel(exam.studentData.ceTypeId))]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="field-hint">
          Answer all {exam.exam.questions.length} questions. A score of {exam.exam.minScore}% or higher
          passes.
        </p>
      </div>
      {/* Another attempt starts a new form on the new page: nothing of the last attempt stays. */}
      <ExamForm
        key={attempt}
        kind={kind}
        exam={exam}
        isRetrying={isFetching}
        onRetry={() => void refetch().then(() => setAttempt((n) => n + 1))}
      />
    </div>
  );
}

export function Component() {
  return <ExamPage kind="class" />;
}
