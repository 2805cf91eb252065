import { Texts } from '@opence/shared';
import type { TRowRef } from '@opence/shared/schemas';
import { useState } from 'react';
import { Alert } from '../../../components/ui/feedback.tsx';
import { useAddToQueue } from '../api/add-to-queue.ts';
import { useRemoveFromQueue } from '../api/remove-from-queue.ts';

/**
 * The Watch Later button (02 §2 Queue button): plus when not queued (queueId 0), minus when
 * queued. Adding keeps the queueId the server gives; removing sets it to 0 and tells the parent.
 */
export function QueueButton({
  c,
  queueId: initial,
  onRemoved,
}: {
  c: string;
  queueId: TRowRef;
  onRemoved?: (hash: string) => void;
}) {
  const add = useAddToQueue(c);
  const remove = useRemoveFromQueue(c);
  const [queueId, setQueueId] = useState<TRowRef>(initial);
  const [hasError, setError] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const isQueued = queueId !== 0;

  const toggle = () => {
    setError(false);
    setRemoveError(null);
    // Adding only flags the failure (02 §8); removing says so.
    if (isQueued) {
      remove.mutate(undefined, {
        onSuccess: (hash) => {
          setQueueId(0);
          onRemoved?.(hash);
        },
        onError: () => setRemoveError(Texts.QUEUE_REMOVE_ERROR),
      });
    } else {
      add.mutate(undefined, { onSuccess: setQueueId, onError: () => setError(true) });
    }
  };

  return (
    <>
      <button
        type="button"
        className={`queue-button${hasError ? ' has-error' : ''}`}
        aria-pressed={isQueued}
        aria-label={isQueued ? 'Remove from Watch Later' : 'Add to Watch Later'}
        title={isQueued ? 'Remove from Watch Later' : 'Add to Watch Later'}
        disabled={add.isPending || remove.isPending}
        onClick={toggle}
      >
        <span aria-hidden="true">{isQueued ? '−' : '+'}</span>
      </button>
      {removeError && <Alert onDismiss={() => setRemoveError(null)}>{removeError}</Alert>}
    </>
  );
}
