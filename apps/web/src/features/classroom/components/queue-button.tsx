import { Texts } from '@opence/shared';
import type { TRowRef } from '@opence/shared/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../components/ui/feedback.tsx';
import { addToQueue } from '../api/add-to-queue.ts';
import { removeFromQueue } from '../api/remove-from-queue.ts';

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
  const client = useQueryClient();
  const [queueId, setQueueId] = useState<TRowRef>(initial);
  const [isBusy, setBusy] = useState(false);
  const [hasError, setError] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const isQueued = queueId !== 0;

  const toggle = async () => {
    setBusy(true);
    setError(false);
    setRemoveError(null);
    try {
      if (isQueued) {
        const hash = await removeFromQueue(c);
        setQueueId(0);
        onRemoved?.(hash);
      } else {
        setQueueId(await addToQueue(c));
      }
      await client.invalidateQueries({ queryKey: ['class', c] });
    } catch {
      // Adding only flags the failure (02 §8); removing says so.
      if (isQueued) setRemoveError(Texts.QUEUE_REMOVE_ERROR);
      else setError(true);
    } finally {
      setBusy(false);
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
        disabled={isBusy}
        onClick={() => void toggle()}
      >
        <span aria-hidden="true">{isQueued ? '−' : '+'}</span>
      </button>
      {removeError && <Alert onDismiss={() => setRemoveError(null)}>{removeError}</Alert>}
    </>
  );
}
