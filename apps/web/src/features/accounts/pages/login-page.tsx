import { zodResolver } from '@hookform/resolvers/zod';
import { safeReturnPath, Texts } from '@opence/shared';
import { ZLoginRequest, type TLoginForm, type TLoginRequest } from '@opence/shared/schemas';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useExchangeLoginLink } from '../api/exchange-login-link.ts';
import { useLogin } from '../api/login.ts';
import { startSession } from '../api/session.ts';
import { PasswordField, TextField } from '../../../components/ui/field.tsx';
import { useLogoutFirst } from '../components/use-logout-first.ts';
import '../accounts.css';
import { SubmitButton } from '../../../components/ui/form.tsx';

/**
 * /login/{s?} (01 §2): username or e-mail and password, then on to rurl (default /home). A
 * login link's token in s (query or path) leaves the address at once and is exchanged by POST
 * /api/login-link, once (docs/decisions/0930); an account with two-factor sign-in is asked for
 * its code first. A used or expired link says so above the normal form.
 */
export function Component() {
  usePageTitle('Login');
  const [params] = useSearchParams();
  const { s: pathToken } = useParams();
  const linkToken = params.get('s') || pathToken || '';
  const rurl = safeReturnPath(params.get('rurl'));
  const navigate = useNavigate();
  const isLoggedOut = useLogoutFirst();
  const [message, setMessage] = useState<string | null>(null);
  const [isCheckingLink, setCheckingLink] = useState(Boolean(linkToken));
  // The account has a second factor: the form asks for its code and sends u, p and code (0920).
  const [needsCode, setNeedsCode] = useState(false);
  // A link's token, kept here once the address is clean, while its code is asked for.
  const [linkAwaitingCode, setLinkAwaitingCode] = useState<string | null>(null);
  const linkTried = useRef(false);
  const exchange = useExchangeLoginLink();
  const { mutateAsync: exchangeLink } = exchange;
  const login = useLogin();

  const finishWithLink = useCallback(
    async (token: string, code?: string) => {
      try {
        const result = await exchangeLink({ t: token, code });
        startSession(result.token, result.student);
        navigate(rurl, { replace: true });
      } catch (error) {
        if (error instanceof ApiRequestError && error.body?.secondFactor === 'code') {
          setLinkAwaitingCode(token);
          if (code) throw error;
        } else {
          setLinkAwaitingCode(null);
          setMessage(error instanceof ApiRequestError ? error.message : Texts.LOGIN_LINK_INVALID);
        }
        setCheckingLink(false);
      }
    },
    [navigate, rurl, exchangeLink],
  );

  useEffect(() => {
    if (!isLoggedOut || !linkToken || linkTried.current) return;
    linkTried.current = true;
    // The token leaves the address (and so the history) before it is used.
    navigate(rurl === '/home' ? '/login' : `/login?rurl=${encodeURIComponent(rurl)}`, { replace: true });
    void finishWithLink(linkToken);
  }, [isLoggedOut, linkToken, navigate, rurl, finishWithLink]);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
    // No default values: with them the form would write '' into the fields as they register,
    // over what a visitor typed before the app took the page over (decision 0830).
  } = useForm<TLoginForm, unknown, TLoginRequest>({ resolver: zodResolver(ZLoginRequest) });

  const onValid = async ({ u, p, code }: TLoginRequest) => {
    setMessage(null);
    try {
      const result = await login.mutateAsync({ u, p, code: needsCode ? code : undefined });
      startSession(result.token, result);
      navigate(rurl, { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.body?.secondFactor === 'code') {
        // The password was right: the code is what is asked for now (or was wrong).
        if (!needsCode) setNeedsCode(true);
        else setError('code', { type: 'server', message: error.message });
        if (needsCode) return;
        setMessage(error.message);
        return;
      }
      // 429 carries its own text; any other refusal is the spec's one message.
      setMessage(
        error instanceof ApiRequestError && (error.status === 429 || error.status === 0)
          ? error.message
          : Texts.LOGIN_FAILED,
      );
    }
  };

  useEffect(() => {
    if (needsCode) setFocus('code');
  }, [needsCode, setFocus]);

  if (linkAwaitingCode) {
    return (
      <LinkCodeForm
        onCode={(code) => finishWithLink(linkAwaitingCode, code)}
        isPending={exchange.isPending}
        onCancel={() => setLinkAwaitingCode(null)}
      />
    );
  }

  if (!isLoggedOut || isCheckingLink) {
    return (
      <div className="container narrow">
        <h1>Login</h1>
        <Spinner label="Signing in…" />
      </div>
    );
  }

  const registerLink = `/register${rurl !== '/home' ? `?rurl=${encodeURIComponent(rurl)}` : ''}`;
  return (
    <div className="container narrow">
      <h1>Login</h1>
      {message && <Alert onDismiss={() => setMessage(null)}>{message}</Alert>}
      <form className="card account-form" noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          id="login-u"
          label="Username or email"
          autoComplete="username"
          autoCapitalize="none"
          registration={register('u')}
          error={errors.u?.message}
        />
        <PasswordField
          id="login-p"
          label="Password"
          autoComplete="current-password"
          registration={register('p')}
          error={errors.p?.message}
        />
        {needsCode && (
          <TextField
            id="login-code"
            label="Authentication code"
            autoComplete="one-time-code"
            inputMode="text"
            autoCapitalize="none"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes."
            registration={register('code')}
            error={errors.code?.message}
          />
        )}
        <SubmitButton isPending={login.isPending} pendingLabel="Logging in…">
          Login
        </SubmitButton>
      </form>
      <p className="form-links">
        <Link to="/recover">Forgot your password?</Link>
        <span>
          New here? <Link to={registerLink}>Create a free account</Link>
        </span>
      </p>
    </div>
  );
}

/** The second step of a login link on an account with two-factor sign-in: its code. */
function LinkCodeForm({
  onCode,
  onCancel,
  isPending,
}: {
  onCode: (code: string) => Promise<void>;
  onCancel: () => void;
  isPending: boolean;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<{ code: string }>();
  useEffect(() => setFocus('code'), [setFocus]);

  const onValid = async ({ code }: { code: string }) => {
    try {
      await onCode(code.trim());
    } catch (refusal) {
      const text = refusal instanceof ApiRequestError ? refusal.message : Texts.GENERIC_ERROR;
      setError('code', { type: 'server', message: text }, { shouldFocus: true });
    }
  };

  return (
    <div className="container narrow">
      <h1>Login</h1>
      <p>{Texts.LOGIN_LINK_CODE_NEEDED}</p>
      <form className="card account-form" noValidate onSubmit={handleSubmit(onValid)}>
        <TextField
          id="link-code"
          label="Authentication code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          registration={register('code', { required: Texts.TWO_FACTOR_CODE_NEEDED })}
          error={errors.code?.message}
        />
        <SubmitButton isPending={isPending} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <p className="form-links">
        <Button variant="link" onClick={onCancel}>
          Log in with your password instead
        </Button>
      </p>
    </div>
  );
}
