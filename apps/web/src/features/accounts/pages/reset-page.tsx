import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import { ZResetPasswordForm, type TResetPasswordForm } from '@opence/shared/schemas';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { PasswordField } from '../../../components/ui/field.tsx';
import { useLogoutFirst } from '../components/use-logout-first.ts';
import '../accounts.css';
import { SubmitButton } from '../../../components/ui/form.tsx';

/** /reset/{t} (01 §2): a new password and its retype, with the token of the mailed link. */
export function Component() {
  usePageTitle('Reset Password');
  const { t = '' } = useParams();
  const isLoggedOut = useLogoutFirst();
  const [message, setMessage] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', password2: '' },
  });

  const onValid = async ({ password }: TResetPasswordForm) => {
    setMessage(null);
    try {
      await reset.mutateAsync({ t, p: password });
      setDone(true);
    } catch (error) {
      setMessage(
        error instanceof ApiRequestError && error.status === 400 ? error.message : Texts.GENERIC_ERROR,
      );
    }
  };

  if (!isLoggedOut) return <Spinner />;
  return (
    <div className="container narrow">
      <h1>Reset Password</h1>
      {isDone ? (
        <>
          <Alert kind="success">{Texts.RESET_SUCCESS}</Alert>
          <ButtonLink to="/login">Login</ButtonLink>
        </>
      ) : (
        <>
          {message && (
            <Alert onDismiss={() => setMessage(null)}>
              {message}{' '}
              {message === Texts.RESET_LINK_INVALID && <Link to="/recover">Request a new link</Link>}
            </Alert>
          )}
          <form className="card account-form" noValidate onSubmit={handleSubmit(onValid)}>
            <PasswordField
              id="reset-password"
              label="New password"
              autoComplete="new-password"
              hint="At least 6 characters: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -"
              registration={register('password')}
              error={errors.password?.message}
            />
            <PasswordField
              id="reset-password2"
              label="Retype new password"
              autoComplete="new-password"
              registration={register('password2')}
              error={errors.password2?.message}
            />
            <SubmitButton isPending={reset.isPending} pendingLabel="Saving…">
              Set new password
            </SubmitButton>
          </form>
        </>
      )}
    </div>
  );
}
