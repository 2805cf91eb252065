import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from './feedback.tsx';

/*
 * The spec's alerts that come with a redirect ('Please view class before taking exam.' and the
 * like, 02 §4) travel with the navigation and show on the page the member lands on, instead of
 * a blocking window.alert.
 */

type TFlashState = { flash?: string } | null;

/** Navigates on (replacing this page in the history) with a message the next page shows. */
export function useFlashNavigate() {
  const navigate = useNavigate();
  return useCallback(
    (to: string, message: string) => navigate(to, { replace: true, state: { flash: message } }),
    [navigate],
  );
}

/** The message the previous page left, until dismissed. */
export function FlashMessage() {
  const location = useLocation();
  const message = (location.state as TFlashState)?.flash;
  const [dismissedKey, setDismissedKey] = useState<string | null>(null);
  if (!message || dismissedKey === location.key) return null;
  return (
    <div className="container">
      <Alert onDismiss={() => setDismissedKey(location.key)}>{message}</Alert>
    </div>
  );
}
