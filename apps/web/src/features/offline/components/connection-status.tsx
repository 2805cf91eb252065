import { Texts } from '@opence/shared';
import { useEffect, useState } from 'react';
import { useIsOnline } from '../../../lib/connection.ts';

const BACK_ONLINE_SHOWN_MS = 4000;

/**
 * A small status pinned to the bottom of the screen while the connection is gone, and for a moment
 * when it returns. Fixed, so nothing in the page moves when it comes and goes.
 */
export function ConnectionStatus() {
  const isOnline = useIsOnline();
  const [isBackShown, setBackShown] = useState(false);

  useEffect(() => {
    let timer = 0;
    const back = () => {
      setBackShown(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setBackShown(false), BACK_ONLINE_SHOWN_MS);
    };
    const gone = () => {
      window.clearTimeout(timer);
      setBackShown(false);
    };
    window.addEventListener('online', back);
    window.addEventListener('offline', gone);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', back);
      window.removeEventListener('offline', gone);
    };
  }, []);

  const text = !isOnline ? Texts.OFFLINE_STATUS_OFFLINE : isBackShown ? Texts.OFFLINE_STATUS_ONLINE : '';
  return (
    <div
      className={`connection-status${text ? ' is-shown' : ''}${isOnline ? '' : ' is-offline'}`}
      role="status"
    >
      {text}
    </div>
  );
}
