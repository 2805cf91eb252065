import type { TJob } from '../../lib/jobs.ts';
import type { TOfficesService } from './offices.service.ts';

/** Assignment reminders (issue 43): once an hour; each notice is claimed by its own update, so sent once. */
export function officeRemindersJob(offices: TOfficesService): TJob {
  return {
    name: 'offices.assignment-reminders',
    everyMs: 60 * 60_000,
    run: async (now) => {
      await offices.remind(now);
    },
  };
}
