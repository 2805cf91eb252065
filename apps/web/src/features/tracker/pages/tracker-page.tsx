import { TrackerTexts as T } from '@opence/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useLicences } from '../api/tracker-api.ts';
import { CertificatesSection } from '../components/certificates-section.tsx';
import { LicenceForm } from '../components/licence-form.tsx';
import { StandingCard } from '../components/standing-card.tsx';
import '../tracker.css';

/** CE Tracker (/tracker, issue 23): my licences, where I stand, my certificates, the gap filled. */
export function Component() {
  usePageTitle(T.PAGE_TITLE);
  const licences = useLicences();
  const [adding, setAdding] = useState(false);
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
    body = licences.data.licences.map((l) => <StandingCard key={l.id} licence={l} />);
  }
  return (
    <div className="container tracker-page">
      <div className="page-header tracker-card-head">
        <h1>{T.PAGE_TITLE}</h1>
        {!adding && licences.data && licences.data.licences.length > 0 && (
          <Button onClick={() => setAdding(true)}>{T.ADD_LICENCE}</Button>
        )}
      </div>
      <p>{T.INTRO}</p>
      {adding && <LicenceForm onDone={() => setAdding(false)} />}
      <section aria-label={T.LICENCES}>{body}</section>
      <CertificatesSection />
    </div>
  );
}
