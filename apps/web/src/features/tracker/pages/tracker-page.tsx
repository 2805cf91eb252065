import { TrackerTexts as T } from '@opence/shared';
import type { TTrackerLicence } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useLicences, useRestoreLicence } from '../api/tracker-api.ts';
import { CertificatesSection } from '../components/certificates-section.tsx';
import { LicenceCard } from '../components/licence-card.tsx';
import { LicenceForm } from '../components/licence-form.tsx';
import { fill, licenceName } from '../components/tracker-labels.ts';
import { notice, TrackerNotice, type TNotice } from '../components/tracker-notice.tsx';
import '../tracker.css';

/*
 * CE Tracker (/tracker, issues 23 and 36): my licences by urgency (the period that ends first
 * first), each a short card of what its board requires and what is still missing, then my
 * certificates from elsewhere. What was just done is said where it was done, with Undo after a
 * delete.
 */
export function Component() {
  usePageTitle(T.PAGE_TITLE);
  const headingId = useId();
  const licences = useLicences();
  const restore = useRestoreLicence();
  const [adding, setAdding] = useState(false);
  const [current, setCurrent] = useState<TNotice | null>(null);
  const named = (l: TTrackerLicence) => `${licenceName(l)} ${l.licenceNumber}`;
  const saved = (l: TTrackerLicence) =>
    setCurrent(notice({ text: T.LICENCE_SAVED.replace('.', `: ${named(l)}.`) }));
  const deleted = (l: TTrackerLicence) =>
    setCurrent(
      notice({
        text: fill(T.LICENCE_DELETED_NAMED, { name: named(l) }),
        focus: true,
        undo: () => restore.mutateAsync(l.id),
        undoneText: fill(T.LICENCE_RESTORED, { name: named(l) }),
      }),
    );
  let body;
  if (licences.isPending) body = <Spinner label={T.LOADING} />;
  else if (licences.isError) body = <LoadError text={T.LOAD_ERROR} onRetry={() => void licences.refetch()} />;
  else if (licences.data.licences.length === 0 && !adding) {
    body = (
      <EmptyState text={T.NO_LICENCES}>
        <Button onClick={() => setAdding(true)}>{T.ADD_LICENCE}</Button>
      </EmptyState>
    );
  } else {
    body = licences.data.licences.map((l) => (
      <LicenceCard key={l.id} licence={l} onDeleted={deleted} onSaved={saved} />
    ));
  }
  return (
    <div className="container tracker-page">
      <div className="page-header">
        <h1>{T.PAGE_TITLE}</h1>
        <p>{T.INTRO}</p>
      </div>
      <section className="tracker-section" aria-labelledby={headingId}>
        <h2 id={headingId} className="visually-hidden">
          {T.LICENCES}
        </h2>
        {!adding && licences.data && licences.data.licences.length > 0 && (
          <div className="tracker-section-head">
            <Button onClick={() => setAdding(true)}>{T.ADD_LICENCE}</Button>
          </div>
        )}
        <TrackerNotice notice={current} onClose={() => setCurrent(null)} />
        {adding && (
          <LicenceForm
            onDone={(l) => {
              setAdding(false);
              if (l) saved(l);
            }}
          />
        )}
        {body}
      </section>
      <CertificatesSection />
    </div>
  );
}
