import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import {
  SURVEY_QUESTION_TYPES,
  ZAdminSurveyQuestions,
  type TAdminSurveyQuestions,
  type TAdminSurveyQuestionsResponse,
} from '@opence/shared/schemas';
import { useState } from 'react';
import {
  useFieldArray,
  useForm,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
} from 'react-hook-form';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useSaveSurveyQuestions, useSurveyQuestions } from '../api/editors.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { fieldId, messageOf, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { QueryState } from '../components/query-state.tsx';
import { RowActions } from '../components/row-actions.tsx';

/*
 * The questions of a survey (02 §3): yes/no, single choice or several, each with its choices.
 * Questions and choices keep their identity across saves, so answers already given stay theirs.
 */

const TYPE_LABELS: Record<(typeof SURVEY_QUESTION_TYPES)[number], string> = {
  yesno: 'Yes or no',
  single: 'One choice (select one)',
  multi: 'Several choices (select all that apply)',
};

type TForm = TAdminSurveyQuestions;

function Choices({
  index,
  control,
  register,
  errors,
}: {
  index: number;
  control: Control<TForm>;
  register: UseFormRegister<TForm>;
  errors: FieldErrors<TForm>;
}) {
  const choices = useFieldArray({ control, name: `questions.${index}.choices`, keyName: 'key' });
  const listError = messageOf(errors, `questions.${index}.choices`);
  return (
    <div className="survey-choices" role="group" aria-label={`Choices of question ${index + 1}`}>
      {choices.fields.map((c, n) => {
        const name = `questions.${index}.choices.${n}.label`;
        const error = messageOf(errors, name);
        return (
          <div key={c.key} className="survey-choice">
            <TextField
              id={fieldId(name)}
              label={`Choice ${n + 1}`}
              error={error}
              registration={register(`questions.${index}.choices.${n}.label`)}
            />
            <Button variant="link" onClick={() => choices.remove(n)}>
              Remove choice {n + 1}
            </Button>
          </div>
        );
      })}
      {listError && !messageOf(errors, `questions.${index}.choices.0`) && (
        <span className="field-error">{listError}</span>
      )}
      <Button variant="secondary" onClick={() => choices.append({ label: '' })}>
        Add a choice
      </Button>
    </div>
  );
}

function QuestionsForm({ id, data }: { id: string; data: TAdminSurveyQuestionsResponse }) {
  const save = useSaveSurveyQuestions(id);
  const initial = {
    questions: data.questions.length
      ? data.questions
      : [
          {
            question: '',
            type: 'yesno' as const,
            submitLabel: null,
            choices: [{ label: 'Yes' }, { label: 'No' }],
          },
        ],
  };
  const { control, register, handleSubmit, formState, reset } = useForm<TForm>({
    resolver: zodResolver(ZAdminSurveyQuestions) as unknown as Resolver<TForm>,
    defaultValues: initial,
  });
  const questions = useFieldArray({ control, name: 'questions', keyName: 'key' });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const errors = formState.errors;

  const submit = handleSubmit(
    async (body) => {
      setOutcome(null);
      try {
        const saved = await save.mutateAsync(body);
        reset({ questions: saved.questions });
        setOutcome({ kind: 'success', text: 'Questions saved.' });
      } catch (error) {
        setOutcome({ kind: 'error', text: error instanceof Error ? error.message : Texts.GENERIC_ERROR });
      }
    },
    () => setOutcome({ kind: 'error', text: Texts.CORRECT_ERRORS }),
  );

  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
      {data.answers > 0 && (
        <Alert kind="info">
          Members have given {data.answers} answers. Removing a question or choice removes its answers too.
        </Alert>
      )}
      {questions.fields.map((q, i) => {
        const name = `questions.${i}`;
        const questionError = messageOf(errors, `${name}.question`);
        const typeError = messageOf(errors, `${name}.type`);
        const submitError = messageOf(errors, `${name}.submitLabel`);
        return (
          <fieldset key={q.key} className="admin-fieldset">
            <legend>Question {i + 1}</legend>
            <TextAreaField
              id={fieldId(`${name}.question`)}
              label="Question"
              error={questionError}
              rows={2}
              registration={register(`questions.${i}.question`)}
            />
            <SelectField
              id={fieldId(`${name}.type`)}
              label="Answer type"
              error={typeError}
              placeholder={null}
              options={SURVEY_QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
              registration={register(`questions.${i}.type`)}
            />
            <TextField
              id={fieldId(`${name}.submitLabel`)}
              label="Button text (optional)"
              error={submitError}
              registration={register(`questions.${i}.submitLabel`)}
            />
            <Choices index={i} control={control} register={register} errors={errors} />
            <RowActions
              index={i}
              count={questions.fields.length}
              noun="question"
              onMove={questions.move}
              onRemove={questions.remove}
            />
          </fieldset>
        );
      })}
      <Button
        variant="secondary"
        onClick={() =>
          questions.append({
            question: '',
            type: 'single',
            submitLabel: null,
            choices: [{ label: '' }, { label: '' }],
          })
        }
      >
        Add a question
      </Button>
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <div className="admin-form-actions">
        <SubmitButton isPending={formState.isSubmitting} pendingLabel="Saving…">
          Save questions
        </SubmitButton>
      </div>
    </form>
  );
}

export function SurveyQuestionsPage() {
  const { id = '' } = useParams();
  const survey = useSurveyQuestions(id);
  return (
    <AdminPage
      title={`Survey: ${survey.data?.title ?? '…'}`}
      back={{ to: `/admin/surveys/${id}`, label: 'Survey' }}
    >
      <QueryState query={survey}>{(data) => <QuestionsForm id={id} data={data} />}</QueryState>
    </AdminPage>
  );
}
