import { useEffect, useRef, useState } from 'react';
import { getToken } from '../../../lib/auth.tsx';
import { endSession } from '../api/session.ts';

/**
 * Login, recover and reset log an existing session out first (01 §2, §4). Returns true once
 * there is no session any more.
 */
export function useLogoutFirst(): boolean {
  const [isReady, setReady] = useState(() => !getToken());
  const started = useRef(false);
  useEffect(() => {
    if (isReady || started.current) return;
    started.current = true;
    void endSession().finally(() => setReady(true));
  }, [isReady]);
  return isReady;
}
