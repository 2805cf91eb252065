import { zodResolver } from '@hookform/resolvers/zod';
import { TRACKER_DELIVERIES, TrackerTexts as T } from '@opence/shared';
import { ZTrackerCertificateInput } from '@opence/shared/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { InputField } from '../../../components/ui/form-field.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import {
  downloadCertificateFile,
  useAddCertificate,
  useCertificates,
  useDeleteCertificate,
  useTopics,
} from '../api/tracker-api.ts';
import { deliveryLabel } from './standing-card.tsx';
import { StorageUse } from './storage-use.tsx';

type TIn = z.input<typeof ZTrackerCertificateInput>;
type TOut = z.output<typeof ZTrackerCertificateInput>;

const ACCEPT = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png';
const MAX_BYTES = 10 * 1024 * 1024;

function CertificateForm({ onDone }: { onDone: () => void }) {
  const topics = useTopics();
  const add = useAddCertificate();
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
    },
  });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((values) => {
    if (!file) return setFileError(T.FILE_MISSING);
    if (file.size > MAX_BYTES) return setFileError(T.FILE_TOO_LARGE);
    setFileError(null);
    add.mutate({ input: { ...values, approval: values.approval || null }, file }, { onSuccess: onDone });
  });
  return (
    <form
      className="card tracker-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={T.UPLOAD_CERTIFICATE}
    >
      <h3>{T.UPLOAD_CERTIFICATE}</h3>
      {add.isError && <Alert>{add.error.message}</Alert>}
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
      <InputField
        id="cert-provider"
        label={T.PROVIDER}
        registration={form.register('provider')}
        error={errors.provider?.message}
      />
      <InputField
        id="cert-title"
        label={T.COURSE_TITLE}
        registration={form.register('title')}
        error={errors.title?.message}
      />
      <InputField
        id="cert-date"
        type="date"
        label={T.DATE_COMPLETED}
        registration={form.register('completedOn')}
        error={errors.completedOn?.message}
      />
      <InputField
        id="cert-hours"
        type="number"
        step="0.25"
        min={0}
        label={T.HOURS}
        registration={form.register('hours')}
        error={errors.hours?.message}
      />
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
      <fieldset className="field tracker-topics">
        <legend>{T.TOPICS}</legend>
        {(topics.data?.topics ?? []).map((t) => (
          <label key={t.code} className="tracker-check">
            <input type="checkbox" value={t.code} {...form.register('topics')} /> {t.label}
          </label>
        ))}
      </fieldset>
      <InputField id="cert-approval" label={T.APPROVAL} registration={form.register('approval')} />
      <InputField
        id="cert-expires"
        type="date"
        label={T.EXPIRES_ON}
        registration={form.register('expiresOn')}
        error={errors.expiresOn?.message}
      />
      <div className="tracker-actions">
        <Button type="submit" disabled={add.isPending}>
          {T.SAVE_CERTIFICATE}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {T.CANCEL}
        </Button>
      </div>
    </form>
  );
}

/** The member's certificates from elsewhere: upload, list, download, delete. */
export function CertificatesSection() {
  const query = useCertificates();
  const remove = useDeleteCertificate();
  const [adding, setAdding] = useState(false);
  return (
    <section className="tracker-section" aria-labelledby="tracker-certificates">
      <div className="tracker-card-head">
        <h2 id="tracker-certificates">{T.CERTIFICATES}</h2>
        {!adding && <Button onClick={() => setAdding(true)}>{T.UPLOAD_CERTIFICATE}</Button>}
      </div>
      {adding && <CertificateForm onDone={() => setAdding(false)} />}
      {query.data?.storage && <StorageUse storage={query.data.storage} />}
      {query.isPending ? (
        <Spinner label={T.LOADING} />
      ) : query.isError ? (
        <LoadError text={T.LOAD_ERROR} onRetry={() => void query.refetch()} />
      ) : query.data.certificates.length === 0 ? (
        <EmptyState text={T.NO_CERTIFICATES} />
      ) : (
        <ul className="tracker-list card">
          {query.data.certificates.map((c) => (
            <li key={c.id} className="tracker-credit">
              <span>
                {c.title} <span className="tracker-muted">({c.provider})</span>
              </span>
              <span className="tracker-muted">
                {c.completedOn} · {c.hours} h · {deliveryLabel(c.delivery)}
                {c.approval ? ` · ${c.approval}` : ''}
                {c.expiresOn ? ` · ${T.VALID_UNTIL.replace('{day}', c.expiresOn)}` : ''}
              </span>
              <span className="tracker-actions">
                {c.file && (
                  <Button variant="link" onClick={() => void downloadCertificateFile(c.id, c.file!.name)}>
                    {T.DOWNLOAD_FILE}
                  </Button>
                )}
                <Button
                  variant="link"
                  onClick={() => remove.mutate(c.id)}
                  aria-label={`${T.DELETE_CERTIFICATE}: ${c.title}`}
                >
                  {T.DELETE_CERTIFICATE}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
