import { Texts } from '@opence/shared';
import { Link } from 'react-router';
import { OfflineMessage } from '../../components/ui/offline-message.tsx';
import { useIsOnline } from '../../lib/connection.ts';

/**
 * Shown when a page fails to load or throws: the generic text and a way home; offline (a page's
 * code or data that was never kept), the offline message instead (issue 44).
 */
export function RouteError() {
  const isOnline = useIsOnline();
  if (!isOnline) {
    return (
      <div className="container">
        <OfflineMessage />
      </div>
    );
  }
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
