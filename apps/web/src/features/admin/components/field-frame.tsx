import type { ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

/** The ids that tie a field's label, hint and error together. */
export function fieldIds(name: string) {
  const id = `f-${name.replaceAll('.', '-')}`;
  return { id, label: `${id}-label`, hint: `${id}-hint`, error: `${id}-error` };
}

export type TDescribedBy = { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };

/** aria-describedby and aria-invalid of an input with its hint and error. */
export function describedBy(name: string, hint: string | undefined, error: string | undefined): TDescribedBy {
  const ids = fieldIds(name);
  const parts = [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean);
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
  name,
  hint,
  error,
}: {
  name: string;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  const ids = fieldIds(name);
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

/** A field's frame: label (or a labelling span), the control, its hint and its error. */
export function FieldFrame({
  name,
  label,
  hint,
  error,
  isLabelFor = true,
  children,
}: {
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** False for controls a <label> cannot point at (rich text, groups): they use aria-labelledby. */
  isLabelFor?: boolean;
  children: ReactNode;
}) {
  const ids = fieldIds(name);
  return (
    <div className="field">
      {isLabelFor ? (
        <label id={ids.label} htmlFor={ids.id}>
          {label}
        </label>
      ) : (
        <span id={ids.label} className="field-label">
          {label}
        </span>
      )}
      {children}
      <FieldNotes name={name} hint={hint} error={error} />
    </div>
  );
}
