import { useState } from 'react';
import { Link } from 'react-router';
import { Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { useTrackerRules } from '../api/tracker-rules.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';
import { QueryState } from '../components/query-state.tsx';

/* The CE tracker's requirement rules (issue 23): by state and licence type, the ones to verify flagged. */

export const LICENCE_TYPES: Record<string, string> = {
  dentist: 'Dentist',
  dental_hygienist: 'Dental hygienist',
  dental_assistant: 'Dental assistant',
};

export function TrackerRulesPage() {
  const [state, setState] = useState('');
  const [licenceType, setLicenceType] = useState('');
  const wantedState = /^[A-Za-z]{2}$/.test(state) ? state.toUpperCase() : '';
  const list = useTrackerRules(wantedState, licenceType);
  return (
    <AdminPage title="CE requirement rules">
      <p>
        What each state’s board asks of a license, with its sources. Members see the day a rule was last
        verified; a rule not verified in the last 12 months is flagged here.
      </p>
      <div className="admin-filters">
        <div className="admin-search">
          <label htmlFor="rules-state">State (two letters)</label>
          <input
            id="rules-state"
            value={state}
            maxLength={2}
            autoCapitalize="characters"
            onChange={(e) => setState(e.target.value)}
          />
        </div>
        <div className="admin-search">
          <label htmlFor="rules-type">License type</label>
          <select id="rules-type" value={licenceType} onChange={(e) => setLicenceType(e.target.value)}>
            <option value="">All</option>
            {Object.entries(LICENCE_TYPES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState query={list}>
        {(d) =>
          d.rules.length === 0 ? (
            <EmptyState text="No rule for this state and license type." />
          ) : (
            <DataTable
              caption="CE requirement rules"
              rowKey={(r) => r.id}
              rows={d.rules}
              columns={[
                {
                  key: 'rule',
                  label: 'Rule',
                  isMain: true,
                  cell: (r) => (
                    <Link to={`/admin/tracker-rules/${r.id}`}>
                      {r.state} · {LICENCE_TYPES[r.licenceType] ?? r.licenceType}
                    </Link>
                  ),
                },
                { key: 'total', label: 'Total hours', cell: (r) => r.totalHours ?? 'unknown' },
                { key: 'confidence', label: 'Confidence', cell: (r) => r.confidence },
                {
                  key: 'verified',
                  label: 'Verified',
                  cell: (r) => (
                    <>
                      {r.verifiedOn ?? 'never'} {r.needsVerifying && <Badge tone="warning">to verify</Badge>}
                    </>
                  ),
                },
              ]}
            />
          )
        }
      </QueryState>
    </AdminPage>
  );
}
