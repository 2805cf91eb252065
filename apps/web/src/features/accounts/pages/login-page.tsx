import { zodResolver } from '@hookform/resolvers/zod';
import { safeReturnPath, Texts } from '@opence/shared';
import { ZLoginRequest, type TLoginForm, type TLoginRequest } from '@opence/shared/schemas';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Alert, Spinner } from '../../../components/ui/feedback.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { studentFromLoginLink } from '../api/get-student.ts';
import { login } from '../api/login.ts';
import { startSession } from '../api/session.ts';
import { PasswordField, TextField } from '../components/form-fields.tsx';
import { useLogoutFirst } from '../components/use-logout-first.ts';
import '../accounts.css';

/**
 * /login/{s?} (01 §2): username or e-mail and password, then on to rurl (default /home). A
 * login-link token in s (query or path) signs the member in through GET /api/student (03 §3).
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
  const linkTried = useRef(false);

  useEffect(() => {
    if (!isLoggedOut || !linkToken || linkTried.current) return;
    linkTried.current = true;
    studentFromLoginLink(linkToken)
      .then((result) => {
        startSession(result.token!, result.student);
        navigate(rurl, { replace: true });
      })
      .catch((error: unknown) => {
        setMessage(error instanceof ApiRequestError ? error.message : Texts.LOGIN_LINK_INVALID);
        setCheckingLink(false);
      });
  }, [isLoggedOut, linkToken, navigate, rurl]);

  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
    // No default values: with them the form would write '' into the fields as they register,
    // over what a visitor typed before the app took the page over (decision 0830).
  } = useForm<TLoginForm, unknown, TLoginRequest>({ resolver: zodResolver(ZLoginRequest) });

  const onValid = async ({ u, p, code }: TLoginRequest) => {
    setMessage(null);
    try {
      const result = await login(u, p, needsCode ? code : undefined);
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
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Logging in…' : 'Login'}
        </Button>
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
