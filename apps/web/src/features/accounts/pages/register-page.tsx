import { zodResolver } from '@hookform/resolvers/zod';
import { EMAIL_PATTERN, safeReturnPath, Texts, Timing } from '@opence/shared';
import {
  ZRegisterRequest,
  ZUsername,
  type TAccountItemsResponse,
  type TRegisterForm,
  type TRegisterRequest,
} from '@opence/shared/schemas';
import { useEffect, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useAccountItems } from '../api/get-account-items.ts';
import { useRegister } from '../api/register.ts';
import { startSession } from '../api/session.ts';
import { PasswordField, SelectField, TextField } from '../../../components/ui/field.tsx';
import { ProfileFields, type TProfileFieldName } from '../components/profile-fields.tsx';
import { applyServerErrors, SubmitButton } from '../../../components/ui/form.tsx';
import { useAvailability } from '../components/use-availability.ts';
import '../accounts.css';

type TFieldName = keyof TRegisterForm & string;

const DEFAULTS: Partial<TRegisterForm> = {
  username: '',
  password: '',
  password2: '',
  title: '',
  firstname: '',
  lastname: '',
  jobTitle: '',
  officeName: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
  phone: '',
  isPhoneMobile: false,
  email: '',
  agdNumber: '',
  certYear: '',
  gender: undefined,
  ageRange: '',
  officeSize: '',
  sourceHeard: '',
};

/** /register (01 §2, §5): the whole form; success shows 'Account created.' and goes to rurl after 2 s. */
export function Component() {
  usePageTitle('Register');
  const items = useAccountItems();
  if (items.isPending) {
    return (
      <div className="container narrow">
        <h1>Create your free account</h1>
        <Spinner />
      </div>
    );
  }
  // The form mounts with its lists, so the default country is selected (a select cannot hold a
  // value before its option exists). Without lists the form still works, with empty dropdowns.
  return <RegisterForm items={items.data} isItemsError={items.isError} />;
}

function RegisterForm({
  items,
  isItemsError,
}: {
  items: TAccountItemsResponse | undefined;
  isItemsError: boolean;
}) {
  const [params] = useSearchParams();
  const rurl = safeReturnPath(params.get('rurl'));
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [isCreated, setCreated] = useState(false);
  const create = useRegister();

  const {
    register,
    handleSubmit,
    control,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<TRegisterForm, unknown, TRegisterRequest>({
    resolver: zodResolver(ZRegisterRequest),
    defaultValues: DEFAULTS,
  });

  const serverCheck = (name: TFieldName) => (result: { status: boolean; msg?: string }) => {
    if (!result.status) setError(name, { type: 'server', message: result.msg });
    else if (getFieldState(name).error?.type === 'server') clearErrors(name);
  };
  const username = useWatch({ control, name: 'username' });
  const email = useWatch({ control, name: 'email' });
  const agdNumber = useWatch({ control, name: 'agdNumber' });
  useAvailability(
    'validate-username',
    'u',
    username,
    ZUsername.safeParse(username ?? '').success,
    serverCheck('username'),
  );
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
    String(agdNumber ?? ''),
    /^\d{5,9}$/.test(String(agdNumber ?? '').trim()),
    serverCheck('agdNumber'),
  );

  useEffect(() => {
    if (!isCreated) return;
    const timer = window.setTimeout(() => navigate(rurl), Timing.REGISTER_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isCreated, navigate, rurl]);

  const onValid = async (values: TRegisterRequest, event?: BaseSyntheticEvent) => {
    setFormError(null);
    try {
      const result = await create.mutateAsync(values as unknown as Record<string, unknown>);
      startSession(result.token, result.student);
      setCreated(true);
    } catch (error) {
      const form = event?.target as HTMLFormElement | undefined;
      setFormError(applyServerErrors(error, setError, { form, fallback: Texts.REGISTER_FAILED }).message);
    }
  };

  const errorOf = (name: string) => errors[name as TFieldName]?.message as string | undefined;

  if (isCreated) {
    return (
      <div className="container narrow">
        <h1>Register</h1>
        <Alert kind="success">{Texts.ACCOUNT_CREATED}</Alert>
      </div>
    );
  }

  return (
    <div className="container narrow">
      <h1>Create your free account</h1>
      <p>
        Already registered?{' '}
        <Link to={`/login${rurl !== '/home' ? `?rurl=${encodeURIComponent(rurl)}` : ''}`}>Log in</Link>
      </p>
      <p className="field-hint">{Texts.WHY_FIELDS_INTRO}</p>
      {formError && <Alert onDismiss={() => setFormError(null)}>{formError}</Alert>}
      {isItemsError && <Alert>{Texts.GENERIC_ERROR}</Alert>}
      <form
        className="card account-form"
        noValidate
        onSubmit={handleSubmit(onValid, () => setFormError(Texts.CORRECT_ERRORS))}
      >
        <fieldset className="form-section">
          <legend>Your login</legend>
          <div className="form-grid">
            <TextField
              id="reg-username"
              label="Username"
              autoComplete="username"
              autoCapitalize="none"
              hint="At least 6 characters: letters, digits, dots, dashes or underscores."
              registration={register('username')}
              error={errorOf('username')}
            />
            <PasswordField
              id="reg-password"
              label="Password"
              autoComplete="new-password"
              hint="At least 6 characters: letters, digits and . ! @ # $ % & * ~ : ; ? + = ^ _ -"
              registration={register('password')}
              error={errorOf('password')}
            />
            <PasswordField
              id="reg-password2"
              label="Retype password"
              autoComplete="new-password"
              registration={register('password2')}
              error={errorOf('password2')}
            />
          </div>
        </fieldset>
        <ProfileFields
          idPrefix="reg"
          field={(name: TProfileFieldName) => register(name as TFieldName)}
          errorOf={errorOf}
          items={items}
        />
        <fieldset className="form-section">
          <legend>One more thing</legend>
          <SelectField
            id="reg-sourceHeard"
            label="How did you hear about us?"
            options={items?.sourceHeard ?? []}
            hint={Texts.WHY_SOURCE}
            registration={register('sourceHeard')}
            error={errorOf('sourceHeard')}
          />
        </fieldset>
        <SubmitButton isPending={create.isPending} pendingLabel="Creating account…">
          Create account
        </SubmitButton>
      </form>
    </div>
  );
}
