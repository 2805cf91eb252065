import { Texts } from '@opence/shared';
import { Button } from './button.tsx';
import { Alert } from './feedback.tsx';

/** Content that could not load: the reason in a red alert and a way to try again. */
export function LoadError({ text = Texts.GENERIC_ERROR, onRetry }: { text?: string; onRetry: () => void }) {
  return (
    <Alert>
      <p>{text}</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
