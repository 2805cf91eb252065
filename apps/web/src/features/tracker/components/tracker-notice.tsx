import { TrackerTexts as T, TRACKER_UNDO_MINUTES } from '@opence/shared';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/*
 * What was just done, where it was done (issue 36): "Certificate saved.", "License … deleted."
 * with Undo for as long as the server keeps it. A live region that is always in the page, so the
 * text is read out when it comes; after a delete it takes the focus (the button that was pressed
 * is gone), so Undo is one Tab away.
 */

export type TNotice = {
  /** A new id for each notice, so the same text twice is still announced. */
  id: number;
  text: string;
  kind?: 'success' | 'info';
  undo?: () => Promise<unknown>;
  /** What to say once undone. */
  undoneText?: string;
  /** Move the focus here (after a delete). */
  focus?: boolean;
};

let nextId = 1;
export const notice = (n: Omit<TNotice, 'id'>): TNotice => ({ ...n, id: nextId++ });

export function TrackerNotice({ notice: current, onClose }: { notice: TNotice | null; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const undo = useMutation({ mutationFn: (n: TNotice) => n.undo?.() ?? Promise.resolve() });
  // The undo's state belongs to the notice it was asked for; a new notice starts clean.
  const isMine = current !== null && undo.variables?.id === current.id;
  const mine = {
    busy: isMine && undo.isPending,
    done: isMine && undo.isSuccess,
    error: isMine && undo.error ? undo.error.message || T.UNDO_TOO_LATE : null,
  };
  useEffect(() => {
    const box = ref.current;
    if (!current || !box) return;
    box.scrollIntoView({ block: 'nearest' });
    if (current.focus) box.focus();
  }, [current]);
  if (!current) return <div ref={ref} className="tracker-notice is-empty" role="status" aria-live="polite" />;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`tracker-notice is-${current.kind ?? 'success'}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
    >
      <div className="tracker-notice-text">
        <p>{mine.done && current.undoneText ? current.undoneText : current.text}</p>
        {current.undo && !mine.done && (
          <p className="tracker-muted">{T.UNDO_NOTE.replace('{minutes}', String(TRACKER_UNDO_MINUTES))}</p>
        )}
        {mine.error && <p className="field-error">{mine.error}</p>}
      </div>
      <div className="tracker-notice-actions">
        {current.undo && !mine.done && (
          <Button variant="secondary" onClick={() => undo.mutate(current)} disabled={mine.busy}>
            {T.UNDO}
          </Button>
        )}
        <Button variant="link" onClick={onClose} aria-label="Dismiss message">
          ×
        </Button>
      </div>
    </div>
  );
}
