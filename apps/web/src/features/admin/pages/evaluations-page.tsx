import { useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/feedback.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useEvaluations } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { ListCount } from '../components/list-controls.tsx';
import { QueryState } from '../components/query-state.tsx';

/** Evaluation results of a class or episode: the average of each rating (4 best) and the comments. */
export function EvaluationsPage({ owner }: { owner: 'classes' | 'podcasts' }) {
  const { id = '' } = useParams();
  const results = useEvaluations(owner, id);
  return (
    <AdminPage
      title={`Evaluations: ${results.data?.title ?? '…'}`}
      back={{ to: `/admin/${owner}/${id}`, label: owner === 'classes' ? 'Class' : 'Podcast episode' }}
    >
      <QueryState query={results}>
        {(d) =>
          d.count === 0 ? (
            <EmptyState text="No evaluations yet." />
          ) : (
            <>
              <ListCount>{d.count} evaluations. Ratings: 4 Excellent, 3 Good, 2 Fair, 1 Poor.</ListCount>
              <DataTable
                caption="Average ratings"
                rowKey={(a) => a.question}
                rows={d.averages}
                columns={[
                  { key: 'q', label: 'Question', isMain: true, cell: (a) => a.label },
                  {
                    key: 'avg',
                    label: 'Average',
                    cell: (a) => (a.average === null ? '—' : a.average.toFixed(2)),
                  },
                ]}
              />
              <h2>Comments</h2>
              {d.comments.length === 0 ? (
                <EmptyState text="No comments." />
              ) : (
                <ul className="admin-comments">
                  {d.comments.map((c, i) => (
                    <li key={i} className="card">
                      <p className="admin-note">{formatDateTime(c.at)}</p>
                      {c.comments && <p>{c.comments}</p>}
                      {c.otherTopics && <p>Other topics wanted: {c.otherTopics}</p>}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )
        }
      </QueryState>
    </AdminPage>
  );
}
