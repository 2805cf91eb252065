import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from './feedback.tsx';

/*
 * The spec's alerts that come with a redirect ('Please view class before taking exam.' and the
 * like, 02 §4) travel with the navigation and show on the page the member lands on, instead of
 * a blocking window.alert.
 */

type TFlashKind = 'error' | 'success';
type TFlashState = { flash?: string; flashKind?: TFlashKind } | null;

/**
 * Navigates on (replacing this page in the history) with a message the next page shows: an
 * error by default, or the confirmation of what was just done.
 */
export function useFlashNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: string, message: string, kind: TFlashKind = 'error') =>
      navigate(to, { replace: true, state: { flash: message, flashKind: kind } }),
    [navigate],
  );
}

/** The message the previous page left, until dismissed. */
export function FlashMessage() {
  const location = useLocation();
  const state = location.state as TFlashState;
  const message = state?.flash;
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  if (!message || dismissedKey === location.key) return null;
  return (
    <div className="container">
      <Alert kind={state?.flashKind ?? 'error'} onDismiss={() => setDismissedKey(location.key)}>
        {message}
      </Alert>
    </div>
  );
}
