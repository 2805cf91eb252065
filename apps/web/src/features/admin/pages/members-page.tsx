import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useMembers } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ListCount, Pager, SearchBox } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

/** Members, found by username, e-mail or name. */
export function MembersPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const members = useMembers(q, page);
  return (
    <AdminPage title="Members">
      <SearchBox
        label="Search by username, e-mail or name"
        value={q}
        onSearch={(text) => {
          setQ(text);
          setPage(0);
        }}
      />
      <QueryState query={members}>
        {(d) =>
          d.totalRows === 0 ? (
            <EmptyState text={q ? `No member matches “${q}”.` : 'No members yet.'} />
          ) : (
            <>
              <ListCount>{d.totalRows} members</ListCount>
              <DataTable
                caption="Members"
                rowKey={(m) => m.id}
                rows={d.data}
                columns={[
                  {
                    key: 'username',
                    label: 'Username',
                    isMain: true,
                    cell: (m) => (
                      <>
                        <Link to={`/admin/members/${m.id}`}>{m.username}</Link>{' '}
                        {m.role === 'staff' && <Badge>Staff</Badge>}{' '}
                        {m.erasedAt && <Badge tone="warning">Erased</Badge>}
                      </>
                    ),
                  },
                  { key: 'name', label: 'Name', cell: (m) => m.name || '—' },
                  { key: 'email', label: 'E-mail', cell: (m) => m.email },
                  { key: 'agd', label: 'AGD number', cell: (m) => m.agdNumber ?? '—' },
                  { key: 'joined', label: 'Joined', cell: (m) => formatDay(m.createdAt) },
                ]}
              />
              <Pager page={page} totalRows={d.totalRows} pageSize={d.pageSize} onPage={setPage} />
            </>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
