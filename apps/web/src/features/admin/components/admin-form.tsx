import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { fieldsSchema, type TAdminField, type TAdminForm, type TAdminValues } from '@opence/shared/schemas';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { Alert } from '../../../components/ui/feedback.tsx';
import { applyServerErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { FieldInput } from './field-input.tsx';

/*
 * A form drawn from field definitions (admin.fields.ts) and validated with the schema built
 * from them, the same one the server applies. A refusal from the server marks the fields it
 * names; the first invalid field gets the focus.
 */

/** The values of a new row: each field's default, or empty. */
export function blankValues(form: TAdminForm): TAdminValues {
  const values: TAdminValues = {};
  for (const f of form.fields) {
    values[f.name] =
      f.defaultValue ??
      (['refs', 'mediaList', 'links', 'tags'].includes(f.kind) ? [] : f.kind === 'checkbox' ? false : '');
  }
  return values;
}

/** Groups fields under their headings, in the order they come. */
function groups(fields: readonly TAdminField[]): [string, TAdminField[]][] {
  const out: [string, TAdminField[]][] = [];
  for (const f of fields) {
    const name = f.group ?? '';
    const last = out[out.length - 1];
    if (last && last[0] === name) last[1].push(f);
    else out.push([name, [f]]);
  }
  return out;
}

export function AdminForm({
  form,
  values,
  onSubmit,
  submitLabel = 'Save',
  readOnlyFields = [],
  footer,
}: {
  form: TAdminForm;
  values: TAdminValues;
  /** Saves; resolves with the saved values, which the form then shows. */
  onSubmit: (values: TAdminValues) => Promise<TAdminValues | void>;
  submitLabel?: string;
  readOnlyFields?: string[];
  footer?: ReactNode;
}) {
  const schema = useMemo(() => fieldsSchema(form), [form]);
  const { control, register, handleSubmit, setError, reset, formState } = useForm<FieldValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
    defaultValues: values,
  });
  const watched = useWatch({ control });
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const submit = handleSubmit(
    async (parsed, event) => {
      setOutcome(null);
      try {
        const saved = await onSubmit(parsed);
        if (saved) reset(saved);
        setOutcome({ kind: 'success', text: 'Saved.' });
      } catch (error) {
        const known = form.fields.map((f) => f.name);
        const { marked } = applyServerErrors(error, setError, {
          form: event?.target as HTMLFormElement | undefined,
          known,
        });
        const text = error instanceof Error ? error.message : Texts.GENERIC_ERROR;
        setOutcome({ kind: 'error', text: marked ? Texts.CORRECT_ERRORS : text });
      }
    },
    () => setOutcome({ kind: 'error', text: Texts.CORRECT_ERRORS }),
  );

  const isShown = (f: TAdminField) =>
    !f.showWhen ||
    f.showWhen.values.map(String).includes(String((watched as TAdminValues)[f.showWhen.field] ?? ''));

  return (
    <form className="admin-form" noValidate onSubmit={(e) => void submit(e)}>
      {groups(form.fields).map(([title, fields]) => {
        const shown = fields.filter(isShown);
        if (shown.length === 0) return null;
        const inputs = shown.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            control={control}
            register={register}
            errors={formState.errors}
            isReadOnly={readOnlyFields.includes(f.name)}
          />
        ));
        return title ? (
          <fieldset key={title} className="admin-fieldset">
            <legend>{title}</legend>
            {inputs}
          </fieldset>
        ) : (
          <div key="fields">{inputs}</div>
        );
      })}
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <div className="admin-form-actions">
        <SubmitButton isPending={formState.isSubmitting} pendingLabel="Saving…">
          {submitLabel}
        </SubmitButton>
        {footer}
      </div>
    </form>
  );
}
