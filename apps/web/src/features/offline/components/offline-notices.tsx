import { useBrowserValue } from '../../../lib/hydration.ts';
import { ConnectionStatus } from './connection-status.tsx';
import { UpdatePrompt } from './update-prompt.tsx';

/**
 * The update prompt and the connection status: the browser's own, so drawn only once the app has
 * taken the server's screen over (nothing of them is in the page the server sent).
 */
export function OfflineNotices() {
  const isTakenOver = useBrowserValue(() => true, false);
  if (!isTakenOver) return null;
  return (
    <>
      <UpdatePrompt />
      <ConnectionStatus />
    </>
  );
}
