import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/*
 * Labelled form fields for react-hook-form: each has a label, and its error is tied to it with
 * aria-describedby and aria-invalid so a screen reader reads the message with the field.
 */

type TField = { id: string; label: ReactNode; registration: UseFormRegisterReturn; error?: string };

const errorId = (id: string) => `${id}-error`;
const a11y = (id: string, error?: string) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? errorId(id) : undefined,
});

function FieldFrame({ id, label, error, children }: Omit<TField, 'registration'> & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <span id={errorId(id)} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

export function InputField({
  id,
  label,
  registration,
  error,
  ...input
}: TField & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <input id={id} {...input} {...registration} {...a11y(id, error)} />
    </FieldFrame>
  );
}

export function SelectInputField({
  id,
  label,
  registration,
  error,
  options,
  placeholder,
  ...select
}: TField & { options: readonly string[]; placeholder: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'name'
  >) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select id={id} {...select} {...registration} {...a11y(id, error)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  id,
  label,
  registration,
  error,
  ...textarea
}: TField & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'>) {
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea id={id} {...textarea} {...registration} {...a11y(id, error)} />
    </FieldFrame>
  );
}
