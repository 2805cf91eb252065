import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { ZRevokeCertificateRequest, type TRevokeCertificateRequest } from '@opence/shared/schemas';
import { useId, useState } from 'react';
import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { Alert } from '../../../components/ui/feedback.tsx';
import { fieldId, messageOf, TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useRevokeCertificate, useRotateCredentialKey } from '../api/credentials.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { ConfirmButton } from '../components/confirm-button.tsx';

/*
 * Certificates' Open Badges credentials in the console (issue 40, decisions 1131, 1132): revoke a
 * certificate with the reason (wrong credit, fraud), and rotate the signing key.
 */

type TOutcome = { kind: 'success' | 'error'; text: string } | null;

function RevokeForm() {
  const headingId = useId();
  const revoke = useRevokeCertificate();
  const { register, handleSubmit, setError, reset, formState } = useForm<FieldValues>({
    resolver: zodResolver(ZRevokeCertificateRequest) as unknown as Resolver<FieldValues>,
    defaultValues: { certificateNumber: '', reason: '' },
  });
  const [outcome, setOutcome] = useState<TOutcome>(null);

  const submit = handleSubmit(
    async (values) => {
      setOutcome(null);
      try {
        const done = await revoke.mutateAsync(values as TRevokeCertificateRequest);
        reset({ certificateNumber: '', reason: '' });
        setOutcome({ kind: 'success', text: `${done.certificateNumber}: ${Texts.REVOKE_CERTIFICATE_DONE}` });
      } catch (error) {
        const text = error instanceof Error ? error.message : Texts.GENERIC_ERROR;
        const field = error instanceof ApiRequestError ? error.field : undefined;
        // An unknown or already revoked number is the number's fault: marked there, typed text kept.
        if (field === 'reason') setError('reason', { message: text }, { shouldFocus: true });
        else setError('certificateNumber', { message: text }, { shouldFocus: true });
        setOutcome({ kind: 'error', text });
      }
    },
    () => setOutcome({ kind: 'error', text: Texts.CORRECT_ERRORS }),
  );

  return (
    <form className="admin-form" noValidate aria-labelledby={headingId} onSubmit={(e) => void submit(e)}>
      <fieldset className="admin-fieldset">
        <legend id={headingId}>{Texts.REVOKE_CERTIFICATE}</legend>
        <TextField
          id={fieldId('certificateNumber')}
          label="Certificate number"
          hint="As printed on the certificate, e.g. 7KQ2-M9XD-4TPA-ZB1C."
          error={messageOf(formState.errors, 'certificateNumber')}
          autoComplete="off"
          registration={register('certificateNumber')}
        />
        <TextAreaField
          id={fieldId('reason')}
          label="Reason"
          hint="Shown on the verification page and kept in the audit log, e.g. credit hours entered wrongly."
          error={messageOf(formState.errors, 'reason')}
          rows={3}
          registration={register('reason')}
        />
      </fieldset>
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <div className="admin-form-actions">
        <SubmitButton isPending={formState.isSubmitting} pendingLabel="Revoking…">
          {Texts.REVOKE_CERTIFICATE}
        </SubmitButton>
      </div>
    </form>
  );
}

function KeyRotation() {
  const rotate = useRotateCredentialKey();
  return (
    <section className="admin-after-form" aria-labelledby="credential-key-title">
      <h2 id="credential-key-title">Signing key</h2>
      <p className="admin-note">
        Credentials are signed with the provider’s key published at /.well-known/did.json. A new key signs
        from now on; the old ones stay published, so every credential already issued still verifies.
      </p>
      {rotate.isSuccess && <Alert kind="success">New signing key: {rotate.data.keyId}</Alert>}
      {rotate.error && <Alert>{rotate.error.message}</Alert>}
      <ConfirmButton
        label="Rotate the signing key"
        title="Rotate the signing key?"
        confirmLabel="Rotate"
        disabled={rotate.isPending}
        onConfirm={() => rotate.mutate()}
      >
        <p>A new key signs every credential from now on. Credentials issued before keep verifying.</p>
      </ConfirmButton>
    </section>
  );
}

export function CredentialsPage() {
  return (
    <AdminPage title="Certificates and credentials">
      <p className="admin-note">
        Every certificate is also an Open Badges 3.0 credential. Revoking a certificate marks its credential
        revoked for any verifier and on its verification page; it cannot be undone.
      </p>
      <RevokeForm />
      <KeyRotation />
    </AdminPage>
  );
}
