import type { ReactNode } from 'react';

/** A red, green or blue message box; errors are announced to screen readers at once. */
export function Alert({
  kind = 'error',
  children,
  onDismiss,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <div>{children}</div>
      {onDismiss && (
        <button type="button" className="btn btn-link" onClick={onDismiss} aria-label="Dismiss message">
          ×
        </button>
      )}
    </div>
  );
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** What a list shows when it has no rows: the spec's text and, optionally, a way onward. */
export function EmptyState({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <div className="empty-state card">
      <p>{text}</p>
      {children}
    </div>
  );
}

export function Badge({
  tone = 'primary',
  children,
}: {
  tone?: 'primary' | 'success' | 'warning' | 'danger';
  children: ReactNode;
}) {
  return <span className={tone === 'primary' ? 'badge' : `badge badge-${tone}`}>{children}</span>;
}
