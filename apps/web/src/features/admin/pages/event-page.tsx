import type { TAdminEvent, TAdminValues } from '@opence/shared/schemas';
import { useId } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import {
  downloadEventClaims,
  downloadEventPosterPdf,
  openEventPoster,
  useAdminEvent,
  useAdminEvents,
  useEventClaims,
  useSaveEvent,
} from '../api/events.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { EventScans } from '../components/event-scans.tsx';
import { blankEvent, EventForm, type TTopicOption } from '../components/event-form.tsx';
import { QueryState } from '../components/query-state.tsx';
import { claimsText, ClaimWindowBadge } from './events-page.tsx';

/*
 * One in-person event (issue 25): its claim code, big, with the printable poster; the form; the
 * claims members made and their CSV. A new event gets its code when it is created.
 */

const back = { to: '/admin/events', label: 'In-person events' };

/** The form's values of a saved event (the fields the form edits). */
function formValues(e: TAdminEvent): TAdminValues {
  return {
    title: e.title,
    speakerId: e.speakerId,
    companyId: e.companyId,
    date: e.date,
    durationMin: e.durationMin,
    place: e.place,
    description: e.description,
    credits: e.credits,
    agdCode: e.agdCode,
    courseNumber: e.courseNumber,
    claimOpensAt: e.claimOpensAt,
    claimClosesAt: e.claimClosesAt,
    capacity: e.capacity,
    topics: e.topics,
  };
}

/** A button's file (a poster, a CSV): pending while it comes, its failure shown beside it. */
const useFileAction = (fetchFile: () => Promise<void>) => useMutation({ mutationFn: fetchFile });

function ClaimCode({ event }: { event: TAdminEvent }) {
  const headingId = useId();
  const poster = useFileAction(() => openEventPoster(event.id));
  const posterPdf = useFileAction(() => downloadEventPosterPdf(event.id, event.code));
  const claimPage = event.claimUrl.replace(/\/[^/]+$/, '');
  return (
    <section className="event-code-card card" aria-labelledby={headingId}>
      <h2 id={headingId}>Claim code</h2>
      <p className="event-code" aria-describedby={`${headingId}-how`}>
        {event.code}
      </p>
      <p id={`${headingId}-how`} className="admin-note">
        Members enter it at {claimPage} or scan the poster’s QR code, which opens {event.claimUrl}.
      </p>
      <dl className="admin-facts">
        <dt>Claims</dt>
        <dd>{claimsText(event)}</dd>
        <dt>Claim window</dt>
        <dd>
          {formatDateTime(event.claimOpensAt)} – {formatDateTime(event.claimClosesAt)}{' '}
          <ClaimWindowBadge event={event} />
        </dd>
      </dl>
      <div className="admin-actions">
        <Button variant="secondary" disabled={poster.isPending} onClick={() => poster.mutate()}>
          Print poster
        </Button>
        <Button variant="secondary" disabled={posterPdf.isPending} onClick={() => posterPdf.mutate()}>
          Poster as PDF
        </Button>
      </div>
      {poster.error && <Alert>{poster.error.message}</Alert>}
      {posterPdf.error && <Alert>{posterPdf.error.message}</Alert>}
    </section>
  );
}

function Claims({ event }: { event: TAdminEvent }) {
  const claims = useEventClaims(event.id);
  const csv = useFileAction(() => downloadEventClaims(event.id));
  const headingId = useId();
  return (
    <section className="stack admin-after-form" aria-labelledby={headingId}>
      <div className="admin-page-header">
        <h2 id={headingId}>Claims</h2>
        <Button variant="secondary" disabled={csv.isPending} onClick={() => csv.mutate()}>
          Download CSV
        </Button>
      </div>
      {csv.error && <Alert>{csv.error.message}</Alert>}
      <QueryState query={claims}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState text="No claims yet." />
          ) : (
            <DataTable
              caption="Claims"
              rowKey={(c) => c.certificateNumber}
              rows={data}
              columns={[
                { key: 'name', label: 'Name', isMain: true, cell: (c) => c.name },
                { key: 'email', label: 'E-mail', cell: (c) => c.email },
                { key: 'agd', label: 'AGD number', cell: (c) => c.agdNumber ?? '—' },
                { key: 'at', label: 'Claimed', cell: (c) => formatDateTime(c.claimedAt) },
                { key: 'cert', label: 'Certificate', cell: (c) => c.certificateNumber },
              ]}
            />
          )
        }
      </QueryState>
    </section>
  );
}

function NewEvent({ topicOptions }: { topicOptions: TTopicOption[] }) {
  const navigate = useNavigate();
  const save = useSaveEvent(undefined);
  return (
    <EventForm
      values={blankEvent()}
      topicOptions={topicOptions}
      submitLabel="Create event"
      onSubmit={async (values) => {
        const saved = await save.mutateAsync(values);
        navigate(`/admin/events/${saved.event.id}`, { replace: true, state: { created: true } });
      }}
    />
  );
}

function EditEvent({ event, topicOptions }: { event: TAdminEvent; topicOptions: TTopicOption[] }) {
  const save = useSaveEvent(event.id);
  return (
    <>
      <ClaimCode event={event} />
      <h2>Details</h2>
      <EventForm
        values={formValues(event)}
        topicOptions={topicOptions}
        submitLabel="Save changes"
        onSubmit={async (values) => formValues((await save.mutateAsync(values)).event)}
      />
      <Claims event={event} />
      <EventScans eventId={event.id} />
    </>
  );
}

export function EventPage() {
  const { id = 'new' } = useParams();
  const location = useLocation();
  const wasCreated = (location.state as { created?: boolean } | null)?.created;
  if (id === 'new') return <NewEventPage />;
  return <ExistingEventPage key={id} id={id} wasCreated={Boolean(wasCreated)} />;
}

function NewEventPage() {
  // The topic list comes with the events list.
  const events = useAdminEvents();
  return (
    <AdminPage title="New in-person event" back={back}>
      <QueryState query={events}>{(data) => <NewEvent topicOptions={data.topicOptions} />}</QueryState>
    </AdminPage>
  );
}

function ExistingEventPage({ id, wasCreated }: { id: string; wasCreated: boolean }) {
  const event = useAdminEvent(id);
  return (
    <AdminPage title={`Event: ${event.data?.event.title ?? '…'}`} back={back}>
      {wasCreated && <Alert kind="success">Created. Its claim code is below.</Alert>}
      <QueryState query={event}>
        {(data) => <EditEvent event={data.event} topicOptions={data.topicOptions} />}
      </QueryState>
    </AdminPage>
  );
}
