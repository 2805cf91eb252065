import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { EVENT_FORM, ZCreateEventRequest, type TAdminField, type TAdminValues } from '@opence/shared/schemas';
import { useState } from 'react';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { blankValues } from './admin-form.tsx';
import { describedBy, FieldFrame, fieldIds, messageOf } from './field-frame.tsx';
import { FieldInput } from './field-input.tsx';

/*
 * The in-person event form (issue 25): the fields of EVENT_FORM drawn like every console form,
 * and the event's topics as checkboxes of the controlled list; validated with the schema the
 * server applies (ZCreateEventRequest). A refusal from the server marks the field it names.
 */

export type TTopicOption = { code: string; label: string };

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
  const topicIds = fieldIds('topics');

  const submit = handleSubmit(
    async (parsed) => {
      setOutcome(null);
      try {
        const saved = await onSubmit(parsed);
        if (saved) reset(saved);
        setOutcome({ kind: 'success', text: 'Saved.' });
      } catch (error) {
        const api = error instanceof ApiRequestError ? error : null;
        const fields = (api?.body?.fields as Record<string, string> | undefined) ?? {};
        const named = Object.entries(api?.field ? { [api.field]: api.message, ...fields } : fields).filter(
          ([name]) => name === 'topics' || EVENT_FORM.fields.some((f) => f.name === name),
        );
        for (const [name, message] of named) {
          setError(name, { message: message.replace(/^[\w.]+: /, '') }, { shouldFocus: true });
        }
        const text = error instanceof Error ? error.message : Texts.GENERIC_ERROR;
        setOutcome({ kind: 'error', text: named.length ? Texts.CORRECT_ERRORS : text });
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
            <FieldFrame
              name="topics"
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
                      {...describedBy('topics', 'hint', topicsError)}
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
            </FieldFrame>
          )}
        </fieldset>
      ))}
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <div className="admin-form-actions">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
