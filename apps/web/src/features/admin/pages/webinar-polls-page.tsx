import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { POLL_CHOICES_MAX, Texts, type TCreditBelow } from '@opence/shared';
import type { TAdminPoll, TAdminPollsResponse } from '@opence/shared/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useWebinarPollAction, useWebinarPolls } from '../api/webinar-polls.ts';
import { AdminPage } from '../components/admin-page.tsx';

/*
 * A webinar's polls and credit rule (issue 42). 'prepare': staff write the polls (editable until
 * opened) and set the rule; 'run': the presenter's view during the webinar, each poll opened and
 * closed with one button, the answers counted as they come.
 */

type TMode = 'prepare' | 'run';
type TAction = ReturnType<typeof useWebinarPollAction>;

const choicesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function PollForm({ poll, action, onDone }: { poll?: TAdminPoll; action: TAction; onDone?: () => void }) {
  const questionId = useId();
  const choicesId = useId();
  const [question, setQuestion] = useState(poll?.question ?? '');
  const [choices, setChoices] = useState(poll?.choices.join('\n') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const draft = { question: question.trim(), choices: choicesOf(choices) };
    action.mutate(poll ? { kind: 'edit', id: poll.id, draft } : { kind: 'add', draft }, {
      onSuccess: () => {
        if (!poll) {
          setQuestion('');
          setChoices('');
        }
        onDone?.();
      },
    });
  };
  return (
    <form className="stack" onSubmit={submit} aria-label={poll ? `Edit: ${poll.question}` : Texts.POLL_ADD}>
      <TextField
        id={questionId}
        label={Texts.POLL_QUESTION}
        value={question}
        maxLength={300}
        required
        onChange={(e) => setQuestion(e.target.value)}
      />
      <TextAreaField
        id={choicesId}
        label={Texts.POLL_CHOICES}
        value={choices}
        rows={Math.min(POLL_CHOICES_MAX, Math.max(3, choicesOf(choices).length + 1))}
        required
        onChange={(e) => setChoices(e.target.value)}
      />
      <div>
        <SubmitButton isPending={action.isPending} pendingLabel={poll ? Texts.POLL_SAVE : Texts.POLL_ADD}>
          {poll ? Texts.POLL_SAVE : Texts.POLL_ADD}
        </SubmitButton>
      </div>
    </form>
  );
}

