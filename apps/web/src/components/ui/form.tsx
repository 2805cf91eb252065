import { Texts } from '@opence/shared';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../lib/api-client.ts';
import { Button } from './button.tsx';

/*
 * The form kit's submit and refusals (decision 0011). A form validates with its shared zod schema
 * (react-hook-form focuses the first invalid field); a refusal from the server marks the fields
 * it names, and the first of them on screen gets the focus.
 */

/** The submit button: disabled and saying so while the form's call is on its way. */
export function SubmitButton({
  isPending,
  pendingLabel,
  children,
  disabled,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  isPending: boolean;
  pendingLabel: ReactNode;
  variant?: 'primary' | 'secondary' | 'danger';
}) {
  return (
    <Button type="submit" disabled={isPending || disabled} {...props}>
      {isPending ? pendingLabel : children}
    </Button>
  );
}

/**
 * A refusal of a form's call, as field errors (the server names each field, 03 §2) and one
 * message for the form: "correct the errors" when it named fields, else its own text.
 */
export function serverFormErrors(error: unknown, fallback: string = Texts.SERVICE_ERROR) {
  const fields: Record<string, string> = {};
  if (error instanceof ApiRequestError && error.body) {
    const body = error.body as { fields?: Record<string, string>; msg?: string; errorMsg?: string };
    if (body.fields) Object.assign(fields, body.fields);
    else if (error.field && (body.errorMsg ?? body.msg)) fields[error.field] = (body.errorMsg ?? body.msg)!;
  }
  const hasFields = Object.keys(fields).length > 0;
  const message = hasFields
    ? Texts.CORRECT_ERRORS
    : error instanceof ApiRequestError && error.status > 0
      ? error.message || fallback
      : fallback;
  return { fields, message };
}

/**
 * Focuses the first control marked invalid in `form`, in screen order, once React has drawn the
 * errors. React may draw them after the next task on a busy device (its scheduler and timers
 * race), so it looks again each task for a while instead of giving up after one.
 */
export function focusFirstInvalid(form: HTMLElement | null | undefined, tries = 40): void {
  setTimeout(() => {
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else if (tries > 1) focusFirstInvalid(form, tries - 1);
  }, 0);
}

/**
 * Marks the fields a refusal names among `known` (all when none given) and focuses the first
 * of them; answers the form's message and how many fields it marked.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  options: { form?: HTMLElement | null; known?: readonly string[]; fallback?: string } = {},
): { message: string; marked: number; other: number } {
  const { fields, message } = serverFormErrors(error, options.fallback);
  const isKnown = (name: string) =>
    !options.known || options.known.some((k) => name === k || name.startsWith(`${k}.`));
  const named = Object.entries(fields).filter(([name]) => isKnown(name));
  for (const [name, text] of named) setError(name as Path<T>, { type: 'server', message: text });
  if (named.length) focusFirstInvalid(options.form);
  return { message, marked: named.length, other: Object.keys(fields).length - named.length };
}
