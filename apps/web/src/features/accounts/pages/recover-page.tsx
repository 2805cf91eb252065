import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import {
  ZResetPasswordRequest,
  type TResetPasswordRequest,
  type TResetPasswordRequestForm,
} from '@opence/shared/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useRequestPasswordReset } from '../api/reset-password.ts';
import { TextField } from '../../../components/ui/field.tsx';
import { useLogoutFirst } from '../components/use-logout-first.ts';
import '../accounts.css';
import { SubmitButton } from '../../../components/ui/form.tsx';

/** /recover (01 §2): username or account e-mail; on success the form gives way to a login button. */
export function Component() {
  usePageTitle('Recover Password');
  const isLoggedOut = useLogoutFirst();
  const [message, setMessage] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const send = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetPasswordRequestForm, unknown, TResetPasswordRequest>({
    resolver: zodResolver(ZResetPasswordRequest),
    defaultValues: { u: '', m: '' },
  });

  const onValid = async (values: TResetPasswordRequest) => {
    setMessage(null);
    try {
      const result = await send.mutateAsync(values);
      setSuccess(result.data[0]?.msg ?? Texts.RECOVER_SUCCESS);
    } catch (error) {
      const body =
        error instanceof ApiRequestError ? (error.body as { data?: { msg?: string }[] } | null) : null;
      setMessage(
        body?.data?.[0]?.msg ?? (error instanceof ApiRequestError ? error.message : Texts.GENERIC_ERROR),
      );
    }
  };

  if (!isLoggedOut) return <Spinner />;
  return (
    <div className="container narrow">
      <h1>Recover Password</h1>
      {success ? (
        <>
          <Alert kind="success">{success}</Alert>
          <ButtonLink to="/login">Login</ButtonLink>
        </>
      ) : (
        <>
          <p>
            Enter your username or the e-mail address of your account. We will e-mail you a link to set a new
            password.
          </p>
          {message && <Alert onDismiss={() => setMessage(null)}>{message}</Alert>}
          <form className="card account-form" noValidate onSubmit={handleSubmit(onValid)}>
            <TextField
              id="recover-u"
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              registration={register('u')}
              error={errors.u?.message}
            />
            <p className="form-or">or</p>
            <TextField
              id="recover-m"
              label="Account email"
              type="email"
              autoComplete="email"
              registration={register('m')}
              error={errors.m?.message}
            />
            <SubmitButton isPending={send.isPending} pendingLabel="Sending…">
              Send reset link
            </SubmitButton>
          </form>
        </>
      )}
    </div>
  );
}
