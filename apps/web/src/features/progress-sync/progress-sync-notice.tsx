import { Texts } from '@opence/shared';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/feedback.tsx';
import { startProgressSync, useSyncStatus } from '../../lib/progress-sync/progress-sync.ts';

/** Starts the sending and says, on any page, that the answers kept on the device were sent. */
export function ProgressSyncNotice() {
  const { sentAt } = useSyncStatus();
  const [dismissedAt, setDismissedAt] = useState(0);
  useEffect(() => startProgressSync(), []);
  if (sentAt === 0 || sentAt === dismissedAt) return null;
  return (
    <div className="container">
      <Alert kind="success" onDismiss={() => setDismissedAt(sentAt)}>
        {Texts.SENT_FROM_DEVICE}
      </Alert>
    </div>
  );
}
