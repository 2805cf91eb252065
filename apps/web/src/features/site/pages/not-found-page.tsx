import { Texts } from '@opence/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';

/** Where a lost reader most likely meant to go (issue 22, item 15). */
const SUGGESTIONS = [
  { to: '/ondemand', label: Texts.ONDEMAND_TITLE },
  { to: '/webinars', label: Texts.UPCOMING_TITLE },
  { to: '/podcasts', label: Texts.PODCASTS_TITLE },
  { to: '/support', label: 'Support' },
];

/**
 * Page Not Found (01 §2): for unknown paths and /404; the Home link goes to /login. The server
 * answers these paths with a 404 status. Around the spec's texts, a search of the content (a plain
 * form to /search, working before the app has started) and the main lists as suggestions.
 */
export function Component() {
  usePageTitle(Texts.PAGE_NOT_FOUND);
  const searchId = useId();
  return (
    <div className="container not-found">
      <h1>{Texts.PAGE_NOT_FOUND}</h1>
      <p>{Texts.PAGE_NOT_FOUND_DETAIL}</p>
      <form className="not-found-search" action="/search" method="get" role="search">
        <label htmlFor={searchId}>{Texts.NOT_FOUND_SEARCH}</label>
        <div className="not-found-search-row">
          <input id={searchId} name="q" type="search" autoComplete="off" />
          <button type="submit" className="btn">
            Search
          </button>
        </div>
      </form>
      <p className="not-found-suggest">{Texts.NOT_FOUND_SUGGESTIONS}</p>
      <ul className="not-found-links">
        {SUGGESTIONS.map((item) => (
          <li key={item.to}>
            <Link to={item.to}>{item.label}</Link>
          </li>
        ))}
      </ul>
      <Link className="btn btn-secondary" to="/login">
        Home
      </Link>
    </div>
  );
}
