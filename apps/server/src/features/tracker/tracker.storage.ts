import type { Kysely, Transaction } from 'kysely';
import { fillText, storageSize, TrackerTexts } from '@opence/shared';
import type { TTrackerStorage } from '@opence/shared/schemas';
import { lockForUpdate, type TDialectName } from '../../db/dialect/index.ts';
import type { DB } from '../../db/types.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { ApiError, rateLimited } from '../../lib/api-errors.ts';
import * as repo from './tracker.certificates.repo.ts';

/*
 * Private storage limits of the CE tracker (issue 37 row 2, docs/decisions/0932): one member
 * stored 30 × 10 MiB in 21 s. Each member keeps at most `trackerStorageMb` (100 MB) in at most
 * `trackerStorageFiles` (50) files, both site settings; uploads are counted per minute and per
 * hour. The allowance is checked in the transaction that points a certificate at its new file,
 * with the member's row locked (PostgreSQL; SQLite runs one transaction at a time), so concurrent
 * uploads cannot both take the last megabytes.
 */

const MINUTE_MS = 60_000;
const MB = 1024 * 1024;
export const STORAGE_DEFAULTS = { megabytes: 100, files: 50 } as const;
/** A person uploads a few certificates at a time; a script, hundreds. */
export const UPLOAD_LIMITS = [
  { hits: 10, windowMs: MINUTE_MS, window: 'minute' },
  { hits: 40, windowMs: 60 * MINUTE_MS, window: 'hour' },
] as const;

type TDeps = {
  db: Kysely<DB>;
  dialect: TDialectName;
  /** The site settings (trackerStorageMb, trackerStorageFiles); defaults without them. */
  settings: (() => Promise<Record<string, string>>) | undefined;
  now: () => Date;
};

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function createStorageLimits(deps: TDeps) {
  const { db } = deps;

  async function allowance() {
    const settings = (await deps.settings?.()) ?? {};
    return {
      maxBytes: positive(settings.trackerStorageMb, STORAGE_DEFAULTS.megabytes) * MB,
      maxFiles: positive(settings.trackerStorageFiles, STORAGE_DEFAULTS.files),
    };
  }

  return {
    /** What the member's files take of their allowance. */
    async storage(memberId: string): Promise<TTrackerStorage> {
      const [use, max] = await Promise.all([repo.selectStorageUse(db, memberId), allowance()]);
      return { usedBytes: use.bytes, maxBytes: max.maxBytes, files: use.files, maxFiles: max.maxFiles };
    },

    /** Counts an upload before its bytes are read: 429 past the per-minute or per-hour limit. */
    async countUpload(memberId: string): Promise<void> {
      for (const limit of UPLOAD_LIMITS) {
        const hit = await hitRateLimit(
          db,
          `tracker-upload:${limit.window}:${memberId}`,
          limit.hits,
          limit.windowMs,
          deps.now(),
        );
        if (!hit.allowed) {
          const waitMin = Math.max(1, Math.ceil((hit.resetAt.getTime() - deps.now().getTime()) / MINUTE_MS));
          throw rateLimited(
            fillText(TrackerTexts.UPLOADS_TOO_FAST, {
              count: limit.hits,
              window: limit.window,
              wait: waitMin === 1 ? '1 minute' : `${waitMin} minutes`,
            }),
          );
        }
      }
    },

    /**
     * The member's allowance, read before the transaction (on SQLite a read outside it would
     * wait for it), and what checks a file against it inside.
     */
    async allowance() {
      const max = await allowance();
      return {
        /**
         * In the transaction that stores the file's row: refuses (413, with what is used and what
         * is left) a file that would take the member past their allowance. The file this
         * certificate had is not counted: it goes once the new one is in.
         */
        async reserve(trx: Transaction<DB>, memberId: string, certificateId: string, size: number) {
          await lockForUpdate(
            deps.dialect,
            trx.selectFrom('members').select('id').where('id', '=', memberId),
          ).execute();
          const use = await repo.selectStorageUse(trx, memberId, certificateId);
          if (use.files + 1 > max.maxFiles) {
            throw new ApiError(
              413,
              fillText(TrackerTexts.STORAGE_FILES_FULL, { files: use.files, maxFiles: max.maxFiles }),
              { field: 'file' },
            );
          }
          if (use.bytes + size > max.maxBytes) {
            throw new ApiError(
              413,
              fillText(TrackerTexts.STORAGE_FULL, {
                size: storageSize(size),
                used: storageSize(use.bytes),
                max: storageSize(max.maxBytes),
                left: storageSize(Math.max(0, max.maxBytes - use.bytes)),
              }),
              { field: 'file' },
            );
          }
        },
      };
    },
  };
}
export type TStorageLimits = ReturnType<typeof createStorageLimits>;
