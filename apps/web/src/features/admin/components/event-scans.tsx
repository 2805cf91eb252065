import { zodResolver } from '@hookform/resolvers/zod';
import {
  ZScanAddForm,
  ZScanningRequest,
  ZScanRemoveForm,
  type TAdminEventScansResponse,
  type TScanAddForm,
  type TScanningRequest,
  type TScanRemoveForm,
} from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { EventEvidence } from '../../../components/evidence/event-evidence.tsx';
import { Alert, Badge, EmptyState } from '../../../components/ui/feedback.tsx';
import { CheckboxField, SelectField, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { serverFormErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useCorrectScan, useEventScans, useSaveScanning } from '../api/event-scans.ts';
import { QueryState } from './query-state.tsx';

/*
 * An in-person event's scanning in the console (issue 42): on or off with the minimum presence,
 * the door screen, and each member's scans with their evidence and the two corrections (add a
 * missing scan, remove a wrong one), each with a reason that is logged and shown.
 */

type TAttendee = TAdminEventScansResponse['data'][number];

function ScanningSettings({ eventId, data }: { eventId: string; data: TAdminEventScansResponse }) {
  const save = useSaveScanning(eventId);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TScanningRequest>({
    resolver: zodResolver(ZScanningRequest),
    defaultValues: { isScanning: data.isScanning, minPresenceMin: data.minPresenceMin ?? 60 },
  });
  return (
    <form
      className="stack"
      noValidate
      onSubmit={handleSubmit(async (values) => {
        setSaved(false);
        await save.mutateAsync(values);
        setSaved(true);
      })}
    >
      <CheckboxField
        id="scanning-on"
        label="Members scan in and out at the door"
        hint="The door screen shows an entry and an exit QR code that change every few minutes."
        registration={register('isScanning')}
      />
      <TextField
        id="scanning-min"
        label="Minimum presence (minutes)"
        type="number"
        inputMode="numeric"
        min={1}
        max={1440}
        hint="From scan-in to scan-out; below it the member gets no in-person credit."
        error={errors.minPresenceMin?.message}
        registration={register('minPresenceMin', { valueAsNumber: true })}
      />
      {save.error && <Alert>{serverFormErrors(save.error).message}</Alert>}
      {saved && <Alert kind="success">Scanning settings saved.</Alert>}
      <div className="admin-actions">
        <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
          Save scanning
        </SubmitButton>
        {data.isScanning && <Link to={`/admin/events/${eventId}/door`}>Open the door screen</Link>}
      </div>
    </form>
  );
}

/** A correction's reason (logged and shown), the refusal if any, and its button. */
function ReasonAndSubmit({
  id,
  reason,
  correct,
  variant,
  label,
  pendingLabel,
}: {
  id: string;
  reason: { error: string | undefined; registration: UseFormRegisterReturn };
  correct: ReturnType<typeof useCorrectScan>;
  variant: 'secondary' | 'danger';
  label: string;
  pendingLabel: string;
}) {
  return (
    <>
      <TextAreaField
        id={`${id}-reason`}
        label="Reason (logged and shown with the evidence)"
        rows={2}
        error={reason.error}
        registration={reason.registration}
      />
      {correct.error && <Alert>{serverFormErrors(correct.error).message}</Alert>}
      <SubmitButton isPending={correct.isPending} pendingLabel={pendingLabel} variant={variant}>
        {label}
      </SubmitButton>
    </>
  );
}

function AddScan({ eventId, attendee }: { eventId: string; attendee: TAttendee }) {
  const correct = useCorrectScan(eventId);
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TScanAddForm>({
    resolver: zodResolver(ZScanAddForm),
    defaultValues: { direction: 'out', at: '', reason: '' },
  });
  return (
    <form
      className="stack"
      noValidate
      aria-label={`Add a scan for ${attendee.name}`}
      onSubmit={handleSubmit(async (v) => {
        await correct.mutateAsync({
          action: 'add',
          memberId: attendee.memberId,
          direction: v.direction,
          at: new Date(v.at).toISOString(),
          reason: v.reason,
        });
        reset();
      })}
    >
      <SelectField
        id={`${id}-direction`}
        label="Scan to add"
        placeholder={null}
        options={[
          { value: 'out', label: 'Scan-out' },
          { value: 'in', label: 'Scan-in' },
        ]}
        registration={register('direction')}
      />
      <TextField
        id={`${id}-at`}
        label="Time of the scan"
        type="datetime-local"
        error={errors.at?.message}
        registration={register('at')}
      />
      <ReasonAndSubmit
        id={id}
        reason={{ error: errors.reason?.message, registration: register('reason') }}
        correct={correct}
        variant="secondary"
        label="Add scan"
        pendingLabel="Adding…"
      />
    </form>
  );
}

function RemoveScan({ eventId, attendee }: { eventId: string; attendee: TAttendee }) {
  const correct = useCorrectScan(eventId);
  const id = useId();
  const kept = attendee.evidence.scans.filter((s) => !s.removed);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TScanRemoveForm>({
    resolver: zodResolver(ZScanRemoveForm),
    defaultValues: { scanId: '', reason: '' },
  });
  if (kept.length === 0) return null;
  return (
    <form
      className="stack"
      noValidate
      aria-label={`Remove a scan of ${attendee.name}`}
      onSubmit={handleSubmit(async (v) => {
        await correct.mutateAsync({ action: 'remove', scanId: v.scanId, reason: v.reason });
        reset();
      })}
    >
      <SelectField
        id={`${id}-scan`}
        label="Scan to remove"
        options={kept.map((s) => ({
          value: s.id,
          label: `${s.direction === 'in' ? 'Scan-in' : 'Scan-out'} ${formatDateTime(s.at)}`,
        }))}
        error={errors.scanId?.message}
        registration={register('scanId')}
      />
      <ReasonAndSubmit
        id={id}
        reason={{ error: errors.reason?.message, registration: register('reason') }}
        correct={correct}
        variant="danger"
        label="Remove scan"
        pendingLabel="Removing…"
      />
    </form>
  );
}

function Attendee({ eventId, attendee }: { eventId: string; attendee: TAttendee }) {
  const isLive = attendee.evidence.decision === 'live';
  return (
    <li className="card stack event-scan-attendee">
      <div className="admin-page-header">
        <h3>
          {attendee.name} <span className="admin-note">{attendee.email}</span>
        </h3>
        <Badge tone={isLive ? 'success' : 'warning'}>
          {isLive ? `Credit · ${attendee.certificateNumber ?? ''}` : 'No credit yet'}
        </Badge>
      </div>
      <EventEvidence evidence={attendee.evidence} correctedBy={attendee.correctedBy} headingLevel={3} />
      <details>
        <summary>Correct a scan</summary>
        <div className="event-scan-corrections">
          <AddScan eventId={eventId} attendee={attendee} />
          <RemoveScan eventId={eventId} attendee={attendee} />
        </div>
      </details>
    </li>
  );
}

export function EventScans({ eventId }: { eventId: string }) {
  const scans = useEventScans(eventId);
  const headingId = useId();
  return (
    <section className="stack admin-after-form" aria-labelledby={headingId}>
      <h2 id={headingId}>Scan-in and scan-out</h2>
      <QueryState query={scans}>
        {(data) => (
          <>
            <ScanningSettings eventId={eventId} data={data} />
            {data.data.length === 0 ? (
              <EmptyState text="No scans yet." />
            ) : (
              <ul className="stack event-scan-list">
                {data.data.map((a) => (
                  <Attendee key={a.memberId} eventId={eventId} attendee={a} />
                ))}
              </ul>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
