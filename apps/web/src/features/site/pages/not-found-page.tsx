import { Texts } from '@opence/shared';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';

/** Page Not Found (01 §2): for unknown paths and /404; the Home link goes to /login. */
export function Component() {
  usePageTitle(Texts.PAGE_NOT_FOUND);
  return (
    <div className="container not-found">
      <h1>{Texts.PAGE_NOT_FOUND}</h1>
      <p>{Texts.PAGE_NOT_FOUND_DETAIL}</p>
      <Link className="btn" to="/login">
        Home
      </Link>
    </div>
  );
}
