// npm run agd:submit [-- --now] [-- --json]: makes the AGD weekly roster file (03 §7).
// Without --now: this week's scheduled run, claimed like the scheduler claims it, so it is made
// once whoever runs it. With --now: a run by hand, of everything not yet sent.
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.ts';
import { migrateToLatest, openDatabase } from '../src/db/database.ts';
import { agdWeeklyJob } from '../src/features/admin/agd/agd.job.ts';
import { createAgdSubmissions } from '../src/features/admin/agd/agd.service.ts';
import { createScheduler } from '../src/lib/jobs.ts';

const { values } = parseArgs({ options: { now: { type: 'boolean' }, json: { type: 'boolean' } } });
const database = openDatabase(loadConfig().database);
try {
  await migrateToLatest(database.db);
  const agd = createAgdSubmissions({ db: database.db });
  let made: Awaited<ReturnType<typeof agd.now>> = null;
  if (values.now) {
    made = await agd.now(null);
  } else {
    // The scheduler's own job and claim, keeping what the run made to report it.
    const job = { ...agdWeeklyJob(agd), run: async (at: Date) => void (made = await agd.weekly(at)) };
    const log = { info: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };
    await createScheduler({ db: database.db, jobs: [job], log }).runDue();
  }
  if (values.json) {
    console.log(JSON.stringify(made));
  } else if (made) {
    console.log(
      `AGD file made: ${made.rowCount} completions, ${made.heldBack.length} held back (AGD number not six digits). Download it in the staff console under AGD.`,
    );
  } else {
    console.log("This week's AGD file was already made. Use --now to send what is new since then.");
  }
} finally {
  await database.close();
}
