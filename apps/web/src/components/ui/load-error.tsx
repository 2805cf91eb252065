import { Texts } from '@opence/shared';
import { Button } from './button.tsx';
import { useIsOnline } from '../../lib/connection.ts';
import { Alert } from './feedback.tsx';
import { OfflineMessage } from './offline-message.tsx';

/**
 * Content that could not load: the reason in a red alert and a way to try again; offline, that the
 * page needs the internet and what works without it (issue 44).
 */
export function LoadError({ text = Texts.GENERIC_ERROR, onRetry }: { text?: string; onRetry: () => void }) {
  const isOnline = useIsOnline();
  if (!isOnline) return <OfflineMessage />;
  return (
    <Alert>
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
