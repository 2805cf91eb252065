import { officeText, OfficeTexts as T } from '@opence/shared';
import type { TOfficeSummary } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { CheckboxField } from '../../../components/ui/field.tsx';
import { serverFormErrors } from '../../../components/ui/form.tsx';
import { useCloseOffice, useLeave, useRole, useSharing } from '../api/offices-api.ts';
import { OfficeBoard } from './office-board.tsx';
import { InviteForm } from './office-forms.tsx';

/* One of my offices: what it sees of me (changeable), leaving it, and for a manager the board. */

export function SharingChoices({
  sharesDeadlines,
  sharesHours,
  onChange,
  idPrefix,
}: {
  sharesDeadlines: boolean;
  sharesHours: boolean;
  onChange: (next: { sharesDeadlines: boolean; sharesHours: boolean }) => void;
  idPrefix: string;
}) {
  return (
    <fieldset className="office-sharing">
      <CheckboxField
        id={`${idPrefix}-deadlines`}
        label={T.JOIN_SHARES_DEADLINES}
        checked={sharesDeadlines}
        onChange={(e) =>
          onChange({ sharesDeadlines: e.target.checked, sharesHours: e.target.checked && sharesHours })
        }
      />
      <CheckboxField
        id={`${idPrefix}-hours`}
        label={T.JOIN_SHARES_HOURS}
        checked={sharesHours}
        disabled={!sharesDeadlines}
        onChange={(e) => onChange({ sharesDeadlines, sharesHours: e.target.checked })}
      />
      <p className="office-muted">{T.JOIN_NEVER}</p>
    </fieldset>
  );
}

function MySharing({ office }: { office: TOfficeSummary }) {
  const id = useId();
  const sharing = useSharing();
  const [choice, setChoice] = useState({
    sharesDeadlines: office.sharesDeadlines,
    sharesHours: office.sharesHours,
  });
  const isChanged =
    choice.sharesDeadlines !== office.sharesDeadlines || choice.sharesHours !== office.sharesHours;
  return (
    <form
      className="office-form"
      aria-labelledby={`${id}-h`}
      onSubmit={(e) => {
        e.preventDefault();
        sharing.mutate({ id: office.id, ...choice });
      }}
    >
      <h3 id={`${id}-h`}>{T.SHARING_HEADING}</h3>
      <SharingChoices idPrefix={id} {...choice} onChange={setChoice} />
      {sharing.isError && <Alert>{serverFormErrors(sharing.error).message}</Alert>}
      {sharing.isSuccess && !isChanged && <Alert kind="success">{T.SHARING_SAVED}</Alert>}
      <Button type="submit" variant="secondary" disabled={!isChanged || sharing.isPending}>
        {T.SHARING_SAVE}
      </Button>
    </form>
  );
}

/**
 * Leaving; a manager may step down while another manager is left. The last manager's leaving
 * closes the office, so the screen says so and offers it as closing (decision 1169).
 */
function LeaveOffice({ office }: { office: TOfficeSummary }) {
  const leave = useLeave();
  const close = useCloseOffice();
  const role = useRole();
  const [isAsking, setAsking] = useState(false);
  const error = leave.error ?? close.error ?? role.error;
  if (!isAsking) {
    return (
      <div className="office-actions">
        <Button variant="link" className="office-leave" onClick={() => setAsking(true)}>
          {office.isLastManager ? T.CLOSE : T.LEAVE}
        </Button>
        {office.role === 'manager' && !office.isLastManager && (
          <Button
            variant="link"
            disabled={role.isPending}
            onClick={() => role.mutate({ id: office.id, role: 'member' })}
          >
            {T.MAKE_MEMBER}
          </Button>
        )}
        {error && <Alert>{serverFormErrors(error).message}</Alert>}
      </div>
    );
  }
  return (
    <div className="office-leave-confirm" role="group" aria-label={office.isLastManager ? T.CLOSE : T.LEAVE}>
      {office.isLastManager ? (
        <>
          <Alert kind="info">{T.LAST_MANAGER_LEAVE}</Alert>
          <p>{officeText(T.CLOSE_CONFIRM, { office: office.name })}</p>
        </>
      ) : (
        <p>{officeText(T.LEAVE_CONFIRM, { office: office.name })}</p>
      )}
      {error && <Alert>{serverFormErrors(error).message}</Alert>}
      <div className="office-actions">
        <Button
          variant="danger"
          disabled={leave.isPending || close.isPending}
          onClick={() => (office.isLastManager ? close.mutate(office.id) : leave.mutate(office.id))}
          autoFocus
        >
          {office.isLastManager ? T.CLOSE : T.LEAVE}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

export function OfficeCard({ office }: { office: TOfficeSummary }) {
  const id = useId();
  const isManager = office.role === 'manager';
  return (
    <article className="office" aria-labelledby={id}>
      <header className="office-head">
        <h2 id={id}>{office.name}</h2>
        <p className="office-muted">
          {office.address}, {office.state} · {isManager ? T.ROLE_MANAGER : T.ROLE_MEMBER} · {office.people}{' '}
          {office.people === 1 ? 'person' : 'people'}
          {office.organisation && ` · ${officeText(T.ORG_IN, { organisation: office.organisation.name })}`}
        </p>
      </header>
      {isManager && (
        <>
          <InviteForm officeId={office.id} />
          <OfficeBoard officeId={office.id} />
        </>
      )}
      <section className="card office-section">
        <MySharing key={`${office.sharesDeadlines}-${office.sharesHours}`} office={office} />
        <LeaveOffice office={office} />
      </section>
    </article>
  );
}
