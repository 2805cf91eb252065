import { surveyHeadline, Texts } from '@opence/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { FlowNext, FlowStepper } from '../../../components/ui/stepper.tsx';
import { useFlashNavigate } from '../../../components/ui/flash.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRouteParam } from '../../../lib/route-param.ts';
import { useSurvey } from '../api/get-survey.ts';
import { useSaveSurveyAnswer } from '../api/save-survey-response.ts';
import { SurveyQuestion } from '../components/survey-question.tsx';
import { useFlowRefusal } from '../components/use-flow-refusal.ts';
import '../exams.css';

/**
 * The survey /survey/{c} (02 §2, §5): one question at a time, each answer saved as it is given;
 * the last one goes on to the exam. A class without a survey goes straight to the exam.
 */
export function Component() {
  usePageTitle('Survey');
  const c = useRouteParam('c');
  const navigate = useNavigate();
  const flashNavigate = useFlashNavigate();
  const { data, error, isPending, refetch } = useSurvey(c);
  const isRefused = useFlowRefusal(error, 'class', c);
  const [index, setIndex] = useState(0);
  const save = useSaveSurveyAnswer();
  const [saveError, setSaveError] = useState<string | null>(null);
  const survey = data?.data[0];

  useEffect(() => {
    if (!c) flashNavigate('/exams', Texts.NO_CLASS_SELECTED);
    else if (data && data.rowCount === 0) navigate(`/exam/${c}`, { replace: true });
  }, [c, data, navigate, flashNavigate]);

  if (!c || isRefused) return null;
  if (error) {
    return (
      <div className="container flow-narrow">
        <LoadError onRetry={() => void refetch()} />
      </div>
    );
  }
  if (isPending || !survey) return <Spinner />;
  const question = survey.questions[index]!;
  const isLast = index === survey.questions.length - 1;

  const submit = (choices: string[]) => {
    setSaveError(null);
    save.mutate(
      { c, sh: survey.hash, q: question.hash, choices, sessionHash: survey.sessionHash, isLast },
      {
        onSuccess: () => (isLast ? navigate(`/exam/${c}`) : setIndex(index + 1)),
        onError: (err) =>
          setSaveError(
            err instanceof ApiRequestError && err.status > 0
              ? Texts.ERROR_RECORDING
              : Texts.SYSTEM_ERROR_RECORDING,
          ),
      },
    );
  };

  return (
    <div className="container flow-narrow">
      <h1 className="survey-headline">{surveyHeadline(survey.questions.length)}</h1>
      <FlowStepper kind="class" current="survey" />
      {saveError && <Alert onDismiss={() => setSaveError(null)}>{saveError}</Alert>}
      <SurveyQuestion
        key={question.hash}
        question={question}
        index={index}
        count={survey.questions.length}
        isSaving={save.isPending}
        onSubmit={submit}
      />
      <FlowNext text={isLast ? Texts.NEXT_AFTER_SURVEY : Texts.NEXT_AFTER_SURVEY_QUESTION} />
    </div>
  );
}
