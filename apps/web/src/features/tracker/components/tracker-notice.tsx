import { TrackerTexts as T, TRACKER_UNDO_MINUTES } from '@opence/shared';
import { useEffect, useRef, useState } from 'react';
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
  const [state, setState] = useState<{ for: number; busy: boolean; error: string | null; done: boolean }>({
    for: 0,
    busy: false,
    error: null,
    done: false,
  });
  const mine =
    current && state.for === current.id ? state : { for: 0, busy: false, error: null, done: false };
  useEffect(() => {
    const box = ref.current;
    if (!current || !box) return;
    box.scrollIntoView({ block: 'nearest' });
    if (current.focus) box.focus();
  }, [current]);
  if (!current) return <div ref={ref} className="tracker-notice is-empty" role="status" aria-live="polite" />;
  const undo = async () => {
    if (!current.undo) return;
    setState({ for: current.id, busy: true, error: null, done: false });
    try {
      await current.undo();
      setState({ for: current.id, busy: false, error: null, done: true });
    } catch (error) {
      setState({
        for: current.id,
        busy: false,
        error: error instanceof Error ? error.message : T.UNDO_TOO_LATE,
        done: false,
      });
    }
  };
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
          <Button variant="secondary" onClick={() => void undo()} disabled={mine.busy}>
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
