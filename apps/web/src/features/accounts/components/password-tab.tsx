import { zodResolver } from '@hookform/resolvers/zod';
import { Texts } from '@opence/shared';
import {
  ZPasswordChange,
  type TPasswordChange,
  type TPasswordChangeForm,
  type TStudent,
} from '@opence/shared/schemas';
import { useState, type BaseSyntheticEvent } from 'react';
import { useForm } from 'react-hook-form';
import { SaveStatus, type TSaveMessage } from '../../../components/ui/save-status.tsx';
import { useSaveProfile } from '../api/update-profile.ts';
import { profileFormValues } from './profile-tab.tsx';
import { applyServerErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';
import { useTwoFactor } from '../api/two-factor.ts';

/** The fields of this tab a refusal may name; any other is the profile's, to complete there. */
const OWN_FIELDS = ['currentPassword', 'password', 'password2', 'code'];

/**
 * Password tab (01 §2): the new password goes with the whole profile to POST /api/profile
 * (01 §7); the member's other sessions end (03 §3).
 */
export function PasswordTab({ student }: { student: TStudent }) {
  // The outcome of the change, shown beside the button (decision 1006).
  const [message, setMessage] = useState<TSaveMessage | null>(null);
  const save = useSaveProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TPasswordChangeForm, unknown, TPasswordChange>({
    resolver: zodResolver(ZPasswordChange),
    defaultValues: { currentPassword: '', password: '', password2: '', code: '' },
  });
  // With two-factor sign-in on, the change needs a code too (docs/decisions/0921).
  const twoFactor = useTwoFactor();
  const needsCode = twoFactor.data?.enabled === true;

  const onValid = async (values: TPasswordChange, event?: BaseSyntheticEvent) => {
    setMessage(null);
    try {
      const result = await save.mutateAsync({ ...profileFormValues(student), ...values });
      reset();
      setMessage({ kind: 'success', text: result.msg ?? Texts.ACCOUNT_PASSWORD_UPDATED });
    } catch (error) {
      const form = event?.target as HTMLFormElement | undefined;
      const { message: text, other } = applyServerErrors(error, setError, { form, known: OWN_FIELDS });
      setMessage({ kind: 'error', text: other ? Texts.PROFILE_INCOMPLETE : text });
    }
  };

  return (
    <>
      <form className="card account-form" noValidate onSubmit={handleSubmit(onValid)}>
        <p>Changing the password logs you out on every other device.</p>
        <PasswordField
          id="change-current-password"
          label="Current password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        <PasswordField
          id="change-password"
          label="New password"
          autoComplete="new-password"
          hint="At least 6 characters: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -"
          registration={register('password')}
          error={errors.password?.message}
        />
        <PasswordField
          id="change-password2"
          label="Retype new password"
          autoComplete="new-password"
          registration={register('password2')}
          error={errors.password2?.message}
        />
        {needsCode && (
          <TextField
            id="change-code"
            label="Authentication code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            registration={register('code')}
            error={errors.code?.message}
          />
        )}
        <div className="form-actions">
          <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
            Change password
          </SubmitButton>
          <SaveStatus message={message} />
        </div>
      </form>
      <TwoFactorSection />
    </>
  );
}
