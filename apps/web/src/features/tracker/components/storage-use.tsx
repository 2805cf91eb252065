import { TrackerTexts as T } from '@opence/shared';
import type { TTrackerStorage } from '@opence/shared/schemas';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** What the member's uploaded files take of their allowance (issue 37, docs/decisions/0932). */
export function StorageUse({ storage }: { storage: TTrackerStorage }) {
  const share = storage.maxBytes > 0 ? Math.min(1, storage.usedBytes / storage.maxBytes) : 0;
  return (
    <div className="tracker-storage">
      <p className="tracker-muted">
        {T.STORAGE_USED.replace('{used}', megabytes(storage.usedBytes))
          .replace('{max}', megabytes(storage.maxBytes))
          .replace('{files}', String(storage.files))
          .replace('{maxFiles}', String(storage.maxFiles))}
      </p>
      <meter min={0} max={1} value={share} high={0.9} aria-label="Storage used" />
    </div>
  );
}
