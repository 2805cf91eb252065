import { zodResolver } from '@hookform/resolvers/zod';
import { AUDIENCE_TIME_ZONES, EMAIL_PATTERN, Texts, TrackerTexts } from '@opence/shared';
import {
  ZProfileRequest,
  type TAccountItemsResponse,
  type TProfileForm,
  type TProfileRequest,
  type TStudent,
} from '@opence/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { SaveStatus, type TSaveMessage } from '../../../components/ui/save-status.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { getToken } from '../../../lib/auth.tsx';
import { accountKeys } from '../api/account-keys.ts';
import { useAccountItems } from '../api/get-account-items.ts';
import { startSession } from '../api/session.ts';
import { useResendHomeEmailLink } from '../api/resend-home-email-link.ts';
import { useSaveProfile } from '../api/update-profile.ts';
import { useTwoFactor } from '../api/two-factor.ts';
import {
  CheckboxField,
  PasswordField,
  SelectField,
  TextField,
  type TOption,
} from '../../../components/ui/field.tsx';
import { ProfileFields, type TProfileFieldName } from './profile-fields.tsx';
import { applyServerErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { useAvailability } from './use-availability.ts';

type TFieldName = keyof TProfileForm & string;

/** The profile form's values from the stored student. */
export function profileFormValues(student: TStudent): TProfileForm {
  return {
    title: student.title,
    firstname: student.firstname,
    lastname: student.lastname,
    jobTitle: student.jobTitle,
    officeName: student.officeName,
    address: student.address,
    city: student.city,
    state: student.state,
    zip: student.zip,
    country: student.country || 'US',
    phone: student.phone,
    isPhoneMobile: student.isPhoneMobile,
    email: student.email,
    email2: student.email2,
    agdNumber: student.agdNumber,
    certYear: student.certYear ? String(student.certYear) : '',
    gender: (student.gender || undefined) as TProfileForm['gender'],
    ageRange: student.ageRange,
    officeSize: student.officeSize,
    timeZone: student.timeZone ?? '',
    ceReminders: student.ceReminders,
    webinarReminders: student.webinarReminders,
  };
}

/** The members' zones first, then every other zone the browser knows (docs/decisions/0831). */
function timeZoneOptions(): TOption[] {
  const first: readonly string[] = AUDIENCE_TIME_ZONES;
  const others = Intl.supportedValuesOf('timeZone').filter((zone) => !first.includes(zone));
  return [...first, ...others].map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** The zone the member reads times in when they choose none: their device's. */
const deviceZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone.replaceAll('_', ' ');

/**
 * Profile tab (01 §2, §5). The form mounts once the lists have loaded, so each dropdown shows
 * the stored value (a select cannot hold a value before its option exists).
 */
export function ProfileTab({ student }: { student: TStudent }) {
  const items = useAccountItems();
  if (items.isPending) return <Spinner />;
  if (items.isError) return <Alert>{Texts.SERVICE_ERROR}</Alert>;
  return <ProfileForm student={student} items={items.data} />;
}

/** The whole profile form; e-mail and AGD number checked as typed. */
function ProfileForm({ student, items }: { student: TStudent; items: TAccountItemsResponse }) {
  const queryClient = useQueryClient();
  // The outcome of Save, shown beside the button (decision 1006).
  const [message, setMessage] = useState<TSaveMessage | null>(null);
  const save = useSaveProfile();
  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<TProfileForm, unknown, TProfileRequest>({
    resolver: zodResolver(ZProfileRequest),
    defaultValues: profileFormValues(student),
  });

  const serverCheck = (name: TFieldName) => (result: { status: boolean; msg?: string }) => {
    if (!result.status) setError(name, { type: 'server', message: result.msg });
    else if (getFieldState(name).error?.type === 'server') clearErrors(name);
  };
  const email = useWatch({ control, name: 'email' });
  // A new e-mail needs the current password (and the code with two-factor sign-in on), and
  // takes effect once the link mailed to it is opened (docs/decisions/0921).
  const isNewEmail = (email ?? '').trim().toLowerCase() !== student.email.toLowerCase();
  const twoFactor = useTwoFactor();
  const agdNumber = String(useWatch({ control, name: 'agdNumber' }) ?? '');
  useAvailability(
    'validate-email',
    'email',
    email,
    EMAIL_PATTERN.test((email ?? '').trim()),
    serverCheck('email'),
  );
  useAvailability(
    'validate-agd-number',
    'agdNumber',
    agdNumber,
    /^\d{5,9}$/.test(agdNumber.trim()),
    serverCheck('agdNumber'),
  );

  const onValid = async (values: TProfileRequest, event?: BaseSyntheticEvent) => {
    setMessage(null);
    try {
      const result = await save.mutateAsync(values as unknown as Record<string, unknown>);
      setMessage({ kind: 'success', text: result.msg ?? Texts.PROFILE_UPDATED });
      // The name and e-mail the browser keeps follow the profile (01 §3).
      const token = getToken();
      if (token) startSession(token, { ...values, email: isNewEmail ? student.email : values.email });
      await queryClient.invalidateQueries({ queryKey: accountKeys.profile });
    } catch (error) {
      const form = event?.target as HTMLFormElement | undefined;
      setMessage({ kind: 'error', text: applyServerErrors(error, setError, { form }).message });
    }
  };

  const errorOf = (name: string) => errors[name as TFieldName]?.message as string | undefined;
  return (
    <>
      <form
        className="card account-form"
        noValidate
        onSubmit={handleSubmit(onValid, () => {
          setMessage({ kind: 'error', text: Texts.CORRECT_ERRORS });
        })}
      >
        <p className="field-hint">Username: {student.username}</p>
        <ProfileFields
          idPrefix="profile"
          field={(name: TProfileFieldName) => register(name as TFieldName)}
          errorOf={errorOf}
          items={items}
          withEmail2
          email2Hint={<HomeEmailStatus student={student} />}
        />
        <fieldset className="form-section">
          <legend>{Texts.TIME_ZONE_SECTION}</legend>
          <div className="form-grid">
            <SelectField
              id="profile-timeZone"
              label={Texts.TIME_ZONE_LABEL}
              options={timeZoneOptions()}
              placeholder={Texts.TIME_ZONE_DEVICE.replace('{zone}', deviceZone())}
              hint={Texts.TIME_ZONE_HINT}
              registration={register('timeZone')}
              error={errorOf('timeZone')}
            />
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend>{Texts.REMINDERS_SECTION}</legend>
          <CheckboxField
            id="profile-ceReminders"
            label={TrackerTexts.PROFILE_REMINDERS}
            registration={register('ceReminders')}
            error={errorOf('ceReminders')}
          />
          <CheckboxField
            id="profile-webinarReminders"
            label={Texts.PROFILE_WEBINAR_REMINDERS}
            registration={register('webinarReminders')}
            error={errorOf('webinarReminders')}
          />
        </fieldset>
        {isNewEmail && (
          <fieldset className="form-section">
            <legend>Confirm the new e-mail</legend>
            <p className="field-hint">
              We send a link to the new address; your account keeps the old one until it is opened.
            </p>
            <PasswordField
              id="profile-currentPassword"
              label="Current password"
              autoComplete="current-password"
              registration={register('currentPassword')}
              error={errorOf('currentPassword')}
            />
            {twoFactor.data?.enabled && (
              <TextField
                id="profile-code"
                label="Authentication code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                registration={register('code')}
                error={errorOf('code')}
              />
            )}
          </fieldset>
        )}
        <div className="form-actions">
          <SubmitButton isPending={save.isPending} pendingLabel="Saving…">
            Save profile
          </SubmitButton>
          <SaveStatus message={message} />
        </div>
      </form>
    </>
  );
}

/**
 * Whether the home e-mail is confirmed (docs/decisions/0931): only a confirmed one verifies a
 * webinar joined from it. The link can be sent again from here.
 */
function HomeEmailStatus({ student }: { student: TStudent }) {
  const [sent, setSent] = useState<{ text: string; isError: boolean } | null>(null);
  const send = useResendHomeEmailLink();
  if (!student.email2) return null;
  if (student.email2Verified) return <>Confirmed.</>;
  const resend = () =>
    send.mutate(undefined, {
      onSuccess: (result) => setSent({ text: result.msg, isError: false }),
      onError: (error) =>
        setSent({
          text: error instanceof ApiRequestError ? error.message : Texts.GENERIC_ERROR,
          isError: true,
        }),
    });
  return (
    <>
      {Texts.HOME_EMAIL_UNCONFIRMED}{' '}
      <Button variant="link" disabled={send.isPending} onClick={resend}>
        Send the link again
      </Button>
      {sent && (
        <span role="status" className={sent.isError ? 'field-error home-email-sent' : 'home-email-sent'}>
          {sent.text}
        </span>
      )}
    </>
  );
}
