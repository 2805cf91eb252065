import { Link } from 'react-router';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useDashboard } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { QueryState } from '../components/query-state.tsx';

/** What staff see first: the coming live classes, the day, the outbox, the approval. */
export function DashboardPage() {
  const dashboard = useDashboard();
  return (
    <AdminPage title="Dashboard">
      <QueryState query={dashboard}>
        {(d) => (
          <>
            {d.isApprovalExpired && (
              <Alert>
                The AGD PACE approval ended on {d.approvalEnd}. Certificates still show it: renew the approval
                and update the provider details in <Link to="/admin/settings">Settings</Link>.
              </Alert>
            )}
            <ul className="admin-stats">
              <li className="card">
                <span className="admin-stat">{d.registrationsToday}</span> registrations today
              </li>
              <li className="card">
                <span className="admin-stat">{d.completionsToday}</span> completions today
              </li>
              <li className="card">
                <span className="admin-stat">{d.outbox.pending}</span> mails waiting
              </li>
              <li className={d.outbox.failed > 0 ? 'card admin-stat-alert' : 'card'}>
                <span className="admin-stat">{d.outbox.failed}</span>{' '}
                <Link to="/admin/outbox">failed mails</Link>
              </li>
            </ul>
            <h2>Upcoming live classes</h2>
            {d.upcoming.length === 0 ? (
              <EmptyState text="No upcoming live classes." />
            ) : (
              <DataTable
                caption="Upcoming live classes"
                rowKey={(c) => c.id}
                rows={d.upcoming}
                columns={[
                  {
                    key: 'title',
                    label: 'Class',
                    isMain: true,
                    cell: (c) => <Link to={`/admin/classes/${c.id}/seats`}>{c.title}</Link>,
                  },
                  {
                    key: 'when',
                    label: 'Starts',
                    cell: (c) => <LocalTime iso={c.releaseAt} format="dateTime" />,
                  },
                  {
                    key: 'seats',
                    label: 'Seats',
                    cell: (c) =>
                      c.capacity === null ? `${c.seats} (no limit)` : `${c.seats} of ${c.capacity}`,
                  },
                  { key: 'waitlist', label: 'Waitlist', cell: (c) => c.waitlist },
                ]}
              />
            )}
            <p className="admin-note">
              {d.lastAgdSubmission ? (
                <>
                  Last AGD file: {<LocalTime iso={d.lastAgdSubmission.createdAt} format="dateTime" />},{' '}
                  {d.lastAgdSubmission.rowCount} completions.{' '}
                </>
              ) : (
                <>No AGD file yet. </>
              )}
              <Link to="/admin/agd">AGD submissions</Link>
            </p>
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
