import { zodResolver } from '@hookform/resolvers/zod';
import { ImportTexts as I, TRACKER_DELIVERIES, TrackerTexts as T } from '@opence/shared';
import {
  ZTrackerCertificateInput,
  type TCertificateImport,
  type TTrackerCertificate,
} from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import {
  downloadCertificateFile,
  useAddCertificate,
  useCertificates,
  useDeleteCertificate,
  useRestoreCertificate,
  useTopics,
} from '../api/tracker-api.ts';
import { useConfirmImport } from '../api/certificate-import-api.ts';
import { CertificateImport, ImportReview, importHint } from './certificate-import.tsx';
import { StorageUse } from './storage-use.tsx';
import { day, deliveryLabel, fill, hours } from './tracker-labels.ts';
import { notice, TrackerNotice, type TNotice } from './tracker-notice.tsx';

type TIn = z.input<typeof ZTrackerCertificateInput>;
type TOut = z.output<typeof ZTrackerCertificateInput>;

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const MAX_BYTES = 10 * 1024 * 1024;
/** Certificates shown before "All certificates" (the rest one tap away). */
const SHOWN = 5;
const TOPIC_GROUPS: [string, string][] = [
  ['mandatory', T.TOPIC_KIND_MANDATORY],
  ['category', T.TOPIC_KIND_CATEGORY],
  ['agd', T.TOPIC_KIND_AGD],
];

/** What an import read, as the form's starting values (blank where nothing was read). */
const importedValues = (imported: TCertificateImport) => {
  const read = (field: keyof TCertificateImport['fields']) => imported.fields[field].value ?? '';
  return {
    provider: read('provider'),
    title: read('title'),
    completedOn: read('completedOn'),
    hours: read('hours') as unknown as number,
    topics: imported.topics,
    approval: read('approval'),
  };
};

/** The certificate form: typed in with its file, or (issue 41) an import's fields to review. */
function CertificateForm({
  onDone,
  imported,
}: {
  onDone: (saved: TTrackerCertificate | null) => void;
  imported?: TCertificateImport;
}) {
  const topics = useTopics();
  const add = useAddCertificate();
  const confirm = useConfirmImport();
  const saving = imported ? confirm : add;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(ZTrackerCertificateInput),
    defaultValues: {
      provider: '',
      title: '',
      completedOn: '',
      hours: '' as unknown as number,
      delivery: 'self_study',
      topics: [],
      approval: '',
      expiresOn: '',
      ...(imported ? importedValues(imported) : {}),
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    if (imported) {
      return confirm.mutate(
        { ...values, approval: values.approval || null, importId: imported.id },
        { onSuccess: (saved) => onDone(saved) },
      );
    }
    if (!file) return setFileError(T.FILE_MISSING);
    if (file.size > MAX_BYTES) return setFileError(T.FILE_TOO_LARGE);
    setFileError(null);
    add.mutate(
      { input: { ...values, approval: values.approval || null }, file },
      { onSuccess: (saved) => onDone(saved) },
    );
  });
  const all = topics.data?.topics ?? [];
  return (
    <form
      className="card tracker-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={imported ? I.REVIEW_HEADING : T.UPLOAD_CERTIFICATE}
    >
      <h3>{imported ? I.REVIEW_HEADING : T.UPLOAD_CERTIFICATE}</h3>
      {saving.isError && <Alert>{saving.error.message}</Alert>}
      {imported && <ImportReview imported={imported} />}
      {!imported && (
        <div className="field">
          <label htmlFor="cert-file">{T.FILE}</label>
          <input
            id="cert-file"
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'cert-file-error' : undefined}
          />
          {fileError && (
            <span id="cert-file-error" className="field-error">
              {fileError}
            </span>
          )}
        </div>
      )}
      <TextField
        id="cert-provider"
        label={T.PROVIDER}
        hint={importHint(imported, 'provider')}
        registration={form.register('provider')}
        error={errors.provider?.message}
      />
      <TextField
        id="cert-title"
        label={T.COURSE_TITLE}
        hint={importHint(imported, 'title')}
        registration={form.register('title')}
        error={errors.title?.message}
      />
      <div className="tracker-form-row">
        <TextField
          id="cert-date"
          type="date"
          label={T.DATE_COMPLETED}
          hint={importHint(imported, 'completedOn')}
          registration={form.register('completedOn')}
          error={errors.completedOn?.message}
        />
        <TextField
          id="cert-hours"
          type="number"
          step="0.25"
          min={0}
          label={T.HOURS}
          hint={importHint(imported, 'hours')}
          registration={form.register('hours')}
          error={errors.hours?.message}
        />
      </div>
      <div className="field">
        <label htmlFor="cert-delivery">{T.FORMAT}</label>
        <select id="cert-delivery" {...form.register('delivery')}>
          {TRACKER_DELIVERIES.map((d) => (
            <option key={d} value={d}>
              {deliveryLabel(d)}
            </option>
          ))}
        </select>
      </div>
      {TOPIC_GROUPS.map(([kind, legend]) => {
        const group = all.filter((t) => t.kind === kind);
        if (group.length === 0) return null;
        return (
          <fieldset key={kind} className="field tracker-topics">
            <legend>{legend}</legend>
            {group.map((t) => (
              <label key={t.code} className="tracker-check">
                <input type="checkbox" value={t.code} {...form.register('topics')} /> {t.label}
              </label>
            ))}
          </fieldset>
        );
      })}
      <TextField
        id="cert-approval"
        label={T.APPROVAL}
        hint={importHint(imported, 'approval')}
        registration={form.register('approval')}
      />
      <TextField
        id="cert-expires"
        type="date"
        label={T.EXPIRES_ON}
        registration={form.register('expiresOn')}
        error={errors.expiresOn?.message}
      />
      <div className="tracker-actions">
        <Button type="submit" disabled={saving.isPending}>
          {T.SAVE_CERTIFICATE}
        </Button>
        <Button variant="secondary" onClick={() => onDone(null)}>
          {T.CANCEL}
        </Button>
      </div>
    </form>
  );
}

