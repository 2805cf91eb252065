import { zodResolver } from '@hookform/resolvers/zod';
import { TRACKER_LICENCE_TYPES, TrackerTexts as T } from '@opence/shared';
import { ZTrackerLicenceInput } from '@opence/shared/schemas';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { InputField } from '../../../components/ui/form-field.tsx';
import { useAddLicence, useProposal, useStates } from '../api/tracker-api.ts';
import { LICENCE_TYPE_LABELS, RuleProvenance } from './standing-card.tsx';

type TIn = z.input<typeof ZTrackerLicenceInput>;
type TOut = z.output<typeof ZTrackerLicenceInput>;

/** Adds a licence: the period is proposed from the state's cycle rule and can be corrected. */
export function LicenceForm({ onDone }: { onDone: () => void }) {
  const states = useStates();
  const add = useAddLicence();
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(ZTrackerLicenceInput),
    defaultValues: {
      state: '',
      licenceType: 'dentist',
      licenceNumber: '',
      periodStart: '',
      periodEnd: '',
      carryOverHours: 0,
      holdsDea: false,
    },
  });
  const errors = form.formState.errors;
  const [birthMonth, setBirthMonth] = useState('');
  const [issueDate, setIssueDate] = useState('');
  const state = useWatch({ control: form.control, name: 'state' });
  const licenceType = useWatch({ control: form.control, name: 'licenceType' });
  const proposal = useProposal({ state, licenceType, birthMonth, issueDate });
  const proposed = proposal.data?.period;
  useEffect(() => {
    if (!proposed) return;
    form.setValue('periodStart', proposed.start);
    form.setValue('periodEnd', proposed.end);
  }, [proposed?.start, proposed?.end]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = form.handleSubmit((values) => add.mutate(values, { onSuccess: onDone }));
  return (
    <form
      className="card tracker-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={T.ADD_LICENCE}
    >
      <h2>{T.ADD_LICENCE}</h2>
      {add.isError && <Alert>{add.error.message}</Alert>}
      <div className="field">
        <label htmlFor="tracker-state">{T.STATE}</label>
        <select
          id="tracker-state"
          {...form.register('state')}
          aria-invalid={errors.state ? true : undefined}
          aria-describedby={errors.state ? 'tracker-state-error' : undefined}
        >
          <option value="">—</option>
          {(states.data?.states ?? []).map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        {errors.state && (
          <span id="tracker-state-error" className="field-error">
            {errors.state.message}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="tracker-type">{T.LICENCE_TYPE}</label>
        <select id="tracker-type" {...form.register('licenceType')}>
          {TRACKER_LICENCE_TYPES.map((t) => (
            <option key={t} value={t}>
              {LICENCE_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <InputField
        id="tracker-number"
        label={T.LICENCE_NUMBER}
        registration={form.register('licenceNumber')}
        error={errors.licenceNumber?.message}
      />
      {proposal.data?.needs === 'birth_month' && (
        <div className="field">
          <label htmlFor="tracker-birth-month">{T.BIRTH_MONTH}</label>
          <input
            id="tracker-birth-month"
            type="number"
            min={1}
            max={12}
            value={birthMonth}
            onChange={(e) => setBirthMonth(e.target.value)}
          />
        </div>
      )}
      {proposal.data?.needs === 'issue_date' && (
        <div className="field">
          <label htmlFor="tracker-issue-date">{T.ISSUE_DATE}</label>
          <input
            id="tracker-issue-date"
            type="date"
            value={issueDate}
            onChange={(e) => setIssueDate(e.target.value)}
          />
        </div>
      )}
      <InputField
        id="tracker-start"
        type="date"
        label={T.PERIOD_START}
        registration={form.register('periodStart')}
        error={errors.periodStart?.message}
      />
      <InputField
        id="tracker-end"
        type="date"
        label={T.PERIOD_END}
        registration={form.register('periodEnd')}
        error={errors.periodEnd?.message}
      />
      {proposed && <p className="tracker-note">{T.PERIOD_PROPOSED}</p>}
      <InputField
        id="tracker-carry"
        type="number"
        step="0.5"
        min={0}
        label={T.CARRY_OVER}
        registration={form.register('carryOverHours')}
        error={errors.carryOverHours?.message}
      />
      <div className="check">
        <input id="tracker-dea" type="checkbox" {...form.register('holdsDea')} />
        <label htmlFor="tracker-dea">{T.HOLDS_DEA}</label>
      </div>
      {proposal.data && <RuleProvenance rule={proposal.data.rule} />}
      <div className="tracker-actions">
        <Button type="submit" disabled={add.isPending}>
          {T.SAVE_LICENCE}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {T.CANCEL}
        </Button>
      </div>
    </form>
  );
}
