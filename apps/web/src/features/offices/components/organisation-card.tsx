import { zodResolver } from '@hookform/resolvers/zod';
import { officeText, OfficeTexts as T } from '@opence/shared';
import { ZOrganisationInput, type TOrganisationSummary } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField, TextField } from '../../../components/ui/field.tsx';
import { applyServerErrors, serverFormErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import {
  downloadOrganisationRoster,
  useCloseOrganisation,
  useCreateOrganisation,
  useLeaveOrganisation,
  useOrganisationBoard,
  useOrganisationInvite,
  usePromoteToOrganisation,
  useRemoveOffice,
  type TOrganisationFilters,
} from '../api/offices-api.ts';
import { BoardFilters, Person, RosterButtons } from './office-board.tsx';
import { formOf } from './office-forms.tsx';

/*
 * An organisation (DSO) I manage (decision 1168): its offices (each can be taken out), a link for
 * an office's manager to bring theirs in, the board of every office with an office filter, and
 * leaving. A manager "for all" sees of each colleague only what they share with their office.
 */

/** Someone in one of its offices made a manager of every office (decision 1169). */
function PromoteToOrganisation({ organisationId, memberId }: { organisationId: string; memberId: string }) {
  const promote = usePromoteToOrganisation();
  return (
    <div className="office-person-action">
      <Button
        variant="secondary"
        disabled={promote.isPending || promote.isSuccess}
        onClick={() => promote.mutate({ id: organisationId, memberId })}
      >
        {T.ORG_PROMOTE}
      </Button>
      {promote.isError && <Alert>{serverFormErrors(promote.error).message}</Alert>}
    </div>
  );
}

function OrganisationBoard({ organisation }: { organisation: TOrganisationSummary }) {
  const id = useId();
  const [filters, setFilters] = useState<TOrganisationFilters>({});
  const board = useOrganisationBoard(organisation.id, filters);
  const people = board.data?.people ?? [];
  const isFiltered = Boolean(filters.status || filters.licenceType || filters.officeId);
  return (
    <section className="office-board" aria-labelledby={`${id}-h`}>
      <div className="office-board-head">
        <h3 id={`${id}-h`}>{T.ORG_BOARD_HEADING}</h3>
        <RosterButtons
          download={(format) => downloadOrganisationRoster(organisation.id, filters.officeId, format)}
        />
      </div>
      <BoardFilters idPrefix={id} filters={filters} onChange={setFilters}>
        <SelectField
          id={`${id}-office`}
          label={T.ORG_FILTER_OFFICE}
          placeholder={T.ORG_ALL_OFFICES}
          options={organisation.offices.map((o) => ({ value: o.id, label: o.name }))}
          value={filters.officeId ?? ''}
          onChange={(e) => setFilters((f) => ({ ...f, officeId: e.target.value || undefined }))}
        />
      </BoardFilters>
      {board.isError ? (
        <LoadError text={T.LOAD_FAILED} onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <Spinner label={T.LOADING} />
      ) : people.length === 0 ? (
        <EmptyState text={isFiltered ? T.BOARD_NONE_MATCH : T.ORG_NO_OFFICES} />
      ) : (
        <ul className="office-people" aria-busy={board.isFetching}>
          {people.map((p) => (
            <Person
              key={`${p.officeId}-${p.memberId}`}
              person={p}
              action={<PromoteToOrganisation organisationId={organisation.id} memberId={p.memberId} />}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrganisationOffices({ organisation }: { organisation: TOrganisationSummary }) {
  const id = useId();
  const remove = useRemoveOffice();
  const invite = useOrganisationInvite();
  const [asking, setAsking] = useState<string | null>(null);
  const office = organisation.offices.find((o) => o.id === asking);
  return (
    <section className="card office-section" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{T.ORG_OFFICES}</h3>
      {organisation.offices.length === 0 ? (
        <p className="office-muted">{T.ORG_NO_OFFICES}</p>
      ) : (
        <ul className="organisation-offices">
          {organisation.offices.map((o) => (
            <li key={o.id}>
              <span>
                <strong>{o.name}</strong>{' '}
                <span className="office-muted">
                  · {o.state} · {o.people} {o.people === 1 ? 'person' : 'people'}
                </span>
              </span>
              <Button variant="link" onClick={() => setAsking(o.id)}>
                {officeText(T.ORG_REMOVE_OFFICE, { office: o.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {office && (
        <div className="office-leave-confirm" role="group" aria-label={T.ORG_REMOVE_OFFICE}>
          <p>{officeText(T.ORG_REMOVE_CONFIRM, { office: office.name, organisation: organisation.name })}</p>
          {remove.isError && <Alert>{serverFormErrors(remove.error).message}</Alert>}
          <div className="office-actions">
            <Button
              variant="danger"
              autoFocus
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: organisation.id, officeId: office.id },
                  { onSuccess: () => setAsking(null) },
                )
              }
            >
              {officeText(T.ORG_REMOVE_OFFICE, { office: office.name })}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      <div>
        <Button
          variant="secondary"
          disabled={invite.isPending}
          onClick={() => invite.mutate(organisation.id)}
        >
          {T.ORG_INVITE}
        </Button>
      </div>
      {invite.isError && <Alert>{serverFormErrors(invite.error).message}</Alert>}
      {invite.data && (
        <div className="office-invite-made" role="status">
          <label htmlFor={`${id}-link`}>{T.ORG_INVITE_LINK_MADE}</label>
          <input
            id={`${id}-link`}
            className="office-invite-link"
            readOnly
            value={invite.data.link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </section>
  );
}

/** Leaving; the last manager's leaving closes the organisation, and the screen says so first (1169). */
function LeaveOrganisation({ organisation }: { organisation: TOrganisationSummary }) {
  const leave = useLeaveOrganisation();
  const close = useCloseOrganisation();
  const [isAsking, setAsking] = useState(false);
  const label = organisation.isLastManager ? T.ORG_CLOSE : T.ORG_LEAVE;
  const error = leave.error ?? close.error;
  if (!isAsking) {
    return (
      <Button variant="link" className="office-leave" onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  return (
    <div className="office-leave-confirm" role="group" aria-label={label}>
      {organisation.isLastManager ? (
        <>
          <Alert kind="info">{T.ORG_LAST_MANAGER_LEAVE}</Alert>
          <p>{officeText(T.ORG_CLOSE_CONFIRM, { organisation: organisation.name })}</p>
        </>
      ) : (
        <p>{officeText(T.ORG_LEAVE_CONFIRM, { organisation: organisation.name })}</p>
      )}
      {error && <Alert>{serverFormErrors(error).message}</Alert>}
      <div className="office-actions">
        <Button
          variant="danger"
          autoFocus
          disabled={leave.isPending || close.isPending}
          onClick={() =>
            organisation.isLastManager ? close.mutate(organisation.id) : leave.mutate(organisation.id)
          }
        >
          {label}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function OrganisationCard({ organisation }: { organisation: TOrganisationSummary }) {
  const id = useId();
  return (
    <article className="office" aria-labelledby={id}>
      <header className="office-head">
        <h2 id={id}>{organisation.name}</h2>
        <p className="office-muted">
          {T.ORG_HEADING} · {T.ROLE_MANAGER} · {organisation.offices.length}{' '}
          {organisation.offices.length === 1 ? 'office' : 'offices'}
        </p>
      </header>
      <OrganisationOffices organisation={organisation} />
      <OrganisationBoard organisation={organisation} />
      <LeaveOrganisation organisation={organisation} />
    </article>
  );
}

export function CreateOrganisationForm() {
  const id = useId();
  const create = useCreateOrganisation();
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof ZOrganisationInput>, unknown, z.output<typeof ZOrganisationInput>>({
    resolver: zodResolver(ZOrganisationInput),
    defaultValues: { name: '' },
  });
  const submit = form.handleSubmit((input, event) =>
    create.mutateAsync(input).then(
      () => form.reset(),
      (error: unknown) =>
        setMessage(applyServerErrors(error, form.setError, { form: formOf(event) }).message),
    ),
  );
  return (
    <section className="card office-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{T.ORG_CREATE_HEADING}</h2>
      <p className="office-muted">{T.ORG_INTRO}</p>
      <form onSubmit={submit} noValidate className="office-form">
        {message && <Alert>{message}</Alert>}
        <TextField
          id={`${id}-name`}
          label={T.ORG_NAME}
          registration={form.register('name')}
          error={form.formState.errors.name?.message}
          autoComplete="organization"
        />
        <SubmitButton isPending={create.isPending} pendingLabel={`${T.ORG_CREATE}…`}>
          {T.ORG_CREATE}
        </SubmitButton>
      </form>
    </section>
  );
}
