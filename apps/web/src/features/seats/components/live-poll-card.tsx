import { Texts } from '@opence/shared';
import type { TLivePollResponse } from '@opence/shared/schemas';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/feedback.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { useAnswerLivePoll, useLivePoll, useWebinarCredit } from '../api/live-poll.ts';

type TOpenPoll = NonNullable<TLivePollResponse['poll']>;

/** One open poll: its answers as radio buttons, then the member's answer shown as recorded. */
function OpenPoll({ c, poll }: { c: string; poll: TOpenPoll }) {
  const answer = useAnswerLivePoll(c);
  const [picked, setPicked] = useState<number | null>(null);
  const headingId = useId();
  const recorded = poll.myChoice ?? answer.data?.choice ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked !== null) answer.mutate({ id: poll.id, choice: picked });
  };
  return (
    <section className="card room-card live-poll" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {Texts.POLL_HEADING}: {poll.question}
      </h2>
      {answer.isError && <Alert>{answer.error.message}</Alert>}
      {recorded !== null ? (
        <Alert kind="success">
          {Texts.POLL_RECORDED} ({poll.choices[recorded]})
        </Alert>
      ) : (
        <form onSubmit={submit} className="stack">
          <fieldset className="poll-choices">
            <legend className="visually-hidden">{poll.question}</legend>
            {poll.choices.map((choice, i) => (
              <label key={choice} className="poll-choice">
                <input
                  type="radio"
                  name={`poll-${poll.id}`}
                  value={i}
                  checked={picked === i}
                  onChange={() => setPicked(i)}
                />
                {choice}
              </label>
            ))}
          </fieldset>
          <div>
            <SubmitButton
              isPending={answer.isPending}
              pendingLabel={Texts.POLL_SUBMIT}
              disabled={picked === null}
            >
              {Texts.POLL_SUBMIT}
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The poll the presenter opened (issue 42), shown in the live room within a few seconds and
 * answered once; below it, the webinar's rule and the member's polls so far, so the reason of a
 * later decision is no surprise.
 */
export function LivePollCard({ c }: { c: string }) {
  const poll = useLivePoll(c, true);
  const credit = useWebinarCredit(c, true);
  const open = poll.data?.poll ?? null;
  const evidence = credit.data?.evidence ?? null;
  return (
    <div aria-live="polite">
      {open && <OpenPoll key={open.id} c={c} poll={open} />}
      {evidence && (
        <section className="card room-card" aria-labelledby="webinar-credit-title">
          <h2 id="webinar-credit-title">{Texts.CREDIT_RULE_TITLE}</h2>
          <p>{evidence.ruleText}</p>
          <p className="room-note">
            {evidence.pollsAnswered} of {evidence.pollsOpened} polls answered so far.
          </p>
        </section>
      )}
    </div>
  );
}
