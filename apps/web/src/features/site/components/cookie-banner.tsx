import { COOKIE_MESSAGE_CODE, StorageKey, Texts } from '@opence/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useBrowserValue } from '../../../lib/hydration.ts';
import { safeStorage } from '../../../lib/storage.ts';
import { useBlurb } from '../api/get-blurb.ts';

const isStoredAccepted = () => Boolean(safeStorage.get(StorageKey.COOKIE_ACCEPTED));

/**
 * The cookie notice (01 §1): shown at the bottom of every page until accepted; the text is
 * the 'cookie_message' block, or the fallback when it cannot be loaded. Acceptance is kept as
 * a date string.
 */
export function CookieBanner() {
  // As the server rendered it (not accepted) while the browser takes a rendered screen over
  // (decision 0830); the head script's attribute has hidden it already where it was accepted.
  const wasAccepted = useBrowserValue(isStoredAccepted, false);
  const [isAccepted, setAccepted] = useState(false);
  const blurb = useBlurb(COOKIE_MESSAGE_CODE);
  if (wasAccepted || isAccepted) return null;
  const text = blurb.isError ? Texts.COOKIE_FALLBACK : (blurb.data ?? '');
  return (
    <section className="cookie-banner" aria-label="Cookie notice">
      <div className="container">
        <p>{blurb.isPending ? ' ' : text}</p>
        <Button
          onClick={() => {
            safeStorage.set(StorageKey.COOKIE_ACCEPTED, new Date().toString());
            setAccepted(true);
          }}
        >
          Accept
        </Button>
      </div>
    </section>
  );
}
