import { zodResolver } from '@hookform/resolvers/zod';
import { examPoolSummary, Limits, Texts } from '@opence/shared';
import { ZAdminExam, type TAdminExam, type TAdminExamResponse } from '@opence/shared/schemas';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useDeleteExam, useExam, useSaveExam, type TExamOwner } from '../api/editors.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import {
  describedBy,
  fieldId,
  fieldIds,
  messageOf,
  TextAreaField,
  TextField,
} from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { QueryState } from '../components/query-state.tsx';
import { RowActions } from '../components/row-actions.tsx';

/*
 * The exam of a class or podcast episode (02 §3): the pass mark and the questions, each with
 * up to six options (a–f) and the correct one.
 */

const LETTERS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The form holds what the inputs hold: the correct option as the radio's text value. */
type TExamForm = {
  minScore: number | string;
  /** Questions each attempt draws; '' for all of them, as written. */
  drawCount: number | string;
  questions: { question: string; options: string[]; correctOption: string }[];
};

const blankQuestion = () => ({
  question: '',
  options: Array<string>(Limits.EXAM_OPTIONS_MAX).fill(''),
  correctOption: '1',
});

function toForm(exam: TAdminExamResponse['exam']): TExamForm {
  if (!exam) return { minScore: 70, drawCount: '', questions: [blankQuestion()] };
  return {
    minScore: exam.minScore,
    drawCount: exam.drawCount ?? '',
    questions: exam.questions.map((q) => ({
      question: q.question,
      options: [...q.options, ...Array<string>(Limits.EXAM_OPTIONS_MAX).fill('')].slice(
        0,
        Limits.EXAM_OPTIONS_MAX,
      ),
      correctOption: String(q.correctOption),
    })),
  };
}

function ExamForm({ owner, id, data }: { owner: TExamOwner; id: string; data: TAdminExamResponse }) {
  const save = useSaveExam(owner, id);
  const remove = useDeleteExam(owner, id);
  const { control, register, handleSubmit, formState, setError, reset } = useForm<
    TExamForm,
    unknown,
    TAdminExam
  >({
    resolver: zodResolver(ZAdminExam) as unknown as Resolver<TExamForm, unknown, TAdminExam>,
    defaultValues: toForm(data.exam),
  });
  const questions = useFieldArray({ control, name: 'questions' });
  const drawCount = useWatch({ control, name: 'drawCount' });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const errors = formState.errors;

  const submit = handleSubmit(
    async (exam) => {
      setOutcome(null);
      try {
        const saved = await save.mutateAsync(exam);
        reset(toForm(saved.exam));
        setOutcome({ kind: 'success', text: 'Exam saved.' });
      } catch (error) {
        if (error instanceof ApiRequestError && error.field)
          setError(error.field as 'minScore' | 'drawCount', { message: error.message });
        setOutcome({ kind: 'error', text: error instanceof Error ? error.message : Texts.GENERIC_ERROR });
      }
    },
    () => setOutcome({ kind: 'error', text: Texts.CORRECT_ERRORS }),
  );

  const minScoreError = messageOf(errors, 'minScore');
  const drawCountError = messageOf(errors, 'drawCount');
  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
      {data.attempts > 0 && (
        <Alert kind="info">
          Members have submitted this exam {data.attempts} times. A change applies to the next submissions;
          passed exams and certificates stay as they are.
        </Alert>
      )}
      <TextField
        id={fieldId('minScore')}
        label="Pass mark (%)"
        error={minScoreError}
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        registration={register('minScore')}
      />
      <TextField
        id={fieldId('drawCount')}
        label={Texts.EXAM_DRAW_COUNT_LABEL}
        hint={Texts.EXAM_DRAW_COUNT_HINT}
        error={drawCountError}
        type="number"
        inputMode="numeric"
        min={1}
        max={100}
        registration={register('drawCount')}
      />
      {/* What members meet: how many questions an attempt asks, and how many the next asks anew (1044). */}
      <p className="admin-note" aria-live="polite">
        {examPoolSummary(questions.fields.length, Number(drawCount) || null)}
      </p>
      {messageOf(errors, 'questions') && !errors.questions?.length && (
        <Alert>{messageOf(errors, 'questions')}</Alert>
      )}
      {questions.fields.map((q, i) => {
        const name = `questions.${i}`;
        const optionsError = messageOf(errors, `${name}.options`);
        const correctError = messageOf(errors, `${name}.correctOption`);
        return (
          <fieldset key={q.id} className="admin-fieldset exam-question">
            <legend>Question {i + 1}</legend>
            <TextAreaField
              id={fieldId(`${name}.question`)}
              label="Question"
              error={messageOf(errors, `${name}.question`)}
              rows={2}
              registration={register(`questions.${i}.question`)}
            />
            <div className="exam-options" role="group" aria-label={`Options of question ${i + 1}`}>
              {LETTERS.map((letter, n) => (
                <div key={letter} className="exam-option">
                  <label htmlFor={fieldId(`${name}.options.${n}`)}>Option {letter}</label>
                  <input
                    id={fieldId(`${name}.options.${n}`)}
                    {...register(`questions.${i}.options.${n}`)}
                    {...describedBy(fieldId(`${name}.options`), undefined, optionsError)}
                  />
                  <label className="check">
                    <input
                      type="radio"
                      value={n + 1}
                      {...register(`questions.${i}.correctOption`)}
                      {...describedBy(fieldId(`${name}.correctOption`), undefined, correctError)}
                    />
                    <span className="visually-hidden">Option {letter} is </span>correct
                  </label>
                </div>
              ))}
            </div>
            {optionsError && (
              <span id={fieldIds(fieldId(`${name}.options`)).error} className="field-error">
                {optionsError}
              </span>
            )}
            {correctError && (
              <span id={fieldIds(fieldId(`${name}.correctOption`)).error} className="field-error">
                {correctError}
              </span>
            )}
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
      <Button variant="secondary" onClick={() => questions.append(blankQuestion())}>
        Add a question
      </Button>
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <div className="admin-form-actions">
        <SubmitButton isPending={formState.isSubmitting} pendingLabel="Saving…">
          Save exam
        </SubmitButton>
        {data.exam && (
          <ConfirmButton
            label="Delete exam"
            title="Delete this exam?"
            confirmLabel="Delete exam"
            onConfirm={() => remove.mutate()}
          >
            <p>
              Without an exam, members cannot earn credit here. An exam members have passed cannot be deleted.
            </p>
          </ConfirmButton>
        )}
      </div>
      {remove.error && <Alert>{remove.error.message}</Alert>}
    </form>
  );
}

export function ExamPage({ owner }: { owner: TExamOwner }) {
  const { id = '' } = useParams();
  const exam = useExam(owner, id);
  return (
    <AdminPage
      title={`Exam: ${exam.data?.title ?? '…'}`}
      back={{ to: `/admin/${owner}/${id}`, label: owner === 'classes' ? 'Class' : 'Podcast episode' }}
    >
      <QueryState query={exam}>{(data) => <ExamForm owner={owner} id={id} data={data} />}</QueryState>
    </AdminPage>
  );
}
