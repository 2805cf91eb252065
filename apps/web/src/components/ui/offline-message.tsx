import { Texts } from '@opence/shared';
import { Link } from 'react-router';

/** Where a page or a read needs the network and there is none: what still works, and where. */
export function OfflineMessage() {
  return (
    <div className="alert alert-info offline-message" role="status">
      <div>
        <p>
          <strong>{Texts.OFFLINE_PAGE_NEEDS_INTERNET}</strong>
        </p>
        <p>{Texts.OFFLINE_AVAILABLE_HINT}</p>
        <Link className="btn btn-secondary" to="/downloads">
          {Texts.OFFLINE_SEE_DOWNLOADS}
        </Link>
      </div>
    </div>
  );
}