function RuleForm({ list, action }: { list: TAdminPollsResponse; action: TAction }) {
  const minutesId = useId();
  const pollsId = useId();
  const belowId = useId();
  const [minMinutes, setMinMinutes] = useState(String(list.rule?.minMinutes ?? list.durationMin));
  const [minPolls, setMinPolls] = useState(String(list.rule?.minPolls ?? 0));
  const [below, setBelow] = useState<TCreditBelow>(list.rule?.below ?? 'self_study');
  const save = (event: FormEvent) => {
    event.preventDefault();
    action.mutate({
      kind: 'rule',
      body: { rule: { minMinutes: Number(minMinutes), minPolls: Number(minPolls), below } },
    });
  };
  return (
    <section className="card stack" aria-labelledby={`${belowId}-title`}>
      <h2 id={`${belowId}-title`}>{Texts.CREDIT_RULE_TITLE}</h2>
      <p>{list.ruleText}</p>
      <form className="stack" onSubmit={save}>
        <TextField
          id={minutesId}
          label={Texts.CREDIT_RULE_MIN_MINUTES}
          type="number"
          inputMode="numeric"
          min={0}
          max={1440}
          required
          value={minMinutes}
          hint={`The webinar lasts ${list.durationMin} minutes; minutes come from the participant report once imported, else from the live room.`}
          onChange={(e) => setMinMinutes(e.target.value)}
        />
        <TextField
          id={pollsId}
          label={Texts.CREDIT_RULE_MIN_POLLS}
          type="number"
          inputMode="numeric"
          min={0}
          max={50}
          required
          value={minPolls}
          hint="Never more than the polls the presenter opens."
          onChange={(e) => setMinPolls(e.target.value)}
        />
        <SelectField
          id={belowId}
          label={Texts.CREDIT_RULE_BELOW}
          placeholder={null}
          value={below}
          options={[
            { value: 'self_study', label: Texts.CREDIT_BELOW_SELF_STUDY },
            { value: 'none', label: Texts.CREDIT_BELOW_NONE },
          ]}
          onChange={(e) => setBelow(e.target.value as TCreditBelow)}
        />
        <div className="admin-actions">
          <SubmitButton isPending={action.isPending} pendingLabel={Texts.CREDIT_RULE_SAVE}>
            {Texts.CREDIT_RULE_SAVE}
          </SubmitButton>
          {list.rule && (
            <Button
              variant="secondary"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'rule', body: { rule: null } })}
            >
              {Texts.CREDIT_RULE_CLEAR}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

function PollStatus({ poll }: { poll: TAdminPoll }) {
  if (poll.closedAt)
    return (
      <span>
        Closed <LocalTime iso={poll.closedAt} format="dateTime" />
      </span>
    );
  if (poll.openedAt)
    return (
      <Badge tone="success">
        Open since <LocalTime iso={poll.openedAt} format="dateTime" />
      </Badge>
    );
  return <span>Not opened yet</span>;
}

function PollCard({ poll, mode, action }: { poll: TAdminPoll; mode: TMode; action: TAction }) {
  const [isEditing, setEditing] = useState(false);
  const total = poll.counts.reduce((a, b) => a + b, 0);
  const isDraft = poll.openedAt === null;
  return (
    <li className="card stack">
      <h3>{poll.question}</h3>
      <PollStatus poll={poll} />
      <ul className="poll-results" aria-label={`Answers to ${poll.question}`}>
        {poll.choices.map((choice, i) => (
          <li key={choice}>
            {choice}: <strong>{poll.counts[i] ?? 0}</strong>
          </li>
        ))}
      </ul>
      <p>{total === 1 ? '1 answer' : `${total} answers`}</p>
      {isEditing && <PollForm poll={poll} action={action} onDone={() => setEditing(false)} />}
      <div className="admin-actions">
        {mode === 'run' && isDraft && (
          <Button disabled={action.isPending} onClick={() => action.mutate({ kind: 'open', id: poll.id })}>
            {Texts.POLL_OPEN}
          </Button>
        )}
        {mode === 'run' && poll.openedAt && !poll.closedAt && (
          <Button disabled={action.isPending} onClick={() => action.mutate({ kind: 'close', id: poll.id })}>
            {Texts.POLL_CLOSE}
          </Button>
        )}
        {mode === 'prepare' && isDraft && !isEditing && (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit poll
            </Button>
            <Button
              variant="secondary"
              disabled={action.isPending}
              onClick={() => action.mutate({ kind: 'delete', id: poll.id })}
            >
              {Texts.POLL_DELETE}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

export function WebinarPollsPage({ mode }: { mode: TMode }) {
  const { id = '' } = useParams();
  const list = useWebinarPolls(id, mode === 'run');
  const action = useWebinarPollAction(id);
  const title = mode === 'run' ? Texts.RUN_WEBINAR_TITLE : Texts.POLLS_TITLE;
  const other =
    mode === 'run'
      ? { to: `/admin/classes/${id}/polls`, label: Texts.POLLS_TITLE }
      : { to: `/admin/classes/${id}/run`, label: Texts.RUN_WEBINAR_TITLE };
  return (
    <AdminPage
      title={list.data ? `${title}: ${list.data.title}` : title}
      back={{ to: `/admin/classes/${id}`, label: 'Class' }}
      actions={<Link to={other.to}>{other.label}</Link>}
    >
      {action.error && <Alert onDismiss={() => action.reset()}>{action.error.message}</Alert>}
      {list.isPending && <Spinner />}
      {list.error && <Alert>{list.error.message}</Alert>}
      {list.data && (
        <div className="stack">
          {mode === 'prepare' && <RuleForm key={list.data.ruleText} list={list.data} action={action} />}
          {mode === 'run' && <p>{list.data.ruleText}</p>}
          <section className="stack" aria-labelledby="polls-heading">
            <h2 id="polls-heading">Polls</h2>
            {list.data.polls.length === 0 ? (
              <EmptyState text={Texts.POLLS_EMPTY} />
            ) : (
              <ol className="stack poll-list">
                {list.data.polls.map((poll) => (
                  <PollCard key={poll.id} poll={poll} mode={mode} action={action} />
                ))}
              </ol>
            )}
          </section>
          {mode === 'prepare' && (
            <section className="card stack" aria-labelledby="poll-add-heading">
              <h2 id="poll-add-heading">{Texts.POLL_ADD}</h2>
              <PollForm action={action} />
            </section>
          )}
        </div>
      )}
    </AdminPage>
  );
}