function CertificateRow({
  c,
  onDelete,
}: {
  c: TTrackerCertificate;
  onDelete: (c: TTrackerCertificate) => void;
}) {
  return (
    <li className="tracker-row">
      <span className="tracker-row-title">{c.title}</span>
      <span className="tracker-muted">
        {c.provider} · {day(c.completedOn)} · {hours(c.hours)} h · {deliveryLabel(c.delivery)}
        {c.approval ? ` · ${c.approval}` : ''}
        {c.expiresOn ? ` · ${fill(T.REQ_CARD_VALID, { date: day(c.expiresOn) })}` : ''}
      </span>
      <span className="tracker-row-actions">
        {c.file && (
          <Button
            variant="link"
            onClick={() => void downloadCertificateFile(c.id, c.file!.name)}
            aria-label={`${T.DOWNLOAD_FILE}: ${c.title}`}
          >
            {T.DOWNLOAD}
          </Button>
        )}
        <Button variant="link" onClick={() => onDelete(c)} aria-label={`${T.DELETE_CERTIFICATE}: ${c.title}`}>
          {T.DELETE}
        </Button>
      </span>
    </li>
  );
}

/**
 * The member's certificates from elsewhere: upload ("Certificate saved."), list, download, and
 * delete after a question, with Undo while the server keeps the certificate and its file.
 */
export function CertificatesSection() {
  const headingId = useId();
  const query = useCertificates();
  const remove = useDeleteCertificate();
  const restore = useRestoreCertificate();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [asking, setAsking] = useState<TTrackerCertificate | null>(null);
  const [current, setCurrent] = useState<TNotice | null>(null);
  const certificates = query.data?.certificates ?? [];
  const deleted = (c: TTrackerCertificate) =>
    setCurrent(
      notice({
        text: fill(T.CERTIFICATE_DELETED_NAMED, { title: c.title }),
        focus: true,
        undo: () => restore.mutateAsync(c.id),
        undoneText: fill(T.CERTIFICATE_RESTORED, { title: c.title }),
      }),
    );
  return (
    <section className="tracker-section" aria-labelledby={headingId}>
      <div className="tracker-section-head">
        <h2 id={headingId}>{T.CERTIFICATES}</h2>
        {!adding && !importing && (
          <span className="tracker-section-actions">
            {/* Issue 41: another provider's certificate read for review. */}
            <Button onClick={() => setImporting(true)}>{I.HEADING}</Button>
            <Button variant="secondary" onClick={() => setAdding(true)}>
              {T.UPLOAD_CERTIFICATE}
            </Button>
          </span>
        )}
      </div>
      <TrackerNotice notice={current} onClose={() => setCurrent(null)} />
      {importing && (
        <CertificateImport
          onCancel={() => setImporting(false)}
          review={(imported) => (
            <CertificateForm
              imported={imported}
              onDone={(saved) => {
                setImporting(false);
                if (saved) setCurrent(notice({ text: T.CERTIFICATE_SAVED }));
              }}
            />
          )}
        />
      )}
      {adding && (
        <CertificateForm
          onDone={(saved) => {
            setAdding(false);
            if (saved) setCurrent(notice({ text: T.CERTIFICATE_SAVED }));
          }}
        />
      )}
      {query.data?.storage && <StorageUse storage={query.data.storage} />}
      {query.isPending ? (
        <Spinner label={T.LOADING} />
      ) : query.isError ? (
        <LoadError text={T.LOAD_ERROR} onRetry={() => void query.refetch()} />
      ) : certificates.length === 0 ? (
        <EmptyState text={T.NO_CERTIFICATES} />
      ) : (
        <div className="card">
          <ul className="tracker-list">
            {certificates.slice(0, SHOWN).map((c) => (
              <CertificateRow key={c.id} c={c} onDelete={setAsking} />
            ))}
          </ul>
          {certificates.length > SHOWN && (
            <details className="tracker-disclosure">
              <summary>{fill(T.MORE_CERTIFICATES, { n: certificates.length })}</summary>
              <ul className="tracker-list">
                {certificates.slice(SHOWN).map((c) => (
                  <CertificateRow key={c.id} c={c} onDelete={setAsking} />
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      <Modal
        open={asking !== null}
        title={T.DELETE_CERTIFICATE_TITLE}
        onClose={() => setAsking(null)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setAsking(null)}>
              {T.CANCEL}
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={() => {
                const c = asking;
                if (!c) return;
                remove.mutate(c.id, {
                  onSuccess: () => {
                    setAsking(null);
                    deleted(c);
                  },
                });
              }}
            >
              {T.DELETE_CERTIFICATE}
            </Button>
          </>
        }
      >
        <p>{asking ? fill(T.DELETE_CERTIFICATE_TEXT, { title: asking.title }) : ''}</p>
        {remove.isError && <p className="field-error">{remove.error.message}</p>}
      </Modal>
    </section>
  );
}
