import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { FieldErrors, FieldValues, UseFormRegisterReturn } from 'react-hook-form';

/*
 * The form kit (decision 0011): every control has a label, and its hint and error are tied to it
 * with aria-describedby (and aria-invalid), so a screen reader reads them with the field. The
 * hint stays while an error shows: it usually says how to put the error right.
 */

/** The id of a field named by its path in a form's values (a list row's: `questions.0.text`). */
export const fieldId = (name: string) => `f-${name.replaceAll('.', '-')}`;

/** The ids that tie a field's label, hint and error to its control. */
export function fieldIds(id: string) {
  return { id, label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error` };
}

export type TDescribedBy = { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };

/** aria-describedby and aria-invalid of a control with its hint, its error and any other notes. */
export function describedBy(
  id: string,
  hint: ReactNode | undefined,
  error: string | undefined,
  ...notes: (string | undefined)[]
): TDescribedBy {
  const ids = fieldIds(id);
  const parts = [hint ? ids.hint : undefined, error ? ids.error : undefined, ...notes].filter(Boolean);
  return {
    'aria-describedby': parts.length ? parts.join(' ') : undefined,
    'aria-invalid': error ? true : undefined,
  };
}

/** The first message among a field's errors, nested ones (list rows) included. */
export function messageOf(errors: FieldErrors<FieldValues> | undefined, name: string): string | undefined {
  const found = name
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], errors);
  return firstMessage(found);
}

function firstMessage(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'type') continue;
    const inner = firstMessage(child);
    if (inner) return inner;
  }
  return undefined;
}

/** A field's hint and error, under its control, with the ids its aria-describedby names. */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  const ids = fieldIds(id);
  return (
    <>
      {hint && (
        <span id={ids.hint} className="field-hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={ids.error} className="field-error">
          {error}
        </span>
      )}
    </>
  );
}

export type TFieldFrame = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
};

/** A field's frame: label (or a labelling span), the control, its hint and its error. */
export function Field({
  id,
  label,
  hint,
  error,
  isLabelFor = true,
  children,
}: TFieldFrame & {
  /** False for controls a <label> cannot point at (rich text, groups): they use aria-labelledby. */
  isLabelFor?: boolean;
  children: ReactNode;
}) {
  const ids = fieldIds(id);
  return (
    <div className="field">
      {isLabelFor ? (
        <label id={ids.label} htmlFor={id}>
          {label}
        </label>
      ) : (
        <span id={ids.label} className="field-label">
          {label}
        </span>
      )}
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A control of the kit: registered with react-hook-form, or driven by value and onChange. */
type TControl<TAttributes> = TFieldFrame & {
  registration?: UseFormRegisterReturn;
} & Omit<TAttributes, 'id' | 'name'>;

export function TextField({
  id,
  label,
  hint,
  error,
  registration,
  ...input
}: TControl<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input id={id} {...input} {...registration} {...describedBy(id, hint, error)} />
    </Field>
  );
}

/** A day (YYYY-MM-DD) with the browser's date picker. */
export function DateField(props: Omit<TControl<InputHTMLAttributes<HTMLInputElement>>, 'type'>) {
  return <TextField {...props} type="date" />;
}

export function TextAreaField({
  id,
  label,
  hint,
  error,
  registration,
  ...textarea
}: TControl<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <textarea id={id} {...textarea} {...registration} {...describedBy(id, hint, error)} />
    </Field>
  );
}

/**
 * A password with a show/hide toggle (issue 28): what was typed can be checked before it is
 * sent. Hidden on every first render, so the server's screen and the browser's agree (0830).
 */
export function PasswordField({
  id,
  label,
  hint,
  error,
  registration,
  ...input
}: Omit<TControl<InputHTMLAttributes<HTMLInputElement>>, 'type'>) {
  const [isShown, setShown] = useState(false);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="password-input">
        <input
          id={id}
          {...input}
          {...registration}
          type={isShown ? 'text' : 'password'}
          autoCapitalize="none"
          spellCheck={false}
          {...describedBy(id, hint, error)}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={id}
          aria-pressed={isShown}
          onClick={() => setShown((shown) => !shown)}
        >
          {isShown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label}</span>
        </button>
      </div>
    </Field>
  );
}

export type TOption = { value: string; label: string };

const asOption = (option: string | TOption): TOption =>
  typeof option === 'string' ? { value: option, label: option } : option;

export function SelectField({
  id,
  label,
  hint,
  error,
  registration,
  options,
  placeholder = 'Select…',
  ...select
}: TControl<SelectHTMLAttributes<HTMLSelectElement>> & {
  options: readonly (string | TOption)[];
  /** The empty first choice; null for none (a select that always has a value). */
  placeholder?: string | null;
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} {...select} {...registration} {...describedBy(id, hint, error)}>
        {placeholder !== null && <option value="">{placeholder}</option>}
        {options.map(asOption).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox with its label beside it; its hint and error below, tied to it. */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  registration,
  ...input
}: Omit<TControl<InputHTMLAttributes<HTMLInputElement>>, 'type'>) {
  return (
    <div className="field">
      <div className="check">
        <input id={id} type="checkbox" {...input} {...registration} {...describedBy(id, hint, error)} />
        <label id={fieldIds(id).label} htmlFor={id}>
          {label}
        </label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
