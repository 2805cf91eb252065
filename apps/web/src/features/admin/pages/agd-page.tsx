import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDateTime, formatDay } from '../../../lib/dates.ts';
import { downloadCsv, useAgdSubmissions, useRunAgdSubmission } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';
import { DataTable } from '../components/data-table.tsx';
import { Pager } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

/**
 * The AGD weekly submissions (03 §7): each file to download and upload to the AGD, the rows
 * held back because the AGD number is not six digits, and a run made by hand.
 */
export function AgdPage() {
  const [page, setPage] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const list = useAgdSubmissions(page);
  const run = useRunAgdSubmission();
  const download = (id: string) =>
    downloadCsv(`agd-submissions/${id}/csv`, 'agd-roster.csv').catch((e: Error) => setError(e.message));
  return (
    <AdminPage
      title="AGD submissions"
      actions={
        <ConfirmButton
          variant="primary"
          label="Make a file now"
          title="Make an AGD file now?"
          confirmLabel="Make the file"
          disabled={run.isPending}
          onConfirm={() => run.mutate()}
        >
          <p>
            Every completion not yet sent goes into a new file and is marked as sent. The weekly run does this
            on its own each Monday.
          </p>
        </ConfirmButton>
      }
    >
      <p>
        Download each file and upload it to the AGD. Rows whose AGD number is not six digits are held back and
        tried again next time.
      </p>
      {run.data && <Alert kind="success">{run.data.msg}</Alert>}
      {(run.error ?? error) && <Alert onDismiss={() => setError(null)}>{run.error?.message ?? error}</Alert>}
      <QueryState query={list}>
        {(d) =>
          d.totalRows === 0 ? (
            <EmptyState text="No AGD file yet." />
          ) : (
            <>
              <DataTable
                caption="AGD files"
                rowKey={(s) => s.id}
                rows={d.data}
                columns={[
                  { key: 'made', label: 'Made', isMain: true, cell: (s) => formatDateTime(s.createdAt) },
                  { key: 'period', label: 'Completions before', cell: (s) => formatDay(s.periodEnd) },
                  { key: 'rows', label: 'Rows', cell: (s) => s.rowCount },
                  {
                    key: 'held',
                    label: 'Held back',
                    cell: (s) =>
                      s.heldBack.length === 0 ? (
                        'None'
                      ) : (
                        <details>
                          <summary>{s.heldBack.length} held back</summary>
                          <ul>
                            {s.heldBack.map((h) => (
                              <li key={h.completionId}>
                                {h.name || h.username}: AGD number “{h.agdNumber}”, {h.title}
                              </li>
                            ))}
                          </ul>
                        </details>
                      ),
                  },
                  {
                    key: 'file',
                    label: 'File',
                    cell: (s) => (
                      <Button
                        variant="secondary"
                        onClick={() => void download(s.id)}
                        aria-label={`Download the file made ${formatDateTime(s.createdAt)}`}
                      >
                        Download CSV
                      </Button>
                    ),
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
