import { MAIL_STATUSES } from '@opence/shared/schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useMail, useOutbox, useResendMail, useRetryMail } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ListCount, Pager, SearchBox } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

const TONE = { sent: 'success', failed: 'warning' } as const;

/**
 * One mail as staff may read it: its one-time links taken out (issue 37), with a button that
 * sends it again to its address, where the member gets the live link. Each reading is audited.
 */
function MailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const mail = useMail(id);
  const resend = useResendMail();
  return (
    <Modal
      open
      title={mail.data?.data.subject ?? 'Mail'}
      onClose={onClose}
      actions={
        <>
          <Button
            variant="secondary"
            disabled={resend.isPending || !mail.data}
            onClick={() => resend.mutate(id)}
          >
            {resend.isPending ? 'Sending…' : 'Resend to the member'}
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <QueryState query={mail}>
        {(d) => (
          <>
            <p className="admin-note">
              To {d.data.toAddress} · {d.data.kind} · {d.data.status}
            </p>
            {d.data.hasRedactedLinks && (
              <p className="admin-note">
                One-time links (sign-in, password reset, confirmations) are hidden here. To give the member a
                working link, resend the mail: it goes to their address only.
              </p>
            )}
            {resend.isSuccess && <Alert kind="success">Sent again to {d.data.toAddress}.</Alert>}
            {resend.error && <Alert>{resend.error.message}</Alert>}
            <pre className="admin-mail-body">{d.data.textBody}</pre>
          </>
        )}
      </QueryState>
    </Modal>
  );
}

/** The mail outbox (03 §9): every mail with its status; a failed one can be sent again. */
export function OutboxPage() {
  const [status, setStatus] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [reading, setReading] = useState<string | null>(null);
  const outbox = useOutbox(status, q, page);
  const retry = useRetryMail();
  return (
    <AdminPage title="Mail outbox">
      <div className="admin-filters">
        <div className="field">
          <label htmlFor="outbox-status">Status</label>
          <select
            id="outbox-status"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value);
              setPage(0);
            }}
          >
            <option value="">All</option>
            {MAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <SearchBox
          label="Search by address, subject or kind"
          value={q}
          onSearch={(text) => {
            setQ(text);
            setPage(0);
          }}
        />
      </div>
      {retry.error && <Alert>{retry.error.message}</Alert>}
      <QueryState query={outbox}>
        {(d) =>
          d.totalRows === 0 ? (
            <EmptyState text="No mail here." />
          ) : (
            <>
              <ListCount>{d.totalRows} mails</ListCount>
              <DataTable
                caption="Mail outbox"
                rowKey={(m) => m.id}
                rows={d.data}
                columns={[
                  {
                    key: 'subject',
                    label: 'Subject',
                    isMain: true,
                    cell: (m) => (
                      <Button variant="link" onClick={() => setReading(m.id)}>
                        {m.subject}
                      </Button>
                    ),
                  },
                  { key: 'to', label: 'To', cell: (m) => m.toAddress },
                  {
                    key: 'status',
                    label: 'Status',
                    cell: (m) => (
                      <Badge tone={TONE[m.status as keyof typeof TONE] ?? 'primary'}>{m.status}</Badge>
                    ),
                  },
                  { key: 'created', label: 'Queued', cell: (m) => formatDateTime(m.createdAt) },
                  { key: 'error', label: 'Last error', cell: (m) => m.lastError ?? '—' },
                  {
                    key: 'retry',
                    label: 'Action',
                    cell: (m) =>
                      m.status === 'failed' ? (
                        <Button
                          variant="secondary"
                          disabled={retry.isPending}
                          onClick={() => retry.mutate(m.id)}
                        >
                          Retry
                        </Button>
                      ) : (
                        '—'
                      ),
                  },
                ]}
              />
              <Pager page={page} totalRows={d.totalRows} pageSize={d.pageSize} onPage={setPage} />
            </>
          )
        }
      </QueryState>
      {reading && <MailDialog id={reading} onClose={() => setReading(null)} />}
    </AdminPage>
  );
}
