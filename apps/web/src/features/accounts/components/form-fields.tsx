import { useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/*
 * Labelled form fields: every input has a label, and its error (or hint) is linked with
 * aria-describedby so a screen reader reads it with the field.
 */

type TFieldBase = {
  id: string;
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: ReactNode;
};

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

function Messages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  if (error) {
    return (
      <span id={`${id}-error`} className="field-error">
        {error}
      </span>
    );
  }
  return hint ? (
    <span id={`${id}-hint`} className="field-hint">
      {hint}
    </span>
  ) : null;
}

export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  ...input
}: TFieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...input}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      />
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * A password input with a show/hide toggle (issue 28): what was typed can be checked before it
 * is sent. Hidden on every first render, so the server's screen and the browser's agree (0830).
 */
export function PasswordField({
  id,
  label,
  registration,
  error,
  hint,
  ...input
}: TFieldBase & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'>) {
  const [isShown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          {...input}
          {...registration}
          type={isShown ? 'text' : 'password'}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
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
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export type TOption = { value: string; label: string };

export function SelectField({
  id,
  label,
  registration,
  error,
  hint,
  options,
  placeholder = 'Select…',
  ...select
}: TFieldBase & { options: TOption[]; placeholder?: string } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'name'
  >) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        {...select}
        {...registration}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Messages id={id} error={error} hint={hint} />
    </div>
  );
}

export function CheckboxField({ id, label, registration, error }: Omit<TFieldBase, 'hint'>) {
  return (
    <div className="field">
      <div className="check">
        <input
          id={id}
          type="checkbox"
          {...registration}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <Messages id={id} error={error} />
    </div>
  );
}
