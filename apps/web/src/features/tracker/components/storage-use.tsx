import { storageSize, TrackerTexts as T } from '@opence/shared';
import type { TTrackerStorage } from '@opence/shared/schemas';

/** What the member's uploaded files take of their allowance (issue 37, docs/decisions/0932). */
export function StorageUse({ storage }: { storage: TTrackerStorage }) {
  const share = storage.maxBytes > 0 ? Math.min(1, storage.usedBytes / storage.maxBytes) : 0;
  return (
    <div className="tracker-storage">
      <p className="tracker-muted">
        {T.STORAGE_USED.replace('{used}', storageSize(storage.usedBytes))
          .replace('{max}', storageSize(storage.maxBytes))
          .replace('{files}', String(storage.files))
          .replace('{maxFiles}', String(storage.maxFiles))}
      </p>
      <meter min={0} max={1} value={share} high={0.9} aria-label="Storage used" />
    </div>
  );
}
