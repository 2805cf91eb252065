import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';

/** A console page: its title (also the document title), a way back, and actions beside it. */
export function AdminPage({
  title,
  back,
  actions,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(`${title} · Staff`);
  return (
    <div className="admin-page">
      {back && (
        <p className="admin-back">
          <Link to={back.to}>‹ {back.label}</Link>
        </p>
      )}
      <div className="admin-page-header">
        <h1>{title}</h1>
        {actions && <div className="admin-actions">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
