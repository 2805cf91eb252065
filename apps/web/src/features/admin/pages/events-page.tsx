import type { TAdminEvent } from '@opence/shared/schemas';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAdminEvents } from '../api/events.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ListCount } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

/*
 * In-person events (issue 25, docs/decisions/0413, 0414): study clubs, lunch-and-learns and
 * trade-show courses whose CE members claim by a code. The list, newest first.
 */

const WINDOW_TEXT: Record<
  TAdminEvent['claimWindow'],
  { text: string; tone: 'primary' | 'success' | 'warning' }
> = {
  'not-yet': { text: 'Not open yet', tone: 'primary' },
  open: { text: 'Open', tone: 'success' },
  closed: { text: 'Closed', tone: 'warning' },
};

/** "3 / 40", or "3 (no limit)". */
export const claimsText = (e: Pick<TAdminEvent, 'claims' | 'capacity'>) =>
  e.capacity === null ? `${e.claims} (no limit)` : `${e.claims} / ${e.capacity}`;

export function ClaimWindowBadge({ event }: { event: Pick<TAdminEvent, 'claimWindow'> }) {
  const { text, tone } = WINDOW_TEXT[event.claimWindow];
  return <Badge tone={tone}>{text}</Badge>;
}

export function EventsPage() {
  const events = useAdminEvents();
  return (
    <AdminPage title="In-person events" actions={<ButtonLink to="/admin/events/new">New event</ButtonLink>}>
      <QueryState query={events}>
        {({ data }) =>
          data.length === 0 ? (
            <EmptyState text="No in-person events yet." />
          ) : (
            <>
              <ListCount>
                {data.length} {data.length === 1 ? 'event' : 'events'}
              </ListCount>
              <DataTable
                caption="In-person events"
                rowKey={(e) => e.id}
                rows={data}
                columns={[
                  {
                    key: 'title',
                    label: 'Title',
                    isMain: true,
                    cell: (e) => <Link to={`/admin/events/${e.id}`}>{e.title}</Link>,
                  },
                  { key: 'date', label: 'Date', cell: (e) => formatDateTime(e.date) },
                  { key: 'place', label: 'Place', cell: (e) => e.place },
                  {
                    key: 'code',
                    label: 'Code',
                    cell: (e) => <code className="event-code-inline">{e.code}</code>,
                  },
                  { key: 'claims', label: 'Claims', cell: claimsText },
                  { key: 'window', label: 'Claim window', cell: (e) => <ClaimWindowBadge event={e} /> },
                ]}
              />
            </>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
