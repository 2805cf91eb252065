import { IMPORT_SURE, ImportTexts as I, TrackerTexts as T, type TImportField } from '@opence/shared';
import type { TCertificateImport } from '@opence/shared/schemas';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { useImportCertificate } from '../api/certificate-import-api.ts';
import { fill } from './tracker-labels.ts';
import './certificate-import.css';

/*
 * Importing another provider's certificate (issue 41): the member drops or chooses a file, the
 * server reads it, and the certificate form opens filled in for review. Fields read with little
 * confidence carry "Check this", fields not found "Not found on the certificate", both as the
 * field's hint (read with it by a screen reader) and counted in a status line; the evidence
 * (QR code, verification address, a credential's verification) and a name that is not the
 * member's are shown above the form.
 */

const ACCEPT = 'application/pdf,image/jpeg,image/png,application/json,.pdf,.jpg,.jpeg,.png,.json';

/** The form fields the import fills, by the import's field names. */
export const IMPORTED_FORM_FIELDS: readonly TImportField[] = [
  'provider',
  'title',
  'completedOn',
  'hours',
  'approval',
];

const isUnsure = (imported: TCertificateImport, field: TImportField) =>
  imported.fields[field].value !== null && imported.fields[field].confidence < IMPORT_SURE;

/** The hint of a form field filled by the import: "Check this", "Not found…", or none when sure. */
export function importHint(imported: TCertificateImport | undefined, field: TImportField): ReactNode {
  if (!imported || imported.reading === 'ocr-unavailable' || imported.reading === 'unreadable')
    return undefined;
  if (imported.fields[field].value === null) return I.NOT_FOUND;
  return isUnsure(imported, field) ? (
    <strong className="tracker-check-this">{I.CHECK_THIS}</strong>
  ) : undefined;
}

/** What was read and what vouches for it, above the review form. */
export function ImportReview({ imported }: { imported: TCertificateImport }) {
  const { evidence, reading } = imported;
  const unsure = IMPORTED_FORM_FIELDS.filter((f) => isUnsure(imported, f)).length;
  const credential = evidence.credential;
  return (
    <div className="tracker-import-review">
      <p className="tracker-muted">{I.REVIEW_INTRO}</p>
      {reading === 'ocr-unavailable' && <Alert kind="info">{I.OCR_UNAVAILABLE}</Alert>}
      {reading === 'unreadable' && <Alert kind="info">{I.UNREADABLE}</Alert>}
      {unsure > 0 && (
        <p role="status" className="tracker-check-summary">
          {fill(I.LOW_CONFIDENCE_SUMMARY, { count: unsure })}
        </p>
      )}
      {evidence.nameMatches === false && evidence.nameOnCertificate && (
        <Alert kind="info">{fill(I.NAME_MISMATCH, { name: evidence.nameOnCertificate })}</Alert>
      )}
      {credential &&
        (credential.verdict === 'valid' ? (
          <Alert kind="success">{fill(I.CREDENTIAL_VALID, { issuer: credential.issuerName ?? '' })}</Alert>
        ) : (
          <Alert kind="info">{fill(I.CREDENTIAL_UNVERIFIED, { verdict: credential.verdict })}</Alert>
        ))}
      <dl className="tracker-evidence">
        {evidence.nameOnCertificate && (
          <>
            <dt>{I.PARTICIPANT}</dt>
            <dd>{evidence.nameOnCertificate}</dd>
          </>
        )}
        {imported.fields.agdCode.value && (
          <>
            <dt>{I.AGD_CODE}</dt>
            <dd>{imported.fields.agdCode.value}</dd>
          </>
        )}
        {evidence.qrCode && (
          <>
            <dt>{I.QR_FOUND}</dt>
            <dd className="tracker-evidence-value">{evidence.qrCode}</dd>
          </>
        )}
        {evidence.verificationUrl && evidence.verificationUrl !== evidence.qrCode && (
          <>
            <dt>{I.VERIFY_URL}</dt>
            <dd className="tracker-evidence-value">{evidence.verificationUrl}</dd>
          </>
        )}
        <dt>{T.FILE}</dt>
        <dd>{imported.file.name}</dd>
      </dl>
    </div>
  );
}

/**
 * The drop zone: a file dropped or chosen is read by the server, then `review` shows the form.
 * Until the member saves, nothing is kept but the waiting file (removed within the hour).
 */
export function CertificateImport({
  onCancel,
  review,
}: {
  onCancel: () => void;
  review: (imported: TCertificateImport) => ReactNode;
}) {
  const headingId = useId();
  const read = useImportCertificate();
  const [dragging, setDragging] = useState(false);
  if (read.data) return review(read.data);
  const take = (file: File | undefined) => {
    if (file && !read.isPending) read.mutate(file);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    take(e.dataTransfer.files[0]);
  };
  return (
    <section className="card tracker-form tracker-import" aria-labelledby={headingId}>
      <h3 id={headingId}>{I.HEADING}</h3>
      <p>{I.INTRO}</p>
      {read.isError && <Alert>{read.error.message}</Alert>}
      <label
        className={`tracker-drop${dragging ? ' is-dragging' : ''}`}
        htmlFor="import-file"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <span className="tracker-drop-title">{I.DROP}</span>
        <span className="tracker-muted">{I.TAKES}</span>
        <input
          id="import-file"
          type="file"
          accept={ACCEPT}
          disabled={read.isPending}
          onChange={(e) => take(e.target.files?.[0])}
        />
      </label>
      {read.isPending && <Spinner label={I.READING} />}
      <div className="tracker-actions">
        <Button variant="secondary" onClick={onCancel}>
          {T.CANCEL}
        </Button>
      </div>
    </section>
  );
}
