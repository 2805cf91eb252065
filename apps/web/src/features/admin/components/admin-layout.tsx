import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import type { TAdminMe } from '@opence/shared/schemas';
import { ADMIN_NAV } from '../admin-nav.ts';

/** The console's own frame: a header, the side navigation (a menu on a phone) and the page. */
export function AdminLayout({ me }: { me: TAdminMe }) {
  const [isMenuOpen, setMenuOpen] = useState(false);

  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        <Link className="admin-brand" to="/admin">
          Staff console
        </Link>
        <span className="admin-user">{me.name}</span>
        <Link className="admin-site-link" to="/home">
          View site
        </Link>
        <button
          type="button"
          className="admin-menu-button"
          aria-expanded={isMenuOpen}
          aria-controls="admin-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
      </header>
      <div className="admin-body">
        <nav
          id="admin-nav"
          className={isMenuOpen ? 'admin-nav is-open' : 'admin-nav'}
          aria-label="Staff console"
        >
          {ADMIN_NAV.map((section) => (
            <div key={section.title} className="admin-nav-section">
              <h2>{section.title}</h2>
              <ul>
                {section.links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === '/admin'} onClick={() => setMenuOpen(false)}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
