import { zodResolver } from '@hookform/resolvers/zod';
import { OfficeTexts as T } from '@opence/shared';
import {
  ZOfficeAssignInput,
  ZOfficeInput,
  ZOfficeInviteInput,
  type TOfficeBoardPerson,
} from '@opence/shared/schemas';
import { useId, useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/feedback.tsx';
import { DateField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { applyServerErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { useAssign, useCreateOffice, useInvite } from '../api/offices-api.ts';

/* The office screen's forms (issue 43): create an office, invite a colleague, assign a course. */

/** The form a submit came from: its first refused field gets the focus. */
export const formOf = (event?: BaseSyntheticEvent) => event?.target as HTMLFormElement | undefined;

export function CreateOfficeForm() {
  const id = useId();
  const create = useCreateOffice();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZOfficeInput>, unknown, z.output<typeof ZOfficeInput>>({
    resolver: zodResolver(ZOfficeInput),
    defaultValues: { name: '', address: '', state: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input, event) =>
    create.mutateAsync(input).then(
      () => form.reset(),
      (error: unknown) =>
        setMessage(applyServerErrors(error, form.setError, { form: formOf(event) }).message),
    ),
  );
  return (
    <section className="card office-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{T.CREATE_HEADING}</h2>
      <form onSubmit={submit} noValidate className="office-form">
        {message && <Alert>{message}</Alert>}
        <TextField
          id={`${id}-name`}
          label={T.NAME}
          registration={form.register('name')}
          error={errors.name?.message}
          autoComplete="organization"
        />
        <TextField
          id={`${id}-address`}
          label={T.ADDRESS}
          registration={form.register('address')}
          error={errors.address?.message}
          autoComplete="street-address"
        />
        <TextField
          id={`${id}-state`}
          label={T.STATE}
          registration={form.register('state')}
          error={errors.state?.message}
          maxLength={2}
          autoCapitalize="characters"
          className="office-state-input"
        />
        <SubmitButton isPending={create.isPending} pendingLabel={`${T.CREATE}…`}>
          {T.CREATE}
        </SubmitButton>
      </form>
    </section>
  );
}

export function InviteForm({ officeId }: { officeId: string }) {
  const id = useId();
  const invite = useInvite();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZOfficeInviteInput>, unknown, z.output<typeof ZOfficeInviteInput>>({
    resolver: zodResolver(ZOfficeInviteInput),
    defaultValues: { id: officeId, email: '' },
  });
  const made = invite.data;
  const submit = form.handleSubmit((input, event) => {
    setMessage(null);
    return invite.mutateAsync(input).then(
      () => form.reset({ id: officeId, email: '' }),
      (error: unknown) =>
        setMessage(applyServerErrors(error, form.setError, { form: formOf(event) }).message),
    );
  });
  return (
    <section className="card office-section" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{T.INVITE_HEADING}</h3>
      <form onSubmit={submit} noValidate className="office-form">
        {message && <Alert>{message}</Alert>}
        <TextField
          id={`${id}-email`}
          label={T.INVITE_EMAIL}
          hint={T.INVITE_EMAIL_HINT}
          type="email"
          autoComplete="off"
          registration={form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <SubmitButton isPending={invite.isPending} pendingLabel={`${T.INVITE_SEND}…`}>
          {T.INVITE_SEND}
        </SubmitButton>
      </form>
      {made && (
        <div className="office-invite-made" role="status">
          {made.mailedTo && <p>{T.INVITE_MAILED.replace('{email}', made.mailedTo)}</p>}
          <label htmlFor={`${id}-link`}>{T.INVITE_LINK_MADE}</label>
          <input
            id={`${id}-link`}
            className="office-invite-link"
            readOnly
            value={made.link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </section>
  );
}

export function AssignForm({ officeId, people }: { officeId: string; people: TOfficeBoardPerson[] }) {
  const id = useId();
  const assign = useAssign();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const form = useForm<z.input<typeof ZOfficeAssignInput>, unknown, z.output<typeof ZOfficeAssignInput>>({
    resolver: zodResolver(ZOfficeAssignInput),
    defaultValues: { id: officeId, memberId: '', title: '', url: '', dueOn: '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input, event) => {
    setMessage(null);
    return assign.mutateAsync(input).then(
      () => {
        const name = people.find((p) => p.memberId === input.memberId)?.name ?? '';
        setMessage({ kind: 'success', text: T.ASSIGNED.replace('{name}', name) });
        form.reset({ id: officeId, memberId: input.memberId, title: '', url: '', dueOn: '' });
      },
      (error: unknown) =>
        setMessage({
          kind: 'error',
          text: applyServerErrors(error, form.setError, { form: formOf(event) }).message,
        }),
    );
  });
  return (
    <section className="card office-section" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{T.ASSIGN_HEADING}</h3>
      <form onSubmit={submit} noValidate className="office-form">
        {message && <Alert kind={message.kind}>{message.text}</Alert>}
        <SelectField
          id={`${id}-member`}
          label={T.ASSIGN_TO}
          options={people.map((p) => ({ value: p.memberId, label: p.name }))}
          registration={form.register('memberId')}
          error={errors.memberId?.message}
        />
        <TextField
          id={`${id}-title`}
          label={T.ASSIGN_TITLE}
          hint={T.ASSIGN_TITLE_HINT}
          registration={form.register('title')}
          error={errors.title?.message}
        />
        <TextField
          id={`${id}-url`}
          label={T.ASSIGN_URL}
          registration={form.register('url')}
          error={errors.url?.message}
          inputMode="url"
        />
        <DateField
          id={`${id}-due`}
          label={T.ASSIGN_DUE}
          registration={form.register('dueOn')}
          error={errors.dueOn?.message}
        />
        <SubmitButton isPending={assign.isPending} pendingLabel={`${T.ASSIGN}…`}>
          {T.ASSIGN}
        </SubmitButton>
      </form>
    </section>
  );
}
