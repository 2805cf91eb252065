import type { TJob } from '../../lib/jobs.ts';
import type { TTrackerService } from './tracker.service.ts';

/*
 * Deleted licences and certificates stay restorable for TRACKER_UNDO_MINUTES (issue 36,
 * docs/decisions/1114); this job then removes them, and a certificate's file after its row.
 */

const EVERY_MS = 60_000;

export function trackerPurgeJob(tracker: TTrackerService): TJob {
  return {
    name: 'tracker.purge-deleted',
    everyMs: EVERY_MS,
    run: async (now) => {
      await tracker.purgeDeleted(now);
    },
  };
}
