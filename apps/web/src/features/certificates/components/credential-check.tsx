import { formatCalendarDay, Texts, type TCredentialVerdict } from '@opence/shared';
import type { TVerifyCredentialResponse } from '@opence/shared/schemas';
import { useId, useState, type DragEvent } from 'react';
import { FactList } from '../../../components/ui/fact-list.tsx';
import { Badge } from '../../../components/ui/feedback.tsx';
import { useCheckCredential } from '../api/check-credential.ts';

/** A credential file is small; a larger one is refused before it is sent (the server's limit too). */
const MAX_FILE_BYTES = 64 * 1024;

const VERDICT: Record<
  TCredentialVerdict,
  { tone: 'success' | 'danger' | 'warning'; label: string; text: string }
> = {
  valid: { tone: 'success', label: 'Valid', text: Texts.CREDENTIAL_VALID },
  tampered: { tone: 'danger', label: 'Tampered', text: Texts.CREDENTIAL_TAMPERED },
  revoked: { tone: 'danger', label: 'Revoked', text: Texts.CREDENTIAL_REVOKED },
  unknown: { tone: 'warning', label: 'Unknown', text: Texts.CREDENTIAL_UNKNOWN },
};

async function readCredential(file: File): Promise<Record<string, unknown> | string> {
  if (file.size > MAX_FILE_BYTES) return Texts.CREDENTIAL_TOO_LARGE;
  try {
    const parsed: unknown = JSON.parse(await file.text());
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Not JSON: said below.
  }
  return Texts.CREDENTIAL_NOT_JSON;
}

function Result({ result }: { result: TVerifyCredentialResponse }) {
  const verdict = VERDICT[result.verdict];
  return (
    <div className={`card credential-result credential-${result.verdict}`}>
      <p>
        <Badge tone={verdict.tone}>{verdict.label}</Badge> <span>{verdict.text}</span>
      </p>
      {result.verdict !== 'unknown' && (
        <FactList
          facts={[
            ['Holder', result.holderName],
            ['Course', result.courseTitle],
            ['Credits', result.credits === null ? null : String(result.credits)],
            ['Issued by', result.issuerName],
            ['Issued on', result.issuedOn === null ? null : formatCalendarDay(result.issuedOn)],
            ['Reason for revocation', result.revocationReason],
          ]}
        />
      )}
    </div>
  );
}

/**
 * The verify page's check of a credential file (issue 40, decision 1133): dropped on the zone or
 * chosen with the file control; the verdict is announced in a live region.
 */
export function CredentialCheck() {
  const inputId = useId();
  const hintId = useId();
  const check = useCheckCredential();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [isOver, setOver] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setRefusal(null);
    check.reset();
    const credential = await readCredential(file);
    if (typeof credential === 'string') setRefusal(credential);
    else check.mutate(credential);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    void take(event.dataTransfer.files[0]);
  };

  let status: string | null = null;
  if (check.isPending) status = Texts.CREDENTIAL_CHECKING;
  else if (refusal) status = refusal;
  else if (check.error) status = check.error.message;

  return (
    <section className="credential-check" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`}>{Texts.CREDENTIAL_CHECK_TITLE}</h2>
      <div
        className={`credential-drop${isOver ? ' is-over' : ''}`}
        data-testid="credential-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p id={hintId}>{Texts.CREDENTIAL_CHECK_INTRO}</p>
        <label htmlFor={inputId}>{Texts.CREDENTIAL_CHOOSE_FILE}</label>
        <input
          id={inputId}
          type="file"
          accept=".json,application/json"
          aria-describedby={hintId}
          onChange={(event) => {
            void take(event.target.files?.[0]);
            // The same file chosen again (after editing it) is read again.
            event.target.value = '';
          }}
        />
        {fileName && <p className="credential-file">{fileName}</p>}
      </div>
      <div role="status" aria-live="polite" className="credential-outcome">
        {status && <p className={refusal || check.error ? 'credential-refusal' : undefined}>{status}</p>}
        {check.data && <Result result={check.data} />}
      </div>
    </section>
  );
}
