import { zodResolver } from '@hookform/resolvers/zod';
import {
  CLAIM_RATINGS,
  claimBlocker,
  ClaimTexts,
  claimPath,
  inPersonPath,
  Limits,
  loginRedirectPath,
  normalClaimCode,
  ScanTexts,
  Texts,
} from '@opence/shared';
import {
  ZClaimCodeForm,
  ZClaimForm,
  type TClaimCodeForm,
  type TClaimForm,
  type TClaimFormInput,
  type TClaimPreviewResponse,
  type TClaimResponse,
  type TRatingName,
} from '@opence/shared/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { RatingField } from '../../../components/ui/rating-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useClaimEvent } from '../api/claim-event.ts';
import { useClaimPreview } from '../api/get-claim-preview.ts';
import { EventCard, EventCardSkeleton } from '../components/event-card.tsx';
import '../events.css';

/*
 * /claim and /claim/{code} (issue 25, finished in issue 36, docs/decisions/1050): a member at
 * an in-person event enters its code (or opens the poster's QR link), sees the event, confirms
 * attendance, rates it and gets the credit. A visitor sees the event and signs in or registers
 * with the way back here kept. The code lives in the address, so a reload, the QR link and the
 * return from sign-in all land on the same screen.
 */

/** Nothing ticked, nothing rated. */
const EMPTY_FORM: TClaimFormInput = {
  attended: false,
  comments: '',
  otherTopics: '',
  ...(Object.fromEntries(CLAIM_RATINGS.map((rating) => [rating.name, undefined])) as Record<
    TRatingName,
    undefined
  >),
};

