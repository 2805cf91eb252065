import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { Texts } from '@opence/shared';
import type {
  TAttendanceConfirmResponse,
  TAttendanceMatch,
  TAttendancePreviewResponse,
  TAttendanceRow,
} from '@opence/shared/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState } from '../../../components/ui/feedback.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { useConfirmAttendance, usePreviewAttendance } from '../api/attendance.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { DataTable } from '../components/data-table.tsx';

/*
 * Verified attendance of a live webinar (issue 25): staff upload the meeting service's
 * participant report (CSV), see who it verifies, who stays below the threshold and which rows
 * matched no member, then confirm. A corrected report replaces the confirmed one.
 */

/** Why a row matched a member, or did not (docs/decisions/0931). */
const MATCH_TEXTS: Record<TAttendanceMatch, string> = {
  'account-email': Texts.ATTENDANCE_MATCH_ACCOUNT_EMAIL,
  'confirmed-home-email': Texts.ATTENDANCE_MATCH_CONFIRMED_HOME_EMAIL,
  'no-account': Texts.ATTENDANCE_MATCH_NO_ACCOUNT,
  'unconfirmed-home-email': Texts.ATTENDANCE_MATCH_UNCONFIRMED_HOME_EMAIL,
  'shared-home-email': Texts.ATTENDANCE_MATCH_SHARED_HOME_EMAIL,
  'no-email': Texts.ATTENDANCE_MATCH_NO_EMAIL,
};

function RowsTable({ caption, rows, empty }: { caption: string; rows: TAttendanceRow[]; empty: string }) {
  return (
    <section className="stack">
      <h2>
        {caption} ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <EmptyState text={empty} />
      ) : (
        <DataTable
          caption={caption}
          rowKey={(r) => `${r.email}|${r.name}`}
          rows={rows}
          columns={[
            {
              key: 'member',
              label: 'Member',
              isMain: true,
              cell: (r) => r.memberName || r.name || '—',
            },
            { key: 'email', label: 'E-mail', cell: (r) => r.email || '—' },
            { key: 'minutes', label: 'Minutes', cell: (r) => String(r.minutes) },
            { key: 'why', label: 'Why', cell: (r) => (r.match ? MATCH_TEXTS[r.match] : '—') },
          ]}
        />
      )}
    </section>
  );
}

export function AttendancePage() {
  const { id = '' } = useParams();
  const fileId = useId();
  const thresholdId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [threshold, setThreshold] = useState('');
  const [preview, setPreview] = useState<TAttendancePreviewResponse | null>(null);
  const [done, setDone] = useState<TAttendanceConfirmResponse | null>(null);
  const [isFileMissing, setFileMissing] = useState(false);
  const previewing = usePreviewAttendance();
  const confirming = useConfirmAttendance();
  const busy = previewing.isPending || confirming.isPending;
  const error = isFileMissing
    ? 'Choose the participant report (a CSV file).'
    : (previewing.error ?? confirming.error)?.message;

  const dismissError = () => {
    setFileMissing(false);
    previewing.reset();
    confirming.reset();
  };

  const upload = (event: FormEvent) => {
    event.preventDefault();
    confirming.reset();
    setFileMissing(!file);
    if (!file) return;
    const thresholdPct = threshold.trim() === '' ? undefined : Number(threshold);
    setDone(null);
    previewing.mutate({ classId: id, file, thresholdPct }, { onSuccess: setPreview });
  };

  const confirm = () => {
    if (!preview) return;
    confirming.mutate(preview.id, {
      onSuccess: (result) => {
        setDone(result);
        setPreview(null);
      },
    });
  };

  return (
    <AdminPage
      title={`Attendance report${preview ? `: ${preview.classTitle}` : ''}`}
      back={{ to: `/admin/classes/${id}`, label: 'Class' }}
    >
      {error && <Alert onDismiss={dismissError}>{error}</Alert>}
      {done && (
        <Alert kind="success">
          Confirmed{done.replaced ? ' (the earlier report is replaced)' : ''}: {done.live} with live credit,{' '}
          {done.belowThreshold} below the threshold, {done.unmatched} rows matched no member.
        </Alert>
      )}
      <form className="card stack" onSubmit={upload}>
        <p>
          Upload the meeting’s participant report as CSV (name, e-mail, join time, leave time, duration in
          minutes). Rows of one person are added up; members are matched by their account e-mail, or by a home
          e-mail they confirmed by its link.
        </p>
        <TextField
          id={fileId}
          label="Participant report (CSV)"
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <TextField
          id={thresholdId}
          label="Threshold (% of the duration; the class’s own when blank, else 80)"
          type="number"
          min={1}
          max={100}
          inputMode="numeric"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
        />
        <div>
          <SubmitButton isPending={busy} pendingLabel="Preview">
            Preview
          </SubmitButton>
        </div>
      </form>
      {preview && (
        <div className="stack admin-after-form">
          <p>
            {preview.durationMin} minutes; live credit from {preview.thresholdMin} minutes (
            {preview.thresholdPct} %). Nothing changes until you confirm.
          </p>
          <RowsTable
            caption="Verified: live credit"
            rows={preview.matched}
            empty="No member reached the threshold."
          />
          <RowsTable
            caption="Below the threshold"
            rows={preview.belowThreshold}
            empty="No member below the threshold."
          />
          <RowsTable
            caption="Matched no member"
            rows={preview.unmatched}
            empty="Every row matched a member."
          />
          <div>
            <Button onClick={confirm} disabled={busy}>
              Confirm import
            </Button>
          </div>
        </div>
      )}
    </AdminPage>
  );
}
