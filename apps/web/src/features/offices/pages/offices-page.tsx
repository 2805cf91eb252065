import { OfficeTexts as T } from '@opence/shared';
import { useId } from 'react';
import { Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useOffices, useOrganisations } from '../api/offices-api.ts';
import { MyAssignments } from '../components/my-assignments.tsx';
import { OfficeCard } from '../components/office-card.tsx';
import { CreateOfficeForm } from '../components/office-forms.tsx';
import { CreateOrganisationForm, OrganisationCard } from '../components/organisation-card.tsx';
import '../offices.css';

/*
 * My office (/office, issue 43): what my offices assigned me, each organisation (DSO) I manage
 * with every office's board, each office I am in (what it sees of me, leaving it; for a manager
 * the invites, the board and assignments), a new office and a new organisation.
 */
export function Component() {
  usePageTitle(T.PAGE_TITLE);
  const headingId = useId();
  const offices = useOffices();
  const organisations = useOrganisations();
  const data = offices.data;
  return (
    <section className="container offices-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{T.PAGE_TITLE}</h1>
      <p className="office-intro">{T.INTRO}</p>
      {offices.isError ? (
        <LoadError text={T.LOAD_FAILED} onRetry={() => void offices.refetch()} />
      ) : !data ? (
        <Spinner label={T.LOADING} />
      ) : (
        <>
          {(data.assignments.length > 0 || data.offices.some((o) => o.role === 'member')) && (
            <MyAssignments assignments={data.assignments} />
          )}
          {organisations.data?.organisations.map((organisation) => (
            <OrganisationCard key={organisation.id} organisation={organisation} />
          ))}
          {data.offices.length === 0 && <p className="office-muted">{T.NO_OFFICES}</p>}
          {data.offices.map((office) => (
            <OfficeCard key={office.id} office={office} />
          ))}
          <CreateOfficeForm />
          <CreateOrganisationForm />
        </>
      )}
    </section>
  );
}
