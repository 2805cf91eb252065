import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-22T08-00-00_initial_schema.ts';
import * as drilldownViewKind from './2026-11-22T10-30-00_drilldown_view_kind.ts';
import * as completionsExamAttemptIndex from './2026-11-22T14-00-00_completions_exam_attempt_index.ts';
import * as webinarReminders from './2026-11-25T13-00-00_webinar_reminders.ts';
import * as attendanceImports from './2026-11-25T13-10-00_attendance_imports.ts';
import * as inPersonEvents from './2026-11-25T13-20-00_in_person_events.ts';

/**
 * Every migration, by name, in order. Listed here (not read from disk) so the bundled server
 * carries them. Add new ones at the end; never edit or reorder a landed one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T08-00-00_initial_schema': initialSchema,
  '2026-11-22T10-30-00_drilldown_view_kind': drilldownViewKind,
  '2026-11-22T14-00-00_completions_exam_attempt_index': completionsExamAttemptIndex,
  '2026-11-25T13-00-00_webinar_reminders': webinarReminders,
  '2026-11-25T13-10-00_attendance_imports': attendanceImports,
  '2026-11-25T13-20-00_in_person_events': inPersonEvents,
};
