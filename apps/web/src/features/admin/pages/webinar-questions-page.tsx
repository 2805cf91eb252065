import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZAnswerQuestionRequest,
  ZHideQuestionRequest,
  type TAdminQuestion,
  type TAdminQuestionFilter,
  type TAnswerQuestionRequest,
  type THideQuestionRequest,
} from '@opence/shared/schemas';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { applyServerErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAnswerQuestion, useHideQuestion, useWebinarQuestions } from '../api/questions.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { ListCount } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

function AnswerForm({ classId, question }: { classId: string; question: TAdminQuestion }) {
  const id = useId();
  const answer = useAnswerQuestion(classId);
  const form = useForm<TAnswerQuestionRequest, unknown, z.output<typeof ZAnswerQuestionRequest>>({
    resolver: zodResolver(ZAnswerQuestionRequest),
    defaultValues: { answer: question.answer ?? '' },
  });
  const onSubmit = form.handleSubmit(() =>
    answer.mutate(
      { id: question.id, answer: form.getValues('answer') ?? '' },
      { onError: (error) => applyServerErrors(error, form.setError, { known: ['answer'] }) },
    ),
  );
  return (
    <form className="question-answer-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        id={`${id}-answer`}
        label="Written answer (optional)"
        hint="Shown to members with the question. Up to 1000 characters."
        rows={2}
        registration={form.register('answer')}
        error={form.formState.errors.answer?.message}
      />
      {answer.isError && !form.formState.errors.answer && <Alert>{answer.error.message}</Alert>}
      <SubmitButton isPending={answer.isPending} pendingLabel="Saving…" variant="secondary">
        {question.answeredAt ? 'Save the answer' : 'Mark answered'}
      </SubmitButton>
    </form>
  );
}

function HideButton({ classId, question }: { classId: string; question: TAdminQuestion }) {
  const id = useId();
  const [isOpen, setOpen] = useState(false);
  const hide = useHideQuestion(classId);
  const form = useForm<THideQuestionRequest>({
    resolver: zodResolver(ZHideQuestionRequest),
    defaultValues: { reason: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    hide.mutate(
      { id: question.id, reason: values.reason },
      {
        onSuccess: () => setOpen(false),
        onError: (error) => applyServerErrors(error, form.setError, { known: ['reason'] }),
      },
    ),
  );
  return (
    <>
      <Button variant="link" onClick={() => setOpen(true)}>
        Hide…
      </Button>
      {isOpen && (
        <Modal open title="Hide this question from members" onClose={() => setOpen(false)}>
          <form id={`${id}-form`} noValidate onSubmit={(event) => void onSubmit(event)}>
            <p className="question-quote">“{question.text}”</p>
            <TextAreaField
              id={`${id}-reason`}
              label="Why is it hidden?"
              hint="Kept in the audit log with your name."
              rows={2}
              registration={form.register('reason')}
              error={form.formState.errors.reason?.message}
            />
            {hide.isError && !form.formState.errors.reason && <Alert>{hide.error.message}</Alert>}
            <div className="modal-actions">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <SubmitButton isPending={hide.isPending} pendingLabel="Hiding…" variant="danger">
                Hide question
              </SubmitButton>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}

function QuestionRow({ classId, question }: { classId: string; question: TAdminQuestion }) {
  return (
    <li className="admin-question card">
      <div className="admin-question-head">
        <span className="admin-question-votes" aria-label={`${question.votes} votes`}>
          {question.votes}
          <small>{question.votes === 1 ? 'vote' : 'votes'}</small>
        </span>
        <div>
          <p className="admin-question-text">{question.text}</p>
          <p className="admin-question-by">
            {question.askedBy} · {formatDateTime(question.askedAt)}
          </p>
        </div>
      </div>
      {question.hiddenAt ? (
        <p>
          <Badge tone="danger">Hidden</Badge> {formatDateTime(question.hiddenAt)}: {question.hiddenReason}
        </p>
      ) : (
        <>
          {question.answeredAt && (
            <p>
              <Badge tone="success">Answered</Badge> {formatDateTime(question.answeredAt)}
            </p>
          )}
          <div className="admin-question-actions">
            <AnswerForm classId={classId} question={question} />
            <HideButton classId={classId} question={question} />
          </div>
        </>
      )}
    </li>
  );
}

/**
 * A webinar's questions from members (issue 42): by votes then time, open, answered, hidden or
 * all; staff and the presenter mark them answered (with a short written answer) or hide them.
 */
export function WebinarQuestionsPage() {
  const { id = '' } = useParams();
  const [show, setShow] = useState<TAdminQuestionFilter>('open');
  const questions = useWebinarQuestions(id, show);
  const counts = questions.data?.counts;
  const tabs = [
    { id: 'open' as const, label: `Open (${counts?.open ?? '…'})` },
    { id: 'answered' as const, label: `Answered (${counts?.answered ?? '…'})` },
    { id: 'hidden' as const, label: `Hidden (${counts?.hidden ?? '…'})` },
    { id: 'all' as const, label: 'All' },
  ];
  return (
    <AdminPage
      title={`Questions: ${questions.data?.title ?? '…'}`}
      back={{ to: `/admin/classes/${id}`, label: 'Class' }}
    >
      <QueryState query={questions}>
        {(d) => (
          <>
            <ListCount>
              {formatDateTime(d.releaseAt)} · {d.durationMin} min
              {d.isLive ? ' · live: the list refreshes every 10 seconds' : ''}
            </ListCount>
            <Tabs
              label="Which questions"
              idPrefix="questions"
              items={tabs}
              selected={show}
              onSelect={setShow}
            >
              {d.questions.length === 0 ? (
                <EmptyState text="No questions here." />
              ) : (
                <ol className="admin-question-list" aria-busy={questions.isFetching}>
                  {d.questions.map((q) => (
                    <QuestionRow key={q.id} classId={id} question={q} />
                  ))}
                </ol>
              )}
            </Tabs>
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
