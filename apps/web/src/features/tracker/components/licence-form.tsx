import { zodResolver } from '@hookform/resolvers/zod';
import { TRACKER_LICENCE_TYPES, TrackerTexts as T } from '@opence/shared';
import { ZTrackerLicenceInput, type TTrackerLicence } from '@opence/shared/schemas';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useAddLicence, useProposal, useStates, useUpdateLicence } from '../api/tracker-api.ts';
import { day, fill, LICENCE_TYPE_LABELS, MONTHS, PERMIT_LABELS } from './tracker-labels.ts';

type TIn = z.input<typeof ZTrackerLicenceInput>;
type TOut = z.output<typeof ZTrackerLicenceInput>;

const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

/**
 * Adds or edits a licence (issue 36). It asks only what the state's rule needs to decide: the
 * questions of its cycle (birth month, the year or the day it renews, the day it was first
 * issued) and of its requirements (a DEA registration, permits, the total where the rule has
 * none). The same questions stay on screen whatever is typed. The period is proposed only where
 * the rule states it; the member can always enter the dates themselves.
 */
export function LicenceForm({
  licence,
  onDone,
}: {
  /** The licence to edit; none to add one. */
  licence?: TTrackerLicence;
  onDone: (saved: TTrackerLicence | null) => void;
}) {
  const id = useId();
  const states = useStates();
  const add = useAddLicence();
  const update = useUpdateLicence();
  const save = licence ? update : add;
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(ZTrackerLicenceInput),
    // The first thing to correct may be a question of the rule, not a field of the form (onInvalid).
    shouldFocusError: false,
    defaultValues: {
      state: licence?.state ?? '',
      licenceType: (licence?.licenceType as TIn['licenceType']) ?? 'dentist',
      licenceNumber: licence?.licenceNumber ?? '',
      periodStart: licence?.periodStart ?? '',
      periodEnd: licence?.periodEnd ?? '',
      carryOverHours: licence?.carryOverHours ?? 0,
      holdsDea: licence?.holdsDea ?? false,
      issuedOn: licence?.issuedOn ?? '',
      birthMonth: text(licence?.birthMonth),
      birthYear: text(licence?.birthYear),
      permits: (licence?.permits ?? []) as TIn['permits'],
      requiredHours: text(licence?.requiredHours),
    },
  });
  const errors = form.formState.errors;
  const [renewalYear, setRenewalYear] = useState('');
  const [renewalDate, setRenewalDate] = useState('');
  // The member typed dates of their own: proposals no longer replace them.
  const [manual, setManual] = useState(false);
  const [datesOpen, setDatesOpen] = useState(false);
  // Saved before the rule's questions were answered: the first question says so.
  const [askNeeded, setAskNeeded] = useState(false);
  const watched = useWatch({ control: form.control });
  const answers = {
    state: watched.state ?? '',
    licenceType: watched.licenceType ?? '',
    birthMonth: text(watched.birthMonth as string | undefined),
    birthYear: text(watched.birthYear as string | undefined),
    renewalYear,
    renewalDate,
    issueDate: text(watched.issuedOn as string | undefined),
  };
  const proposal = useProposal(answers);
  const plan = proposal.data;
  const asks = plan?.asks ?? [];
  const questions = plan?.questions;
  // A licence being edited keeps its dates until an answer that decides them changes.
  const answerKey = JSON.stringify([
    answers.state,
    answers.licenceType,
    answers.birthMonth,
    answers.birthYear,
    renewalYear,
    renewalDate,
    answers.issueDate,
  ]);
  const firstKey = useRef(answerKey);
  const proposed = plan?.period ?? null;
  useEffect(() => {
    if (!proposed || manual) return;
    if (licence && answerKey === firstKey.current) return;
    form.setValue('periodStart', proposed.start);
    form.setValue('periodEnd', proposed.end);
    // The proposal filled the dates: an "Enter a date." from an earlier try no longer holds.
    form.clearErrors(['periodStart', 'periodEnd']);
    setAskNeeded(false);
  }, [proposed?.start, proposed?.end]); // eslint-disable-line react-hooks/exhaustive-deps

  const periodStart = watched.periodStart ?? '';
  const periodEnd = watched.periodEnd ?? '';
  const datesWrong = Boolean(errors.periodStart || errors.periodEnd) && (manual || asks.length === 0);
  const noRule = Boolean(plan && !plan.rule);
  // Open where the dates need the member: a date to correct, or no rule to propose them.
  const datesShown = datesOpen || datesWrong || noRule;
  const onSubmit = form.handleSubmit(
    (values) =>
      licence
        ? update.mutate({ id: licence.id, input: values }, { onSuccess: (r) => onDone(r.licence) })
        : add.mutate(values, { onSuccess: (r) => onDone(r.licence) }),
    (invalid) => {
      const periodMissing = Boolean(invalid.periodStart || invalid.periodEnd);
      if (periodMissing && asks.length > 0 && !manual && !invalid.state && !invalid.licenceNumber) {
        // The dates come from the rule's questions: the first one is what to answer.
        setAskNeeded(true);
        document.getElementById(`${id}-${asks[0]}`)?.focus();
        return;
      }
      const fields = [
        'state',
        'licenceNumber',
        'birthYear',
        'issuedOn',
        'requiredHours',
        'periodStart',
        'periodEnd',
        'carryOverHours',
      ] as const;
      const first = fields.find((name) => invalid[name]);
      if (first) form.setFocus(first);
    },
  );
  const askError = askNeeded && !proposed ? T.Q_NEEDED : null;
  /** Ties the first question to its error when the form was saved before it was answered. */
  const described = (question: string, hint?: string) => {
    const wrong = askError !== null && asks[0] === question;
    const ids = [hint, wrong ? `${id}-ask-error` : undefined].filter(Boolean).join(' ');
    return { 'aria-invalid': wrong ? true : undefined, 'aria-describedby': ids || undefined };
  };
  const askMessage = (question: string) =>
    askError && asks[0] === question ? (
      <span id={`${id}-ask-error`} className="field-error">
        {askError}
      </span>
    ) : null;
  const title = licence ? T.EDIT_LICENCE : T.ADD_LICENCE;
  const hasQuestions =
    asks.length > 0 ||
    Boolean(
      questions &&
      (questions.dea || questions.permits.length || questions.issuedOn || questions.requiredHours),
    );
  const askIssued = asks.includes('issue_date') || Boolean(questions?.issuedOn);
  return (
    <form className="card tracker-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={title}>
      <h2>{title}</h2>
      {save.isError && <Alert>{save.error.message}</Alert>}
      <div className="tracker-form-row">
        <div className="field">
          <label htmlFor={`${id}-state`}>{T.STATE}</label>
          <select
            id={`${id}-state`}
            {...form.register('state')}
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? `${id}-state-error` : undefined}
          >
            <option value="">{T.CHOOSE}</option>
            {(states.data?.states ?? []).map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {errors.state && (
            <span id={`${id}-state-error`} className="field-error">
              {errors.state.message}
            </span>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{T.LICENCE_TYPE}</label>
          <select id={`${id}-type`} {...form.register('licenceType')}>
            {TRACKER_LICENCE_TYPES.map((t) => (
              <option key={t} value={t}>
                {LICENCE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField
        id={`${id}-number`}
        label={T.LICENCE_NUMBER}
        registration={form.register('licenceNumber')}
        error={errors.licenceNumber?.message}
        autoComplete="off"
      />

      {hasQuestions && (
        <fieldset className="tracker-questions">
          <legend>{T.QUESTIONS}</legend>
          {asks.includes('birth_month') && (
            <div className="field">
              <label htmlFor={`${id}-birth_month`}>{T.BIRTH_MONTH}</label>
              <select id={`${id}-birth_month`} {...form.register('birthMonth')} {...described('birth_month')}>
                <option value="">{T.CHOOSE}</option>
                {MONTHS.map((m, i) => (
                  <option key={m} value={String(i + 1)}>
                    {m}
                  </option>
                ))}
              </select>
              {askMessage('birth_month')}
            </div>
          )}
          {asks.includes('birth_year') && (
            <div className="field">
              <label htmlFor={`${id}-birth_year`}>{T.Q_BIRTH_YEAR}</label>
              <input
                id={`${id}-birth_year`}
                inputMode="numeric"
                maxLength={4}
                autoComplete="bday-year"
                {...form.register('birthYear')}
                {...(errors.birthYear
                  ? { 'aria-invalid': true, 'aria-describedby': `${id}-birth-year-error` }
                  : described('birth_year'))}
              />
              {askMessage('birth_year')}
              {errors.birthYear && (
                <span id={`${id}-birth-year-error`} className="field-error">
                  {errors.birthYear.message}
                </span>
              )}
            </div>
          )}
          {asks.includes('renewal_year') && (
            <div className="field">
              <label htmlFor={`${id}-renewal_year`}>{T.Q_RENEWAL_YEAR}</label>
              <select
                id={`${id}-renewal_year`}
                value={renewalYear}
                onChange={(e) => setRenewalYear(e.target.value)}
                {...described('renewal_year', plan?.hint ? `${id}-year-hint` : undefined)}
              >
                <option value="">{T.CHOOSE}</option>
                {(plan?.renewalYears ?? []).map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
              {askMessage('renewal_year')}
              {plan?.hint && (
                <span id={`${id}-year-hint`} className="field-hint">
                  {fill(T.Q_RULE_SAYS, { text: plan.hint })}
                </span>
              )}
            </div>
          )}
          {asks.includes('renewal_date') && (
            <div className="field">
              <label htmlFor={`${id}-renewal_date`}>{T.Q_RENEWAL_DATE}</label>
              <input
                id={`${id}-renewal_date`}
                type="date"
                value={renewalDate}
                onChange={(e) => setRenewalDate(e.target.value)}
                {...described('renewal_date', `${id}-renewal-date-hint`)}
              />
              {askMessage('renewal_date')}
              <span id={`${id}-renewal-date-hint`} className="field-hint">
                {T.Q_RENEWAL_DATE_HINT} {plan?.hint ? fill(T.Q_RULE_SAYS, { text: plan.hint }) : ''}
              </span>
            </div>
          )}
          {askIssued && (
            <div className="field">
              <label htmlFor={`${id}-issue_date`}>{T.Q_ISSUED_ON}</label>
              <input
                id={`${id}-issue_date`}
                type="date"
                {...form.register('issuedOn')}
                {...(errors.issuedOn
                  ? { 'aria-invalid': true, 'aria-describedby': `${id}-issued-hint ${id}-issued-error` }
                  : described('issue_date', `${id}-issued-hint`))}
              />
              {askMessage('issue_date')}
              <span id={`${id}-issued-hint`} className="field-hint">
                {T.Q_ISSUED_ON_HINT}
              </span>
              {errors.issuedOn && (
                <span id={`${id}-issued-error`} className="field-error">
                  {errors.issuedOn.message}
                </span>
              )}
            </div>
          )}
          {questions?.requiredHours && (
            <div className="field">
              <label htmlFor={`${id}-required`}>{T.Q_REQUIRED_HOURS}</label>
              <input
                id={`${id}-required`}
                type="number"
                min={0}
                step="0.5"
                inputMode="decimal"
                {...form.register('requiredHours')}
                aria-invalid={errors.requiredHours ? true : undefined}
                aria-describedby={`${id}-required-hint${errors.requiredHours ? ` ${id}-required-error` : ''}`}
              />
              <span id={`${id}-required-hint`} className="field-hint">
                {T.Q_REQUIRED_HOURS_HINT}
              </span>
              {errors.requiredHours && (
                <span id={`${id}-required-error`} className="field-error">
                  {errors.requiredHours.message}
                </span>
              )}
            </div>
          )}
          {questions?.dea && (
            <div className="check">
              <input id={`${id}-dea`} type="checkbox" {...form.register('holdsDea')} />
              <label htmlFor={`${id}-dea`}>{T.HOLDS_DEA}</label>
            </div>
          )}
          {questions?.permits.map((p) => (
            <div className="check" key={p}>
              <input id={`${id}-permit-${p}`} type="checkbox" value={p} {...form.register('permits')} />
              <label htmlFor={`${id}-permit-${p}`}>{PERMIT_LABELS[p] ?? p}</label>
            </div>
          ))}
        </fieldset>
      )}

      {answers.state && (
        <p className="tracker-period-line" aria-live="polite">
          {proposed && periodStart === proposed.start && periodEnd === proposed.end
            ? fill(plan?.basis === 'rule' ? T.PERIOD_FROM_RULE : T.PERIOD_FROM_ANSWER, {
                start: day(proposed.start),
                end: day(proposed.end),
              })
            : periodStart && periodEnd
              ? fill(T.PERIOD_FROM_ANSWER, { start: day(periodStart), end: day(periodEnd) })
              : plan?.rule
                ? T.PERIOD_OPEN
                : ''}
        </p>
      )}
      <details
        className="tracker-disclosure"
        open={datesShown}
        onToggle={(e) => setDatesOpen(e.currentTarget.open)}
      >
        <summary>{T.PERIOD_OWN_DATES}</summary>
        <div className="tracker-form-row">
          <TextField
            id={`${id}-start`}
            type="date"
            label={T.PERIOD_START}
            registration={form.register('periodStart', { onChange: () => setManual(true) })}
            error={errors.periodStart?.message}
          />
          <TextField
            id={`${id}-end`}
            type="date"
            label={T.PERIOD_END}
            registration={form.register('periodEnd', { onChange: () => setManual(true) })}
            error={errors.periodEnd?.message}
          />
        </div>
        <TextField
          id={`${id}-carry`}
          type="number"
          step="0.5"
          min={0}
          label={T.CARRY_OVER}
          registration={form.register('carryOverHours')}
          error={errors.carryOverHours?.message}
        />
      </details>
      <p className="tracker-muted">{T.BOARD_NOTE}</p>
      <div className="tracker-actions">
        <Button type="submit" disabled={save.isPending}>
          {licence ? T.SAVE_CHANGES : T.SAVE_LICENCE}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {T.CANCEL}
        </Button>
      </div>
    </form>
  );
}
