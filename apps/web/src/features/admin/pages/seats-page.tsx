import { useState } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { downloadCsv, useSeatList } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ListCount } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

const yesNo = (v: boolean | null) => (v === null ? '—' : v ? 'Yes' : 'No');

/** The seat list and waitlist of a live class (03 §5), with a CSV export. */
export function SeatsPage() {
  const { id = '' } = useParams();
  const seats = useSeatList(id);
  const [error, setError] = useState<string | null>(null);
  const download = () =>
    downloadCsv(`classes/${id}/seats.csv`, 'seats.csv').catch((e: Error) => setError(e.message));
  return (
    <AdminPage
      title={`Seats: ${seats.data?.title ?? '…'}`}
      back={{ to: `/admin/classes/${id}`, label: 'Class' }}
      actions={
        <Button variant="secondary" onClick={() => void download()}>
          Download CSV
        </Button>
      }
    >
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <QueryState query={seats}>
        {(d) => {
          const seated = d.data.filter((s) => !s.isWaiting).length;
          return (
            <>
              <ListCount>
                {formatDateTime(d.releaseAt)} ·{' '}
                {d.capacity === null
                  ? `${seated} seats (no limit)`
                  : `${seated} of ${d.capacity} seats taken`}{' '}
                · {d.data.length - seated} on the waitlist
              </ListCount>
              {d.data.length === 0 ? (
                <EmptyState text="No seats reserved yet." />
              ) : (
                <DataTable
                  caption="Seats and waitlist"
                  rowKey={(s) => s.username}
                  rows={d.data}
                  columns={[
                    {
                      key: 'name',
                      label: 'Member',
                      isMain: true,
                      cell: (s) => `${s.name || s.username} (${s.username})`,
                    },
                    {
                      key: 'status',
                      label: 'Status',
                      cell: (s) =>
                        s.isWaiting ? <Badge tone="warning">Waitlist</Badge> : <Badge>Seat</Badge>,
                    },
                    { key: 'email', label: 'E-mail', cell: (s) => s.email },
                    { key: 'reserved', label: 'Reserved', cell: (s) => formatDateTime(s.reservedAt) },
                    { key: 'optin', label: 'Privacy opt-in', cell: (s) => yesNo(s.privacyOptin) },
                    { key: 'attended', label: 'Attended', cell: (s) => yesNo(s.attended) },
                  ]}
                />
              )}
            </>
          );
        }}
      </QueryState>
    </AdminPage>
  );
}
