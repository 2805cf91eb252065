import { creditLabel } from '@opence/shared';
import type { TAdminMe } from '@opence/shared/schemas';
import { useParams } from 'react-router';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDay, formatDateTime } from '../../../lib/dates.ts';
import { useMemberAction, useMemberDetail } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { DataTable } from '../components/data-table.tsx';
import { QueryState } from '../components/query-state.tsx';

/** A member: profile summary, completions, and the actions staff take for them. */
export function MemberPage({ me }: { me: TAdminMe }) {
  const { id = '' } = useParams();
  const member = useMemberDetail(id);
  const action = useMemberAction(id);
  const done = action.isSuccess ? 'Done. The mail is in the outbox.' : null;
  return (
    <AdminPage
      title={`Member: ${member.data?.member.username ?? '…'}`}
      back={{ to: '/admin/members', label: 'Members' }}
    >
      {action.error && <Alert>{action.error.message}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <QueryState query={member}>
        {(d) => (
          <>
            <dl className="admin-facts card">
              <dt>Name</dt>
              <dd>{d.member.name || '—'}</dd>
              <dt>E-mail</dt>
              <dd>{d.member.email}</dd>
              <dt>Office</dt>
              <dd>{d.member.officeName ?? '—'}</dd>
              <dt>Phone</dt>
              <dd>{d.member.phone ?? '—'}</dd>
              <dt>AGD number</dt>
              <dd>{d.member.agdNumber ?? '—'}</dd>
              <dt>Joined</dt>
              <dd>{formatDay(d.member.createdAt)}</dd>
              {d.member.erasedAt && (
                <>
                  <dt>Erased</dt>
                  <dd>{formatDay(d.member.erasedAt)}</dd>
                </>
              )}
            </dl>
            {!d.member.erasedAt && (
              <div className="admin-actions">
                {me.actions.passwordReset && (
                  <ConfirmButton
                    variant="secondary"
                    label="Send a password-reset mail"
                    title="Send a password-reset mail?"
                    confirmLabel="Send"
                    onConfirm={() => action.mutate(`members/${id}/password-reset`)}
                  >
                    <p>{d.member.email} gets a link to set a new password, valid for one hour.</p>
                  </ConfirmButton>
                )}
                {me.actions.erase && d.member.role !== 'staff' && (
                  <ConfirmButton
                    label="Erase personal data"
                    title="Erase this member's personal data?"
                    confirmLabel="Erase"
                    onConfirm={() => action.mutate(`members/${id}/erase`)}
                  >
                    <p>
                      Name, contact, profile, sessions and sponsor leads are erased for good; anonymous counts
                      stay.
                    </p>
                  </ConfirmButton>
                )}
              </div>
            )}
            <h2>Completions</h2>
            {d.completions.length === 0 ? (
              <EmptyState text="No CE completed." />
            ) : (
              <DataTable
                caption="Completions"
                rowKey={(c) => c.id}
                rows={d.completions}
                columns={[
                  { key: 'title', label: 'Course', isMain: true, cell: (c) => c.title },
                  { key: 'date', label: 'Completed', cell: (c) => formatDateTime(c.completedAt) },
                  {
                    key: 'credits',
                    label: 'Credits',
                    cell: (c) => `${c.credits} CEU (${creditLabel(c.ceTypeId)})`,
                  },
                  { key: 'cert', label: 'Certificate', cell: (c) => c.certificateNumber },
                  {
                    key: 'agd',
                    label: 'Sent to the AGD',
                    cell: (c) => (c.agdSubmittedAt ? formatDay(c.agdSubmittedAt) : 'Not yet'),
                  },
                  ...(me.actions.resendCertificate && !d.member.erasedAt
                    ? [
                        {
                          key: 'resend',
                          label: 'Certificate mail',
                          cell: (c: (typeof d.completions)[number]) => (
                            <ConfirmButton
                              variant="secondary"
                              label="Send again"
                              title="Send this certificate again?"
                              confirmLabel="Send"
                              onConfirm={() => action.mutate(`completions/${c.id}/resend-certificate`)}
                            >
                              <p>
                                {d.member.email} gets the certificate of “{c.title}” again, marked Duplicate.
                              </p>
                            </ConfirmButton>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            )}
          </>
        )}
      </QueryState>
    </AdminPage>
  );
}