/** The code, typed or corrected; its event opens at /claim/{code}. */
function CodeForm({ initial = '', error }: { initial?: string; error?: string }) {
  const navigate = useNavigate();
  const id = useId();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors },
  } = useForm<TClaimCodeForm>({ resolver: zodResolver(ZClaimCodeForm), defaultValues: { code: initial } });
  const shown = errors.code?.message ?? error;
  // A wrong code comes back to this field, with the text that says so.
  useEffect(() => {
    if (error) setFocus('code', { shouldSelect: true });
  }, [error, setFocus]);
  return (
    <form
      className="card claim-code-form"
      noValidate
      onSubmit={handleSubmit(({ code }) => navigate(claimPath(normalClaimCode(code))))}
    >
      <div className="field">
        <label htmlFor={id}>{Texts.CLAIM_CODE_LABEL}</label>
        <span id={`${id}-hint`} className="field-hint">
          {ClaimTexts.CODE_HINT}
        </span>
        <input
          id={id}
          className="claim-code-input"
          autoCapitalize="characters"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={20}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-hint ${id}-error` : `${id}-hint`}
          {...register('code')}
        />
        {shown && (
          <span id={`${id}-error`} className="field-error">
            {shown}
          </span>
        )}
      </div>
      <Button type="submit">{Texts.CLAIM_FIND}</Button>
    </form>
  );
}

/**
 * The attendance and the ten ratings. "Claim CE" is never greyed out without a word: beside it,
 * what is still missing; pressed early, it marks the missing answers and goes to the first.
 */
function ClaimForm({ code, onClaimed }: { code: string; onClaimed: (claimed: TClaimResponse) => void }) {
  const claim = useClaimEvent(code);
  const [message, setMessage] = useState<string | null>(null);
  const blockerId = useId();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<TClaimFormInput, unknown, TClaimForm>({
    resolver: zodResolver(ZClaimForm),
    defaultValues: EMPTY_FORM,
  });
  const values = useWatch({ control });
  const blocker = claimBlocker({
    attended: values.attended === true,
    unrated: CLAIM_RATINGS.filter((rating) => !values[rating.name]).length,
  });

  const onValid = async (form: TClaimForm) => {
    setMessage(null);
    try {
      onClaimed(await claim.mutateAsync(form));
    } catch (error) {
      // The server's own words: not open yet, already claimed, full (the page updates with them).
      setMessage(error instanceof ApiRequestError ? error.message : Texts.GENERIC_ERROR);
    }
  };

  return (
    <form
      className="claim-form"
      noValidate
      onSubmit={handleSubmit(onValid, () => setMessage(Texts.CORRECT_ERRORS))}
    >
      <fieldset className="card claim-section">
        <legend className="claim-section-title">{ClaimTexts.ATTEND_SECTION}</legend>
        <div className="check">
          <input
            id="claim-attended"
            type="checkbox"
            aria-invalid={errors.attended ? true : undefined}
            aria-describedby={errors.attended ? 'claim-attended-error' : undefined}
            {...register('attended')}
          />
          <label htmlFor="claim-attended">{Texts.CLAIM_ATTEST}</label>
        </div>
        {errors.attended && (
          <span id="claim-attended-error" className="field-error">
            {errors.attended.message}
          </span>
        )}
      </fieldset>
      <fieldset className="card claim-section">
        <legend className="claim-section-title">{Texts.CLAIM_EVALUATION}</legend>
        {CLAIM_RATINGS.map((rating) => (
          <RatingField
            key={rating.name}
            id={`claim-${rating.name}`}
            label={rating.label}
            registration={register(rating.name)}
            error={errors[rating.name]?.message}
          />
        ))}
        <TextAreaField
          id="claim-comments"
          label={`Comments (optional, up to ${Limits.EVAL_TEXT_MAX} characters)`}
          rows={3}
          registration={register('comments')}
          error={errors.comments?.message}
        />
        <TextAreaField
          id="claim-otherTopics"
          label={`Other topics you would like to see (optional, up to ${Limits.EVAL_TEXT_MAX} characters)`}
          rows={2}
          registration={register('otherTopics')}
          error={errors.otherTopics?.message}
        />
      </fieldset>
      <div className="card claim-submit">
        {message && <Alert onDismiss={() => setMessage(null)}>{message}</Alert>}
        <Button type="submit" disabled={claim.isPending} aria-describedby={blocker ? blockerId : undefined}>
          {claim.isPending ? 'Claiming…' : Texts.CLAIM_SUBMIT}
        </Button>
        {blocker && (
          <p id={blockerId} className="claim-blocker">
            {blocker}
          </p>
        )}
      </div>
    </form>
  );
}

/** After the claim, or when the member had claimed it before: where the credit is now. */
function Claimed({ c, isNew }: { c: string; isNew: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the member used is gone: the outcome takes the focus, so it is read out.
  useEffect(() => {
    if (isNew) heading.current?.focus();
  }, [isNew]);
  return (
    <section className={`card claim-outcome ${isNew ? 'is-new' : ''}`} aria-labelledby="claim-outcome-title">
      <h2 id="claim-outcome-title" ref={heading} tabIndex={-1}>
        {isNew ? ClaimTexts.DONE_TITLE : ClaimTexts.ALREADY_TITLE}
      </h2>
      <p>{isNew ? Texts.CLAIM_DONE : Texts.CLAIM_ALREADY}</p>
      <div className="flow-actions">
        <ButtonLink to={inPersonPath(c)}>{ClaimTexts.SEE_CREDIT}</ButtonLink>
        <Link to="/completed?tab=in-person">{Texts.CLAIM_SEE_COMPLETED}</Link>
      </div>
    </section>
  );
}

/** Issue 42: at an event that uses scanning, the claim was the entry; the credit comes with the exit. */
function ScannedIn({ at }: { at: string }) {
  const [before, after] = ScanTexts.IN_AT.split('{time}');
  return (
    <section className="card claim-outcome is-new" aria-labelledby="claim-scanned-in-title">
      <h2 id="claim-scanned-in-title">{ScanTexts.IN_DONE}</h2>
      <p>
        {before}
        <LocalTime iso={at} format="dateTime" />
        {after}
      </p>
      <p>{ScanTexts.IN_NEXT}</p>
    </section>
  );
}

/** A visitor (the poster's QR link): the event above, and the way to an account and back here. */
function SignInToClaim({ code }: { code: string }) {
  const back = claimPath(code);
  return (
    <section className="card claim-outcome" aria-labelledby="claim-sign-in-title">
      <h2 id="claim-sign-in-title">{Texts.CLAIM_SIGN_IN}</h2>
      <p>{ClaimTexts.VISITOR_NOTE}</p>
      <div className="flow-actions">
        <ButtonLink to={loginRedirectPath(back)}>{ClaimTexts.SIGN_IN}</ButtonLink>
        <ButtonLink variant="secondary" to={`/register?rurl=${encodeURIComponent(back)}`}>
          {ClaimTexts.REGISTER}
        </ButtonLink>
      </div>
    </section>
  );
}

/** What the reader can do with the event a code names. */
function ClaimStep({ code, found }: { code: string; found: TClaimPreviewResponse }) {
  const [claimed, setClaimed] = useState<TClaimResponse | null>(null);
  if (claimed?.scannedInAt) return <ScannedIn at={claimed.scannedInAt} />;
  if (claimed) return <Claimed c={claimed.c} isNew />;
  if (found.claimed && found.c) return <Claimed c={found.c} isNew={false} />;
  if (found.scannedInAt) return <ScannedIn at={found.scannedInAt} />;
  return (
    <>
      {found.refusal && (
        <section className="card claim-outcome" aria-labelledby="claim-refusal-title">
          <h2 id="claim-refusal-title">{ClaimTexts.NOT_OPEN_TITLE}</h2>
          <p>{found.refusal}</p>
        </section>
      )}
      {!found.isMember ? (
        <SignInToClaim code={code} />
      ) : (
        !found.refusal && <ClaimForm code={code} onClaimed={setClaimed} />
      )}
    </>
  );
}

function EventOfCode({ typed }: { typed: string }) {
  const code = normalClaimCode(typed);
  const session = useSession();
  const preview = useClaimPreview(code, Boolean(session));
  if (preview.isPending) return <EventCardSkeleton label={ClaimTexts.LOOKING_UP} />;
  if (preview.isError) {
    const error = preview.error;
    if (error instanceof ApiRequestError && error.status === 404)
      return <CodeForm initial={typed} error={error.message} />;
    return <LoadError text={error.message} onRetry={() => void preview.refetch()} />;
  }
  return (
    <>
      <EventCard event={preview.data.event}>
        <p className="event-card-other">
          <Link to={claimPath()}>{ClaimTexts.OTHER_CODE}</Link>
        </p>
      </EventCard>
      {/* A new claim step per code and reader: nothing of one carries over to another. */}
      <ClaimStep key={`${code} ${preview.data.isMember}`} code={code} found={preview.data} />
    </>
  );
}

export function Component() {
  usePageTitle(Texts.CLAIM_TITLE);
  const { code = '' } = useParams();
  return (
    <div className="container flow-narrow claim-page">
      <h1>{Texts.CLAIM_TITLE}</h1>
      {code ? (
        <EventOfCode key={code} typed={code} />
      ) : (
        <>
          <p className="claim-intro">{ClaimTexts.INTRO}</p>
          <CodeForm />
        </>
      )}
    </div>
  );
}
