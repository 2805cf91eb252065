import { officeText, OfficeTexts as T, trackerDay } from '@opence/shared';
import type { TOfficeAssignment } from '@opence/shared/schemas';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge } from '../../../components/ui/feedback.tsx';
import { serverFormErrors } from '../../../components/ui/form.tsx';
import { useAssignmentDone } from '../api/offices-api.ts';
import { ASSIGNMENT_LABELS } from './office-labels.ts';

/** What my offices assigned me, with a way to mark each done. */
export function MyAssignments({ assignments }: { assignments: TOfficeAssignment[] }) {
  const id = useId();
  const done = useAssignmentDone();
  return (
    <section className="card office-section" aria-labelledby={id}>
      <h2 id={id}>{T.MY_ASSIGNMENTS}</h2>
      {done.isError && <Alert>{serverFormErrors(done.error).message}</Alert>}
      {assignments.length === 0 ? (
        <p className="office-muted">{T.NO_ASSIGNMENTS}</p>
      ) : (
        <ul className="office-my-assignments">
          {assignments.map((a) => (
            <li key={a.id}>
              <div>
                <strong>
                  {!a.url ? (
                    a.title
                  ) : a.url.startsWith('/') ? (
                    <Link to={a.url}>{a.title}</Link>
                  ) : (
                    <a href={a.url} rel="noopener noreferrer">
                      {a.title}
                    </a>
                  )}
                </strong>
                <span className="office-muted">
                  {' '}
                  · {a.officeName} · {officeText(T.DUE, { date: trackerDay(a.dueOn) })}
                </span>{' '}
                <Badge tone={a.status === 'done' ? 'success' : a.status === 'overdue' ? 'danger' : 'primary'}>
                  {ASSIGNMENT_LABELS[a.status]}
                </Badge>
              </div>
              {a.status !== 'done' && (
                <Button
                  variant="secondary"
                  disabled={done.isPending}
                  onClick={() => done.mutate(a.id)}
                  aria-label={`${T.MARK_DONE}: ${a.title}`}
                >
                  {T.MARK_DONE}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
