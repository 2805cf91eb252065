import { Texts } from '@opence/shared';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { isUpdateWaiting, reloadIntoUpdate, subscribeUpdate } from '../service-worker-client.ts';

/**
 * "A new version of OpenCE is ready": shown while a new build's worker waits. It applies the
 * update only when the member taps Reload, so nothing typed is lost to a reload they did not ask for.
 */
export function UpdatePrompt() {
  const isWaiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const [isDismissed, setDismissed] = useState(false);
  if (!isWaiting || isDismissed) return null;
  return (
    <div className="app-notice update-prompt" role="status" aria-live="polite">
      <p>{Texts.UPDATE_READY}</p>
      <div className="app-notice-actions">
        <Button variant="secondary" onClick={() => setDismissed(true)}>
          {Texts.UPDATE_LATER}
        </Button>
        <Button onClick={reloadIntoUpdate}>{Texts.UPDATE_RELOAD}</Button>
      </div>
    </div>
  );
}
