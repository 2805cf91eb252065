import { formatBytes, Texts } from '@opence/shared';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, Spinner } from '../../../components/ui/feedback.tsx';
import { LocalTime } from '../../../components/ui/local-time.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDownloads, useRemoveDownload } from '../api/downloads.ts';

/** /downloads (issue 44): what this member keeps on this device, each with its size and Remove. */
export function Component() {
  usePageTitle(Texts.DOWNLOADS_TITLE);
  const token = useSession()?.token ?? null;
  const downloads = useDownloads(token);
  const remove = useRemoveDownload(token);

  return (
    <div className="container downloads-page">
      <h1>{Texts.DOWNLOADS_TITLE}</h1>
      <p className="offline-note">{Texts.DOWNLOADS_PRIVATE_NOTE}</p>
      {!downloads.data ? (
        <Spinner />
      ) : downloads.data.length === 0 ? (
        <EmptyState text={Texts.DOWNLOADS_EMPTY} />
      ) : (
        <ul className="download-list">
          {downloads.data.map((d) => (
            <li key={d.id} className="card download-row">
              <div>
                <Link to={d.pageUrl}>{d.title}</Link>
                <p className="offline-note">
                  {formatBytes(d.bytes)} · <LocalTime iso={d.savedAt} format="longDate" />
                </p>
              </div>
              <Button
                variant="secondary"
                onClick={() => remove.mutate(d.id)}
                disabled={remove.isPending}
                aria-label={`${Texts.DOWNLOAD_REMOVE} ${d.title}`}
              >
                {Texts.DOWNLOAD_REMOVE}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
