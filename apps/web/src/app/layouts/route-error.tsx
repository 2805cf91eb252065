import { Texts } from '@opence/shared';
import { Link } from 'react-router';

/** Shown when a page fails to load or throws: the generic text and a way home. */
export function RouteError() {
  return (
    <div className="container not-found">
      <h1>Something went wrong</h1>
      <p>{Texts.GENERIC_ERROR}</p>
      <Link className="btn" to="/home">
        Home
      </Link>
    </div>
  );
}
