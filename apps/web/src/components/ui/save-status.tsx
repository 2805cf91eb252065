import { useEffect, useRef } from 'react';

export type TSaveMessage = { kind: 'success' | 'error'; text: string };

/**
 * A save's outcome beside its button (issue 22, decision 1006): a live region that is always in
 * the page, so the text is announced when it comes, and brought into view unless the browser
 * just moved to a field that needs correcting (the form focuses the first one).
 */
export function SaveStatus({ message, id }: { message: TSaveMessage | null; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!message || !box) return;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active.getAttribute('aria-invalid') === 'true') return;
    box.scrollIntoView({ block: 'nearest' });
  }, [message]);
  return (
    <div
      ref={ref}
      id={id}
      className={message ? `save-status save-status-${message.kind}` : 'save-status'}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      {message?.text}
    </div>
  );
}
