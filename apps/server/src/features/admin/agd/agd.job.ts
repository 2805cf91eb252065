import type { TJob } from '../../../lib/jobs.ts';
import { weeklyPeriod } from './agd.rules.ts';
import type { TAgdSubmissions } from './agd.service.ts';

export const AGD_JOB_NAME = 'agd-weekly-submission';

/**
 * The weekly AGD roster as a scheduled job: one run per week (Monday 00:00 UTC), claimed in
 * job_runs so that one process of several makes it.
 */
export function agdWeeklyJob(agd: TAgdSubmissions): TJob {
  return {
    name: AGD_JOB_NAME,
    everyMs: 7 * 24 * 60 * 60 * 1000,
    runKey: (now) => weeklyPeriod(now).runKey,
    run: async (now) => {
      await agd.weekly(now);
    },
  };
}
