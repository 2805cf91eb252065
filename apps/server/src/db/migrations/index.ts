import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-22T08-00-00_initial_schema.ts';
import * as drilldownViewKind from './2026-11-22T10-30-00_drilldown_view_kind.ts';
import * as completionsExamAttemptIndex from './2026-11-22T14-00-00_completions_exam_attempt_index.ts';
import * as tracker from './2026-11-25T12-00-00_tracker.ts';
import * as webinarReminders from './2026-11-25T13-00-00_webinar_reminders.ts';
import * as attendanceImports from './2026-11-25T13-10-00_attendance_imports.ts';
import * as inPersonEvents from './2026-11-25T13-20-00_in_person_events.ts';
import * as mediaAccess from './2026-11-25T14-00-00_media_access.ts';
import * as fullTextSearch from './2026-11-25T15-00-00_full_text_search.ts';
import * as examPools from './2026-11-25T16-00-00_exam_pools.ts';
import * as secondFactorAndEmailChange from './2026-11-25T17-00-00_second_factor_and_email_change.ts';
import * as trackerAdditions from './2026-11-26T13-00-00_tracker_additions.ts';
import * as searchTranscripts from './2026-11-26T15-00-00_search_transcripts.ts';
import * as seatCounter from './2026-11-27T10-30-00_seat_counter.ts';
import * as searchNarrowRows from './2026-11-27T11-00-00_search_narrow_rows.ts';
import * as waitlistCounter from './2026-11-27T11-30-00_waitlist_counter.ts';
import * as searchIndexConverged from './2026-11-27T21-17-00_search_index_converged.ts';
import * as creditAudit from './2026-11-27T21-19-31_credit_audit.ts';
import * as trackerTruth from './2026-11-27T21-20-00_tracker_truth.ts';
import * as radiographySynonyms from './2026-11-27T21-20-32_radiography_synonyms.ts';
import * as singleUseLoginLinksAndHomeEmail from './2026-11-27T21-24-35_single_use_login_links_and_home_email.ts';
import * as openBadges from './2026-11-28T06-19-34_open_badges.ts';
import * as certificateImportEvidence from './2026-11-28T09-53-02_certificate_import_evidence.ts';
import * as mailTemplates from './2026-11-28T09-58-43_mail_templates.ts';
import * as webinarEvidence from './2026-11-28T13-11-14_webinar_evidence.ts';
import * as webinarQuestions from './2026-11-28T13-11-39_webinar_questions.ts';
import * as eventScans from './2026-11-28T13-11-50_event_scans.ts';
import * as offices from './2026-11-28T13-17-59_offices.ts';
import * as organisations from './2026-11-28T17-05-00_organisations.ts';

/**
 * Every migration, by name, in order. Listed here (not read from disk) so the bundled server
 * carries them. Add new ones at the end; never edit or reorder a landed one.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T08-00-00_initial_schema': initialSchema,
  '2026-11-22T10-30-00_drilldown_view_kind': drilldownViewKind,
  '2026-11-22T14-00-00_completions_exam_attempt_index': completionsExamAttemptIndex,
  '2026-11-25T12-00-00_tracker': tracker,
  '2026-11-25T13-00-00_webinar_reminders': webinarReminders,
  '2026-11-25T13-10-00_attendance_imports': attendanceImports,
  '2026-11-25T13-20-00_in_person_events': inPersonEvents,
  '2026-11-25T14-00-00_media_access': mediaAccess,
  '2026-11-25T15-00-00_full_text_search': fullTextSearch,
  '2026-11-25T16-00-00_exam_pools': examPools,
  '2026-11-25T17-00-00_second_factor_and_email_change': secondFactorAndEmailChange,
  '2026-11-26T13-00-00_tracker_additions': trackerAdditions,
  '2026-11-26T15-00-00_search_transcripts': searchTranscripts,
  '2026-11-27T10-30-00_seat_counter': seatCounter,
  '2026-11-27T11-00-00_search_narrow_rows': searchNarrowRows,
  '2026-11-27T11-30-00_waitlist_counter': waitlistCounter,
  '2026-11-27T21-17-00_search_index_converged': searchIndexConverged,
  '2026-11-27T21-19-31_credit_audit': creditAudit,
  '2026-11-27T21-20-00_tracker_truth': trackerTruth,
  '2026-11-27T21-20-32_radiography_synonyms': radiographySynonyms,
  '2026-11-27T21-24-35_single_use_login_links_and_home_email': singleUseLoginLinksAndHomeEmail,
  '2026-11-28T06-19-34_open_badges': openBadges,
  '2026-11-28T09-53-02_certificate_import_evidence': certificateImportEvidence,
  '2026-11-28T09-58-43_mail_templates': mailTemplates,
  '2026-11-28T13-11-14_webinar_evidence': webinarEvidence,
  '2026-11-28T13-11-39_webinar_questions': webinarQuestions,
  '2026-11-28T13-11-50_event_scans': eventScans,
  '2026-11-28T13-17-59_offices': offices,
  '2026-11-28T17-05-00_organisations': organisations,
};

/**
 * Migrations renamed after they landed (old name → new name), applied to a database's record of
 * what ran before the migrator reads it (docs/decisions/0003). The waitlist counter was named
 * for the next day when it landed, so a migration named by the real time sorted before it.
 */
export const migrationRenames: Record<string, string> = {
  '2026-11-28T10-00-00_waitlist_counter': '2026-11-27T11-30-00_waitlist_counter',
};
