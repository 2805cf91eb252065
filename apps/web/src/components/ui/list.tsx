import { pictureAt } from '@opence/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from './feedback.tsx';

/*
 * The parts a list page is made of: a header with its count line, rows with a photo, an
 * optional badge, a linked title, detail lines and actions, and skeleton rows of the same size
 * while loading, so nothing moves when the data arrives.
 */

/**
 * A list page's heading and count line: count null while loading, '' for none. The placeholder
 * (the count text with any number) keeps the line exactly as wide while loading, so the header
 * does not wrap differently when the count arrives.
 */
export function ListHeader({
  title,
  count,
  placeholder,
}: {
  title: string;
  count: string | null;
  placeholder?: string;
}) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {count === null &&
        (placeholder ? (
          <p className="skeleton list-count-placeholder" aria-hidden="true">
            {placeholder}
          </p>
        ) : (
          <span className="skeleton list-count-skeleton" aria-hidden="true" />
        ))}
      {count && <p aria-live="polite">{count}</p>}
    </div>
  );
}

export function ListRows({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <ul className="list-rows" aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/** What a row of playable media shows on its picture: a play mark, and its length when known. */
export type TRowMedia = { length?: string | null };

export function ListRow({
  to,
  title,
  photo,
  badge,
  level = 2,
  actions,
  media,
  placeholder,
  children,
}: {
  to: string;
  title: string;
  photo: string | null;
  /** What the picture's place shows when there is no photo (an in-person event's tile). */
  placeholder?: ReactNode;
  badge?: { text: string; tone: 'primary' | 'success' | 'warning' } | null;
  /** The heading level of the title: 2 on a list page, 3 inside a section. */
  level?: 2 | 3;
  /** Buttons of the row: under the text, above the card's link so they stay their own targets. */
  actions?: ReactNode;
  /** A recording, a podcast or a video: a play mark (and its length) on the picture (decision 1030). */
  media?: TRowMedia | null;
  children?: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className="list-row card">
      {/* The title's link covers the whole card (CSS, decision 1030): one target, one name. */}
      <div className="list-row-photo">
        {photo ? (
          <img src={pictureAt(photo, 320)} alt="" width="160" height="90" loading="lazy" />
        ) : (
          placeholder
        )}
        {media && <span className="list-row-play" aria-hidden="true" />}
        {media?.length && (
          <span className="list-row-length" aria-hidden="true">
            {media.length}
          </span>
        )}
      </div>
      <div className="list-row-body">
        {badge && <Badge tone={badge.tone}>{badge.text}</Badge>}
        <Heading className="list-row-title">
          <Link to={to} className="list-row-link">
            {title}
          </Link>
        </Heading>
        {children}
      </div>
      {actions && <div className="list-row-actions">{actions}</div>}
    </li>
  );
}

/** A detail line under a row's title; nothing when it would be empty. */
export function RowLine({ children }: { children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return <p className="list-row-line">{children}</p>;
}

/** Rows of placeholders while a list loads. */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
      <ul className="list-rows" aria-hidden="true">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="list-row card">
            <span className="list-row-photo skeleton" />
            <div className="list-row-body">
              <span className="skeleton list-skeleton-title" />
              <span className="skeleton list-skeleton-line" />
              <span className="skeleton list-skeleton-line short" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
