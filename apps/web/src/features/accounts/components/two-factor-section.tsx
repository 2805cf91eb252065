import { Texts } from '@opence/shared';
import { useId, useState, type FormEvent } from 'react';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { SubmitButton } from '../../../components/ui/form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SaveStatus } from '../../../components/ui/save-status.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import {
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useStartTwoFactor,
  useTwoFactor,
} from '../api/two-factor.ts';
import type { TTwoFactorSetupResponse } from '@opence/shared/schemas';

/*
 * Two-factor sign-in on the Password tab (issue 28, docs/decisions/0920): the current password,
 * then a QR code (and the secret to type) for an authenticator app, then its first code; the
 * recovery codes are shown this once. Staff must have it on before the console opens.
 */

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : Texts.SERVICE_ERROR;

export function TwoFactorSection() {
  const status = useTwoFactor();
  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const isBusy = start.isPending || confirm.isPending || disable.isPending || renew.isPending;
  const id = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<TTwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [codesNote, setCodesNote] = useState<string>(Texts.TWO_FACTOR_ENABLED);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = (event: FormEvent, action: () => Promise<void>) => {
    event.preventDefault();
    setError(null);
    setNotice(null);
    action().catch((e: unknown) => setError(messageOf(e)));
  };

  if (status.isPending) return <Spinner />;
  if (status.isError || !status.data) return <Alert>{Texts.SERVICE_ERROR}</Alert>;
  const { enabled, required, recoveryCodesLeft } = status.data;

  return (
    <section className="card account-form two-factor" aria-labelledby="two-factor-heading">
      <h2 id="two-factor-heading">Two-factor sign-in</h2>

      {recoveryCodes && (
        <div className="recovery-codes">
          <p>
            <strong>{codesNote}</strong> Each recovery code signs you in once if your phone is not at hand.
            They are shown only now.
          </p>
          <ul aria-label="Recovery codes">
            {recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <Button onClick={() => setRecoveryCodes(null)}>I have saved my recovery codes</Button>
        </div>
      )}

      {!recoveryCodes && enabled && (
        <>
          <p>
            Two-factor sign-in is <strong>on</strong>: signing in asks for a code from your authenticator app.
            Recovery codes left: {recoveryCodesLeft}.
          </p>
          <form
            noValidate
            onSubmit={(e) =>
              run(e, async () => {
                const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
                if (submitter?.value === 'disable') {
                  const result = await disable.mutateAsync({ currentPassword: password, code });
                  setNotice(result.msg ?? Texts.TWO_FACTOR_DISABLED);
                } else {
                  const result = await renew.mutateAsync({ currentPassword: password, code });
                  setCodesNote(result.msg);
                  setRecoveryCodes(result.recoveryCodes);
                }
                setPassword('');
                setCode('');
              })
            }
          >
            <PasswordField
              id={`${id}-password`}
              label="Current password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <TextField
              id={`${id}-code`}
              label="Authentication code"
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <div className="button-row">
              <Button type="submit" name="action" value="renew" variant="secondary" disabled={isBusy}>
                Make new recovery codes
              </Button>
              {!required && (
                <Button type="submit" name="action" value="disable" variant="secondary" disabled={isBusy}>
                  Turn off two-factor sign-in
                </Button>
              )}
            </div>
          </form>
        </>
      )}

      {!recoveryCodes && !enabled && !setup && (
        <>
          {required ? (
            <Alert>{Texts.TWO_FACTOR_ENROL_NEEDED}</Alert>
          ) : (
            <p>Ask for a code from an authenticator app on your phone each time you sign in.</p>
          )}
          <form
            noValidate
            onSubmit={(e) =>
              run(e, async () => {
                setSetup(await start.mutateAsync(password));
                setPassword('');
              })
            }
          >
            <PasswordField
              id={`${id}-password`}
              label="Current password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <SubmitButton isPending={isBusy} pendingLabel="Set up two-factor sign-in">
              Set up two-factor sign-in
            </SubmitButton>
          </form>
        </>
      )}

      {!recoveryCodes && !enabled && setup && (
        <form
          noValidate
          onSubmit={(e) =>
            run(e, async () => {
              const result = await confirm.mutateAsync(code);
              setCode('');
              setSetup(null);
              setCodesNote(result.msg);
              setRecoveryCodes(result.recoveryCodes);
            })
          }
        >
          <p>Scan this code with an authenticator app (or type the key), then enter the code it shows.</p>
          <img className="two-factor-qr" src={setup.qrCode} width={200} height={200} alt="QR code to scan" />
          <p>
            Key: <code className="two-factor-secret">{setup.secret}</code>
          </p>
          <TextField
            id={`${id}-new-code`}
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <SubmitButton isPending={isBusy} pendingLabel="Turn on">
            Turn on
          </SubmitButton>
        </form>
      )}
      {/* Beside the button just pressed: every form of this card ends right above it (decision 1006). */}
      <SaveStatus
        message={error ? { kind: 'error', text: error } : notice ? { kind: 'success', text: notice } : null}
      />
    </section>
  );
}
