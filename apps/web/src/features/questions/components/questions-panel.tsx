import { zodResolver } from '@hookform/resolvers/zod';
import { loginRedirectPath, QuestionTexts } from '@opence/shared';
import { ZQuestionForm, type TQuestion, type TQuestionForm } from '@opence/shared/schemas';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, Spinner } from '../../../components/ui/feedback.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { applyServerErrors, serverFormErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { safeStorage } from '../../../lib/storage.ts';
import { useAskQuestion } from '../api/ask-question.ts';
import { useQuestions } from '../api/get-questions.ts';
import { useVoteQuestion } from '../api/vote-question.ts';
import { useWithdrawQuestion } from '../api/withdraw-question.ts';
import '../questions.css';

/** What the member typed, kept per webinar until it is sent: it survives signing in (1161). */
const draftKey = (c: string) => `opence.question-draft.${c}`;

function QuestionForm({ c, isMember }: { c: string; isMember: boolean }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const ask = useAskQuestion(c);
  const form = useForm<TQuestionForm>({ resolver: zodResolver(ZQuestionForm), defaultValues: { text: '' } });
  const { setValue, getValues, control } = form;
  const text = useWatch({ control, name: 'text' });

  // Restored after the first render, so a screen the server drew is taken over unchanged.
  useEffect(() => {
    const draft = safeStorage.get(draftKey(c));
    if (draft && !getValues('text')) setValue('text', draft);
  }, [c, getValues, setValue]);
  useEffect(() => {
    if (text) safeStorage.set(draftKey(c), text);
    else safeStorage.remove(draftKey(c));
  }, [c, text]);

  const onSubmit = form.handleSubmit((values, event) => {
    if (!isMember) {
      navigate(loginRedirectPath(location.pathname));
      return;
    }
    ask.mutate(values.text, {
      onSuccess: () => {
        form.reset({ text: '' });
        safeStorage.remove(draftKey(c));
      },
      onError: (error) =>
        applyServerErrors(error, form.setError, {
          form: event?.target as HTMLFormElement | undefined,
          known: ['text'],
        }),
    });
  });
  const refusal = ask.isError ? serverFormErrors(ask.error) : null;

  return (
    <form className="question-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <TextAreaField
        id={`${id}-text`}
        label={QuestionTexts.FIELD_LABEL}
        hint={QuestionTexts.FIELD_HINT}
        rows={3}
        registration={form.register('text')}
        error={form.formState.errors.text?.message}
      />
      {refusal && Object.keys(refusal.fields).length === 0 && <Alert>{refusal.message}</Alert>}
      {ask.isSuccess && <Alert kind="success">{QuestionTexts.SENT}</Alert>}
      {isMember ? (
        <SubmitButton isPending={ask.isPending} pendingLabel="Sending…">
          {QuestionTexts.SEND}
        </SubmitButton>
      ) : (
        <>
          <Button type="submit">{QuestionTexts.SIGN_IN}</Button>
          <p className="question-note">{QuestionTexts.SIGN_IN_NOTE}</p>
        </>
      )}
    </form>
  );
}

function QuestionItem({ c, question, isOpen }: { c: string; question: TQuestion; isOpen: boolean }) {
  const vote = useVoteQuestion(c);
  const withdraw = useWithdrawQuestion(c);
  const error = vote.error ?? withdraw.error;
  return (
    <li className="question card">
      <p className="question-text">{question.text}</p>
      <div className="question-meta">
        {question.isMine && <Badge>{QuestionTexts.YOURS}</Badge>}
        {question.isAnswered ? (
          <Badge tone="success">{QuestionTexts.ANSWERED}</Badge>
        ) : (
          <span className="question-status">{QuestionTexts.OPEN}</span>
        )}
        <span className="question-votes">
          {question.votes} {question.votes === 1 ? 'vote' : 'votes'}
        </span>
      </div>
      {question.answer && (
        <div className="question-answer">
          <p className="question-answer-label">{QuestionTexts.ANSWER_BY_PRESENTER}</p>
          <p className="question-text">{question.answer}</p>
        </div>
      )}
      <div className="question-actions">
        {!question.isMine && isOpen && !question.isAnswered && (
          <Button
            variant="secondary"
            aria-pressed={question.hasVoted}
            disabled={question.hasVoted || vote.isPending}
            onClick={() => vote.mutate(question.id)}
          >
            {question.hasVoted ? QuestionTexts.VOTED : QuestionTexts.VOTE}
            <span className="visually-hidden"> for: {question.text.slice(0, 80)}</span>
          </Button>
        )}
        {question.isMine && !question.isAnswered && (
          <Button variant="link" disabled={withdraw.isPending} onClick={() => withdraw.mutate(question.id)}>
            {QuestionTexts.WITHDRAW}
            <span className="visually-hidden"> your question</span>
          </Button>
        )}
      </div>
      {error && <Alert>{error.message}</Alert>}
    </li>
  );
}

function QuestionList({ c, questions, isOpen }: { c: string; questions: TQuestion[]; isOpen: boolean }) {
  if (questions.length === 0) return <p className="question-empty">{QuestionTexts.EMPTY}</p>;
  return (
    <ol className="question-list" aria-label={QuestionTexts.LIST_TITLE}>
      {questions.map((question) => (
        <QuestionItem key={question.id} c={c} question={question} isOpen={isOpen} />
      ))}
    </ol>
  );
}

/**
 * Questions to the presenter (issue 42), on the webinar's page before it starts and in the live
 * room: the form (a visitor signs in first, keeping what they typed), and for a member the
 * webinar's questions by votes, without who asked (1160), theirs marked, with answers.
 */
export function QuestionsPanel({ c, phase }: { c: string; phase: 'before' | 'live' | 'ended' }) {
  const isLive = phase === 'live';
  const session = useSession();
  const isMember = session !== null;
  const query = useQuestions(c, { isMember, isLive });
  const headingId = useId();
  const isOpen = phase !== 'ended' && (query.data?.isOpen ?? true);

  let list = null;
  if (isMember) {
    if (query.isPending) list = <Spinner label="Loading the questions…" />;
    else if (query.isError)
      list = <LoadError text={QuestionTexts.LOAD_ERROR} onRetry={() => void query.refetch()} />;
    else list = <QuestionList c={c} questions={query.data.questions} isOpen={isOpen} />;
  }
  return (
    <section className="questions-panel card" aria-labelledby={headingId}>
      <h2 id={headingId}>{isLive ? QuestionTexts.TITLE_LIVE : QuestionTexts.TITLE_BEFORE}</h2>
      {isOpen ? (
        <>
          <p className="question-intro">{isLive ? QuestionTexts.INTRO_LIVE : QuestionTexts.INTRO_BEFORE}</p>
          <QuestionForm c={c} isMember={isMember} />
        </>
      ) : (
        <Alert kind="info">{QuestionTexts.ENDED}</Alert>
      )}
      {list}
    </section>
  );
}
