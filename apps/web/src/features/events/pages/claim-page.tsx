import { Texts } from '@opence/shared';
import type { TClaimLookupResponse, TClaimResponse } from '@opence/shared/schemas';
import { useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';

/*
 * /claim and /claim/{code} (issue 25): a member at an in-person event enters its code (or opens
 * the poster's QR link), confirms attendance, completes the evaluation and gets the completion.
 */

const RATINGS = [
  ['courseObjectives', 'The course met its stated objectives'],
  ['courseUseful', 'The content was useful to my practice'],
  ['courseAppropriate', 'The content was appropriate to my level'],
  ['courseLogical', 'The content was logically organised'],
  ['instructorCommunication', 'The speaker communicated clearly'],
  ['instructorPreparedness', 'The speaker was well prepared'],
  ['instructorEffectiveness', 'The speaker was effective'],
  ['sitePresentation', 'The event was well presented'],
  ['siteNavigation', 'Claiming CE was easy'],
  ['siteComparison', 'Compared with other CE events, this one was good'],
] as const;
const SCALE = [
  [4, 'Strongly agree'],
  [3, 'Agree'],
  [2, 'Disagree'],
  [1, 'Strongly disagree'],
] as const;

export function Component() {
  usePageTitle(Texts.CLAIM_TITLE);
  const params = useParams();
  const session = useSession();
  const codeId = useId();
  const [code, setCode] = useState(params.code ?? '');
  const [found, setFound] = useState<TClaimLookupResponse | null>(null);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [attended, setAttended] = useState(false);
  const [done, setDone] = useState<TClaimResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (!session) {
    const rurl = encodeURIComponent(`/claim${params.code ? `/${params.code}` : ''}`);
    return (
      <main className="container stack">
        <h1>{Texts.CLAIM_TITLE}</h1>
        <p>{Texts.CLAIM_SIGN_IN}</p>
        <div className="flow-actions">
          <ButtonLink to={`/login?rurl=${rurl}`}>Sign in</ButtonLink>
          <ButtonLink variant="secondary" to={`/register?rurl=${rurl}`}>
            Register
          </ButtonLink>
        </div>
      </main>
    );
  }

  const find = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => setFound(await apiGet<TClaimLookupResponse>('claim-event', { code })));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const a = Object.fromEntries(RATINGS.map(([key]) => [key, answers[key] ?? '']));
      setDone(await apiPost<TClaimResponse>('claim-event', { code, attended: true, a }));
    });
  };
  const complete = attended && RATINGS.every(([key]) => answers[key]);

  return (
    <main className="container stack">
      <h1>{Texts.CLAIM_TITLE}</h1>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      {done || found?.claimed ? (
        <Alert kind="success">
          {Texts.CLAIM_DONE} <Link to="/completed">{Texts.CLAIM_SEE_COMPLETED}</Link>
        </Alert>
      ) : found ? (
        <form className="card stack" onSubmit={submit}>
          <h2>{found.event.title}</h2>
          <p>
            {found.event.place} · {found.event.credits} CE credits
            {found.event.speakerName ? ` · ${found.event.speakerName}` : ''}
          </p>
          {found.event.topics.length > 0 && (
            <p>
              {Texts.CLAIM_TOPICS}: {found.event.topics.join(', ')}
            </p>
          )}
          <label>
            <input type="checkbox" checked={attended} onChange={(e) => setAttended(e.target.checked)} />{' '}
            {Texts.CLAIM_ATTEST}
          </label>
          <fieldset className="stack">
            <legend>{Texts.CLAIM_EVALUATION}</legend>
            {RATINGS.map(([key, label]) => (
              <label key={key} className="field">
                <span className="field-label">{label}</span>
                <select
                  name={key}
                  value={answers[key] ?? ''}
                  onChange={(e) => setAnswers((prev) => ({ ...prev, [key]: e.target.value }))}
                >
                  <option value="">Choose…</option>
                  {SCALE.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          <div>
            <Button type="submit" disabled={busy || !complete}>
              {Texts.CLAIM_SUBMIT}
            </Button>
          </div>
        </form>
      ) : (
        <form className="card stack" onSubmit={find}>
          <label htmlFor={codeId}>{Texts.CLAIM_CODE_LABEL}</label>
          <input
            id={codeId}
            value={code}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(e) => setCode(e.target.value)}
          />
          <div>
            <Button type="submit" disabled={busy || code.trim() === ''}>
              {Texts.CLAIM_FIND}
            </Button>
          </div>
        </form>
      )}
    </main>
  );
}
