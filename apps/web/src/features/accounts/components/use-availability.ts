import { useEffect, useRef } from 'react';
import type { TValidateResponse } from '@opence/shared/schemas';
import { checkAvailability } from '../api/validate-availability.ts';

const DEBOUNCE_MS = 450;

/**
 * Checks a username, e-mail or AGD number with the server as the member types (debounced);
 * only values that already pass the local rules are sent.
 */
export function useAvailability(
  call: 'validate-username' | 'validate-email' | 'validate-agd-number',
  param: string,
  value: string | undefined,
  isWellFormed: boolean,
  onResult: (result: TValidateResponse) => void,
) {
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    const trimmed = (value ?? '').trim();
    if (!trimmed || !isWellFormed) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      checkAvailability(call, { [param]: trimmed }, controller.signal)
        .then((result) => {
          if (!controller.signal.aborted) callback.current(result);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [call, param, value, isWellFormed]);
}
