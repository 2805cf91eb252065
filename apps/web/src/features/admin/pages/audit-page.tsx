import { useState } from 'react';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAuditLog } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ListCount, Pager, SearchBox } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

/** Every staff change: who, what, when (03 §10). */
export function AuditPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const log = useAuditLog(q, page);
  return (
    <AdminPage title="Audit log">
      <SearchBox
        label="Search by entity, action, id or staff username"
        value={q}
        onSearch={(text) => {
          setQ(text);
          setPage(0);
        }}
      />
      <QueryState query={log}>
        {(d) =>
          d.totalRows === 0 ? (
            <EmptyState text="No changes recorded." />
          ) : (
            <>
              <ListCount>{d.totalRows} changes</ListCount>
              <DataTable
                caption="Audit log"
                rowKey={(e) => e.id}
                rows={d.data}
                columns={[
                  { key: 'at', label: 'When', isMain: true, cell: (e) => formatDateTime(e.at) },
                  { key: 'actor', label: 'Who', cell: (e) => e.actor ?? 'System' },
                  { key: 'action', label: 'Action', cell: (e) => e.action },
                  {
                    key: 'entity',
                    label: 'What',
                    cell: (e) => `${e.entity}${e.entityId ? ` ${e.entityId.slice(-8)}` : ''}`,
                  },
                  {
                    key: 'detail',
                    label: 'Detail',
                    cell: (e) => <code className="admin-detail">{e.detail}</code>,
                  },
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
