import { formatBytes, Texts } from '@opence/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Alert } from '../../../components/ui/feedback.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useSession } from '../../../lib/auth.tsx';
import { saveDownload, sizeOf, type TDownload } from '../../../lib/offline-caches.ts';
import { refreshDownloads, useDownloads } from '../api/downloads.ts';

type TPlan = { size: number | null; free: number | null };
type TState =
  | { step: 'idle' }
  | { step: 'planning' }
  | { step: 'confirming'; plan: TPlan }
  | { step: 'downloading'; plan: TPlan; bytes: number }
  | { step: 'failed'; text: string };

/** What the browser lets this site keep, less what it keeps already (null where it does not say). */
async function freeSpace(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  if (!estimate?.quota) return null;
  return Math.max(0, estimate.quota - (estimate.usage ?? 0));
}

/**
 * "Download for offline" (issue 44): the size and the space left first, then progress, then it
 * stays marked. A member's only: the files are kept under their session (docs/decisions/1173).
 */
export function DownloadButton({ download }: { download: Omit<TDownload, 'bytes' | 'savedAt'> }) {
  const session = useSession();
  const [state, setState] = useState<TState>({ step: 'idle' });

  const token = session?.token ?? null;
  const isDownloaded = useDownloads(token).data?.some((d) => d.id === download.id) ?? false;

  if (!session) return null;

  const plan = async () => {
    setState({ step: 'planning' });
    const [size, free] = await Promise.all([sizeOf(download.files).catch(() => null), freeSpace()]);
    setState({ step: 'confirming', plan: { size, free } });
  };

  const start = async (planned: TPlan) => {
    if (!token) return;
    if (planned.size !== null && planned.free !== null && planned.size > planned.free) {
      setState({ step: 'failed', text: Texts.DOWNLOAD_NO_SPACE });
      return;
    }
    // Asked once the member chose to keep something: the browser then does not clear it for space.
    await navigator.storage?.persist?.().catch(() => false);
    setState({ step: 'downloading', plan: planned, bytes: 0 });
    try {
      await saveDownload(token, download, (bytes) => setState({ step: 'downloading', plan: planned, bytes }));
      await refreshDownloads(token);
      setState({ step: 'idle' });
    } catch {
      setState({ step: 'failed', text: Texts.DOWNLOAD_FAILED });
    }
  };

  const confirming = state.step === 'confirming' ? state.plan : null;
  return (
    <div className="download-offline">
      {isDownloaded && state.step !== 'downloading' ? (
        <p className="download-done" role="status">
          ✓ {Texts.DOWNLOADED}
        </p>
      ) : state.step === 'downloading' ? (
        <div className="download-progress">
          <label>
            {Texts.DOWNLOAD_PROGRESS}
            <progress max={state.plan.size ?? undefined} value={state.bytes} />
          </label>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => void plan()} disabled={state.step === 'planning'}>
          {Texts.DOWNLOAD_FOR_OFFLINE}
        </Button>
      )}
      {state.step === 'failed' && <Alert>{state.text}</Alert>}
      <Modal
        open={confirming !== null}
        title={Texts.DOWNLOAD_FOR_OFFLINE}
        onClose={() => setState({ step: 'idle' })}
        actions={
          <>
            <Button variant="secondary" onClick={() => setState({ step: 'idle' })}>
              {Texts.DOWNLOAD_CANCEL}
            </Button>
            <Button onClick={() => confirming && void start(confirming)}>{Texts.DOWNLOAD_CONFIRM}</Button>
          </>
        }
      >
        <p>{download.title}</p>
        <p>
          {confirming?.size != null
            ? Texts.DOWNLOAD_SIZE.replace('{size}', formatBytes(confirming.size))
            : Texts.DOWNLOAD_SIZE_UNKNOWN}
        </p>
        {confirming?.free != null && (
          <p>{Texts.DOWNLOAD_SPACE.replace('{free}', formatBytes(confirming.free))}</p>
        )}
        <p className="offline-note">{Texts.DOWNLOADS_PRIVATE_NOTE}</p>
      </Modal>
    </div>
  );
}
