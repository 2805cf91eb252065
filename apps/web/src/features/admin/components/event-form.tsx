import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { EVENT_FORM, ZCreateEventRequest, type TAdminField, type TAdminValues } from '@opence/shared/schemas';
import { useState } from 'react';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { Alert } from '../../../components/ui/feedback.tsx';
import { blankValues } from './admin-form.tsx';
import { describedBy, Field, fieldId, fieldIds, messageOf } from '../../../components/ui/field.tsx';
import { applyServerErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { FieldInput } from './field-input.tsx';

/*
 * The in-person event form (issue 25): the fields of EVENT_FORM drawn like every console form,
 * and the event's topics as checkboxes of the controlled list; validated with the schema the
 * server applies (ZCreateEventRequest). A refusal from the server marks the field it names.
 */

export type TTopicOption = { code: string; label: string };

/** The fields a refusal may name: the form's and the topics. */
const EVENT_NAMES = ['topics', ...EVENT_FORM.fields.map((f) => f.name)];

/** The fields under their headings, in order. */
function groups(fields: readonly TAdminField[]): [string, TAdminField[]][] {
  const out: [string, TAdminField[]][] = [];
  for (const f of fields) {
    const last = out[out.length - 1];
    if (last && last[0] === (f.group ?? '')) last[1].push(f);
    else out.push([f.group ?? '', [f]]);
  }
  return out;
}

/** A new event's values: the form's defaults, no topics. */
export const blankEvent = (): TAdminValues => Object.assign(blankValues(EVENT_FORM), { topics: [] });

export function EventForm({
  values,
  topicOptions,
  submitLabel,
  onSubmit,
}: {
  values: TAdminValues;
  topicOptions: readonly TTopicOption[];
  submitLabel: string;
  /** Saves; resolves with the saved values, which the form then shows. */
  onSubmit: (values: TAdminValues) => Promise<TAdminValues | void>;
}) {
  const { control, register, handleSubmit, setError, reset, formState } = useForm<FieldValues>({
    resolver: zodResolver(ZCreateEventRequest) as unknown as Resolver<FieldValues>,
    defaultValues: values,
  });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const topicsError = messageOf(formState.errors, 'topics');
  const topicIds = fieldIds(fieldId('topics'));

  const submit = handleSubmit(
    async (parsed, event) => {
      setOutcome(null);
      try {
        const saved = await onSubmit(parsed);
        if (saved) reset(saved);
        setOutcome({ kind: 'success', text: 'Saved.' });
      } catch (error) {
        const { marked } = applyServerErrors(error, setError, {
          form: event?.target as HTMLFormElement | undefined,
          known: EVENT_NAMES,
        });
        const text = error instanceof Error ? error.message : Texts.GENERIC_ERROR;
        setOutcome({ kind: 'error', text: marked ? Texts.CORRECT_ERRORS : text });
      }
    },
    () => setOutcome({ kind: 'error', text: Texts.CORRECT_ERRORS }),
  );

  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
      {groups(EVENT_FORM.fields).map(([title, fields]) => (
        <fieldset key={title} className="admin-fieldset">
          <legend>{title}</legend>
          {fields.map((f) => (
            <FieldInput
              key={f.name}
              field={f}
              control={control}
              register={register}
              errors={formState.errors}
            />
          ))}
          {title === 'Credit' && (
            <Field
              id={topicIds.id}
              label="Topics"
              hint="The tracker counts the event toward these topics."
              error={topicsError}
              isLabelFor={false}
            >
              <Controller
                name="topics"
                control={control}
                render={({ field }) => {
                  const chosen = Array.isArray(field.value) ? (field.value as string[]) : [];
                  const toggle = (code: string, on: boolean) =>
                    field.onChange(on ? [...chosen, code] : chosen.filter((c) => c !== code));
                  return (
                    <div
                      className="check-group"
                      role="group"
                      aria-labelledby={topicIds.label}
                      {...describedBy(topicIds.id, 'hint', topicsError)}
                    >
                      {topicOptions.map((o, i) => (
                        <label key={o.code} className="check">
                          <input
                            ref={i === 0 ? field.ref : undefined}
                            type="checkbox"
                            checked={chosen.includes(o.code)}
                            onChange={(e) => toggle(o.code, e.target.checked)}
                          />
                          {o.label}
                        </label>
                      ))}
                    </div>
                  );
                }}
              />
            </Field>
          )}
        </fieldset>
      ))}
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <div className="admin-form-actions">
        <SubmitButton isPending={formState.isSubmitting} pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
