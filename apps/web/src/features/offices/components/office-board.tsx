import {
  OFFICE_STATUSES,
  officeText,
  OfficeTexts as T,
  TRACKER_LICENCE_TYPES,
  trackerDay,
} from '@opence/shared';
import type { TOfficeBoardPerson } from '@opence/shared/schemas';
import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { downloadRoster, useBoard, useRole, type TBoardFilters } from '../api/offices-api.ts';
import { serverFormErrors } from '../../../components/ui/form.tsx';
import { AssignForm } from './office-forms.tsx';
import {
  ASSIGNMENT_LABELS,
  LICENCE_TYPE_LABELS,
  neededText,
  STATUS_LABELS,
  STATUS_TONES,
} from './office-labels.ts';

/*
 * The manager's board (issue 43): each person with their licences as they shared them (type and
 * state, deadline, hours still needed per requirement, a status), their assignments, filters,
 * the roster's two files and the assignment form.
 */

export function Person({
  person,
  action,
}: {
  person: TOfficeBoardPerson & { officeName?: string };
  /** What a manager can do for this person (make them a manager). */
  action?: ReactNode;
}) {
  const id = useId();
  return (
    <li className="card office-person" aria-labelledby={id}>
      <h4 id={id}>
        {person.name}{' '}
        <span className="office-muted">
          · {person.role === 'manager' ? T.ROLE_MANAGER : T.ROLE_MEMBER}
          {person.officeName && ` · ${person.officeName}`}
        </span>
      </h4>
      {action}
      {!person.sharesDeadlines ? (
        <p className="office-muted">{T.NOT_SHARED}</p>
      ) : person.licences.length === 0 ? (
        <p className="office-muted">{T.NO_LICENCE}</p>
      ) : (
        <ul className="office-licences">
          {person.licences.map((l) => (
            <li key={`${l.state}-${l.licenceType}-${l.periodEnd}`}>
              <div className="office-licence-head">
                <strong>
                  {l.state} · {LICENCE_TYPE_LABELS[l.licenceType] ?? l.licenceType}
                </strong>
                {l.status ? (
                  <Badge tone={STATUS_TONES[l.status]}>{STATUS_LABELS[l.status]}</Badge>
                ) : (
                  <Badge>{T.NOT_SHARED}</Badge>
                )}
              </div>
              <dl className="office-facts">
                <dt>{T.DEADLINE}</dt>
                <dd>
                  {trackerDay(l.periodEnd)} ({officeText(T.DAYS_LEFT, { days: l.daysLeft })})
                </dd>
                <dt>{T.STILL_NEEDED}</dt>
                <dd>{neededText(l)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      {person.assignments.length > 0 && (
        <>
          <h5>{T.ASSIGNMENTS}</h5>
          <ul className="office-assignments">
            {person.assignments.map((a) => (
              <li key={a.id}>
                {a.title} · {officeText(T.DUE, { date: trackerDay(a.dueOn) })}{' '}
                <Badge tone={a.status === 'done' ? 'success' : a.status === 'overdue' ? 'danger' : 'primary'}>
                  {ASSIGNMENT_LABELS[a.status]}
                </Badge>
              </li>
            ))}
          </ul>
        </>
      )}
    </li>
  );
}

/** The roster's two files; a failed download says so beside the buttons. */
export function RosterButtons({ download }: { download: (format: 'csv' | 'pdf') => Promise<unknown> }) {
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const start = (format: 'csv' | 'pdf') => {
    setDownloadError(null);
    download(format).catch((error: unknown) =>
      setDownloadError(error instanceof Error ? error.message : T.LOAD_FAILED),
    );
  };
  return (
    <>
      <div className="office-exports">
        <Button variant="secondary" onClick={() => start('csv')}>
          {T.EXPORT_CSV}
        </Button>
        <Button variant="secondary" onClick={() => start('pdf')}>
          {T.EXPORT_PDF}
        </Button>
      </div>
      {downloadError && <Alert onDismiss={() => setDownloadError(null)}>{downloadError}</Alert>}
    </>
  );
}

/** The board's status and licence-type filters, with any further ones before them. */
export function BoardFilters({
  idPrefix,
  filters,
  onChange,
  children,
}: {
  idPrefix: string;
  filters: TBoardFilters;
  onChange: (next: (f: TBoardFilters) => TBoardFilters) => void;
  children?: ReactNode;
}) {
  return (
    <div className="office-filters">
      {children}
      <SelectField
        id={`${idPrefix}-status`}
        label={T.FILTER_STATUS}
        placeholder={T.FILTER_ALL}
        options={OFFICE_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s]! }))}
        value={filters.status ?? ''}
        onChange={(e) => onChange((f) => ({ ...f, status: e.target.value || undefined }))}
      />
      <SelectField
        id={`${idPrefix}-type`}
        label={T.FILTER_LICENCE_TYPE}
        placeholder={T.FILTER_ALL}
        options={TRACKER_LICENCE_TYPES.map((t) => ({ value: t, label: LICENCE_TYPE_LABELS[t]! }))}
        value={filters.licenceType ?? ''}
        onChange={(e) => onChange((f) => ({ ...f, licenceType: e.target.value || undefined }))}
      />
    </div>
  );
}

/** A colleague made a second manager (decision 1169). */
function MakeManager({ officeId, person }: { officeId: string; person: TOfficeBoardPerson }) {
  const role = useRole();
  if (person.role === 'manager') return null;
  return (
    <div className="office-person-action">
      <Button
        variant="secondary"
        disabled={role.isPending}
        onClick={() => role.mutate({ id: officeId, memberId: person.memberId, role: 'manager' })}
      >
        {T.MAKE_MANAGER}
      </Button>
      {role.isError && <Alert>{serverFormErrors(role.error).message}</Alert>}
    </div>
  );
}

export function OfficeBoard({ officeId }: { officeId: string }) {
  const id = useId();
  const [filters, setFilters] = useState<TBoardFilters>({});
  const board = useBoard(officeId, filters);
  const people = board.data?.people ?? [];
  const isFiltered = Boolean(filters.status || filters.licenceType);
  return (
    <section className="office-board" aria-labelledby={`${id}-h`}>
      <div className="office-board-head">
        <h3 id={`${id}-h`}>{T.BOARD_HEADING}</h3>
        <RosterButtons download={(format) => downloadRoster(officeId, format)} />
      </div>
      <BoardFilters idPrefix={id} filters={filters} onChange={setFilters} />
      {board.isError ? (
        <LoadError text={T.LOAD_FAILED} onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <Spinner label={T.LOADING} />
      ) : people.length === 0 ? (
        <EmptyState text={isFiltered ? T.BOARD_NONE_MATCH : T.BOARD_EMPTY} />
      ) : (
        <ul className="office-people" aria-busy={board.isFetching}>
          {people.map((p) => (
            <Person key={p.memberId} person={p} action={<MakeManager officeId={officeId} person={p} />} />
          ))}
        </ul>
      )}
      {board.data && !isFiltered && <AssignForm officeId={officeId} people={board.data.people} />}
    </section>
  );
}
