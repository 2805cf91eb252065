import { Texts } from '@opence/shared';
import { Link } from 'react-router';
import { useSite } from '../api/get-site.ts';

/** Footer of 01 §1: product name, social links, privacy and terms, the year, version and build. */
export function SiteFooter() {
  const { brand, socialLinks, desktopSiteUrl } = useSite();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <strong>{brand}</strong>
          <p>Free continuing education for dental professionals, kept free by our sponsors.</p>
        </div>
        <nav aria-label="Follow us">
          <ul>
            {socialLinks.map((link) => (
              <li key={link.url}>
                <a href={link.url} rel="noopener noreferrer" target="_blank">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <ul>
            <li>
              <Link to="/privacy">Privacy</Link>
            </li>
            <li>
              <Link to="/terms">Terms</Link>
            </li>
            <li>
              <Link to="/support">Support</Link>
            </li>
            <li>
              <Link to="/accessibility">{Texts.ACCESSIBILITY_LINK}</Link>
            </li>
            {desktopSiteUrl && (
              <li>
                <a href={desktopSiteUrl}>Desktop site</a>
              </li>
            )}
          </ul>
        </nav>
      </div>
      <div className="container">
        <p>
          {/* The browser may take the page over in a new year (decision 0830). */}©{' '}
          <span suppressHydrationWarning>{new Date().getFullYear()}</span> {brand} · Version {__APP_VERSION__}{' '}
          · Build {__APP_BUILD__}
        </p>
      </div>
    </footer>
  );
}
