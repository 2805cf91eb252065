import type { TSponsorReport } from '@opence/shared/schemas';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { downloadCsv, useSponsors } from '../api/operations.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { QueryState } from '../components/query-state.tsx';

/** Per sponsor, the CSV reports it receives: sponsor-video answers, survey answers, leads. */
export function SponsorsPage() {
  const sponsors = useSponsors();
  const [error, setError] = useState<string | null>(null);
  const download = (id: string, report: TSponsorReport) =>
    downloadCsv(`sponsors/${id}/reports/${report}`, `${report}.csv`).catch((e: Error) => setError(e.message));
  const button = (id: string, name: string, report: TSponsorReport, count: number, label: string) => (
    <Button
      variant="link"
      disabled={count === 0}
      onClick={() => void download(id, report)}
      aria-label={`${label} of ${name} (CSV)`}
    >
      {count} · CSV
    </Button>
  );
  return (
    <AdminPage title="Sponsor reports">
      <p>
        Contact details go to a sponsor only where the member said yes to that sponsor (sponsor video yes,
        eBook request, mobile ad, privacy opt-in). Survey answers are anonymous.
      </p>
      {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
      <QueryState query={sponsors}>
        {(d) =>
          d.data.length === 0 ? (
            <EmptyState text="No companies yet." />
          ) : (
            <DataTable
              caption="Sponsors"
              rowKey={(s) => s.id}
              rows={d.data}
              columns={[
                { key: 'name', label: 'Company', isMain: true, cell: (s) => s.name },
                {
                  key: 'video',
                  label: 'Sponsor-video answers',
                  cell: (s) =>
                    button(
                      s.id,
                      s.name,
                      'sponsor-video-answers',
                      s.sponsorVideoAnswers,
                      'Sponsor-video answers',
                    ),
                },
                {
                  key: 'survey',
                  label: 'Survey answers',
                  cell: (s) => button(s.id, s.name, 'survey-answers', s.surveyAnswers, 'Survey answers'),
                },
                {
                  key: 'leads',
                  label: 'Leads',
                  cell: (s) => button(s.id, s.name, 'leads', s.leads, 'Leads'),
                },
              ]}
            />
          )
        }
      </QueryState>
    </AdminPage>
  );
}
