import { COOKIE_MESSAGE_CODE, StorageKey, Texts } from '@opence/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { safeStorage } from '../../../lib/storage.ts';
import { useBlurb } from '../api/get-blurb.ts';

/**
 * The cookie notice (01 §1): shown at the bottom of every page until accepted; the text is
 * the 'cookie_message' block, or the fallback when it cannot be loaded. Acceptance is kept as
 * a date string.
 */
export function CookieBanner() {
  const [isAccepted, setAccepted] = useState(() => Boolean(safeStorage.get(StorageKey.COOKIE_ACCEPTED)));
  const blurb = useBlurb(COOKIE_MESSAGE_CODE);
  if (isAccepted) return null;
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
