/*
 * Made by kysely-codegen from the migrated schema: do not edit. After a migration, run
 * `npm run db:types` (CONTRIBUTING.md); test/db-types.test.ts compares this file with what both
 * engines give. What the columns mean: db/columns.md.
 */

import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export interface AccountItemsTable {
  id: string;
  label: string;
  list: string;
  sort: Generated<number>;
  value: string;
}

export interface AdEventsTable {
  ad_id: string;
  at: string;
  event_id: number;
  id: string;
  member_id: string | null;
}

export interface AdLeadsTable {
  ad_id: string;
  created_at: string;
  email: string;
  id: string;
  member_id: string | null;
}

export interface AdsTable {
  blurb: string | null;
  button_text: string | null;
  company_id: string | null;
  confirmation_message: string | null;
  confirmation_title: string | null;
  created_at: string;
  hash: string;
  id: string;
  image_urls: Generated<string>;
  is_active: Generated<number>;
  photo: string | null;
  slot_type_id: number;
  sort: Generated<number>;
  title: string;
  url: string | null;
}

export interface AgdSubmissionsTable {
  created_at: string;
  csv: string | null;
  finished_at: string | null;
  held_back: Generated<string>;
  id: string;
  period_end: string;
  period_start: string;
  row_count: Generated<number>;
  run_key: string;
}

export interface AttendanceImportsTable {
  class_id: string;
  confirmed_at: string | null;
  created_at: string;
  created_by: string | null;
  file_name: string | null;
  id: string;
  row_count: number;
  status: 'preview' | 'confirmed' | 'replaced';
  threshold_min: number;
  threshold_pct: number;
  unmatched: string;
}

export interface AttendanceRecordsTable {
  email: string;
  import_id: string;
  is_live: number;
  member_id: string;
  minutes: number;
  name: string;
  presence: string | null;
}

export interface AuditLogTable {
  action: string;
  actor_id: string | null;
  at: string;
  detail: Generated<string>;
  entity: string;
  entity_id: string | null;
  id: string;
}

export interface BlogPostCategoriesTable {
  blog_post_id: string;
  category_id: string;
}

export interface BlogPostsTable {
  author: Generated<string>;
  blurb: Generated<string>;
  body: Generated<string>;
  company_id: string | null;
  created_at: string;
  featured: Generated<number>;
  id: string;
  is_published: Generated<number>;
  photo: string | null;
  podcast_id: string | null;
  published_at: string;
  slug: string;
  title: string;
  updated_at: string;
}

export interface BlogViewsTable {
  blog_post_id: string;
  id: string;
  member_id: string | null;
  viewed_at: string;
}

export interface BlurbsTable {
  blurb: string;
  code: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  sort: Generated<number>;
}

export interface ClassCategoriesTable {
  category_id: string;
  class_id: string;
}

export interface ClassesTable {
  agd_category: string | null;
  agd_code: string | null;
  attendance_threshold_pct: number | null;
  blurb: Generated<string>;
  ca_course_number: string | null;
  capacity: number | null;
  ce_type_id: Generated<number>;
  company_id: string | null;
  course_number: string | null;
  created_at: string;
  credit_below: string | null;
  credit_min_minutes: number | null;
  credit_min_polls: number | null;
  credits: Generated<number>;
  description: Generated<string>;
  duration_hours: number | null;
  duration_min: Generated<number>;
  exam_delay_min: Generated<number>;
  exam_open_mailed_at: string | null;
  expiry_date: string | null;
  hash: string;
  id: string;
  is_ca_dental_board: Generated<number>;
  is_published: Generated<number>;
  is_tutorial: Generated<number>;
  last_arrival_ms: number | null;
  learning_objectives: string | null;
  learnworlds_class_id: string | null;
  lesson_blurb: string | null;
  num_lessons: number | null;
  pdf_url: string | null;
  photo: string | null;
  price: number | null;
  price_discount_str: string | null;
  price_list: number | null;
  privacy_blurb: string | null;
  privacy_learnmore: string | null;
  privacy_title: string | null;
  recording_attached_at: string | null;
  release_at: string;
  review_date: string | null;
  seats_taken: Generated<number>;
  seats_waiting: Generated<number>;
  slug: string;
  speaker_id: string | null;
  sponsor_video_id: string | null;
  survey_id: string | null;
  title: string;
  type_id: number;
  updated_at: string;
  video_url: string | null;
  youtube_url: string | null;
  zoom_code: string | null;
}

export interface ClassTopicsTable {
  class_id: string;
  topic_code: string;
}

export interface ClassViewsTable {
  class_id: string;
  id: string;
  member_id: string | null;
  viewed_at: string;
}

export interface CompaniesTable {
  contact_email: string | null;
  created_at: string;
  id: string;
  name: string;
  photo: string | null;
  website: string | null;
}

export interface CompletionsTable {
  agd_code: string | null;
  agd_submission_id: string | null;
  agd_submitted_at: string | null;
  ce_type_id: number;
  certificate_issues: Generated<number>;
  certificate_number: string;
  class_id: string | null;
  completed_at: string;
  created_at: string;
  credits: number;
  delivery: Generated<string>;
  evidence: string | null;
  exam_attempt_id: string | null;
  id: string;
  licence_choice: string | null;
  member_id: string;
  podcast_id: string | null;
  score: number;
}

export interface CredentialKeysTable {
  created_at: string;
  fragment: string;
  id: string;
  public_key_multibase: string;
  retired_at: string | null;
  secret_key_sealed: string;
}

export interface DrilldownsTable {
  author: Generated<string>;
  banner_ad_id: string | null;
  blurb: Generated<string>;
  created_at: string;
  description: Generated<string>;
  hash: string;
  id: string;
  is_published: Generated<number>;
  photo: string | null;
  posted_at: string;
  slug: string;
  title: string;
  video_url: string | null;
  youtube_url: string | null;
}

export interface DrilldownViewsTable {
  drilldown_id: string;
  id: string;
  kind: Generated<'view' | 'play'>;
  member_id: string | null;
  viewed_at: string;
}

export interface EbookRequestsTable {
  created_at: string;
  ebook_id: string;
  id: string;
  member_id: string | null;
}

export interface EbooksTable {
  blurb: Generated<string>;
  button_text: string | null;
  company_id: string | null;
  created_at: string;
  hash: string;
  id: string;
  is_published: Generated<number>;
  pdf: string;
  sort: Generated<number>;
  subtitle: string | null;
  thumbnail: string | null;
  title: string;
}

export interface EmailChangesTable {
  created_at: string;
  expires_at: string;
  field: Generated<'email' | 'email2'>;
  id: string;
  member_id: string;
  new_email: string;
  token_hash: string;
  used_at: string | null;
}

export interface EvaluationsTable {
  class_id: string | null;
  comments: string | null;
  course_appropriate: number;
  course_logical: number;
  course_objectives: number;
  course_useful: number;
  created_at: string;
  id: string;
  instructor_communication: number;
  instructor_effectiveness: number;
  instructor_preparedness: number;
  member_id: string | null;
  other_topics: string | null;
  podcast_id: string | null;
  site_comparison: number;
  site_navigation: number;
  site_presentation: number;
}

export interface EventClaimsTable {
  completion_id: string;
  created_at: string;
  event_id: string;
  member_id: string;
}

export interface EventScansTable {
  created_at: string;
  direction: string;
  event_id: string;
  id: string;
  member_id: string;
  method: string;
  reason: string | null;
  removed_at: string | null;
  removed_by: string | null;
  removed_reason: string | null;
  scanned_at: string;
  staff_id: string | null;
}

export interface ExamAttemptsTable {
  answers: string;
  counts_toward_limit: Generated<number>;
  created_at: string;
  exam_id: string;
  id: string;
  local_day: string;
  member_id: string;
  passed: Generated<number>;
  score: number;
  serving_id: string | null;
}

export interface ExamDayCountsTable {
  local_day: string;
  member_id: string;
  submitted: number;
}

export interface ExamQuestionsTable {
  correct_option: number;
  exam_id: string;
  id: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  option4: string | null;
  option5: string | null;
  option6: string | null;
  position: number;
  question: string;
}

export interface ExamsTable {
  class_id: string | null;
  created_at: string;
  draw_count: number | null;
  id: string;
  min_score: Generated<number>;
  podcast_id: string | null;
}

export interface ExamServingsTable {
  created_at: string;
  exam_id: string;
  graded_at: string | null;
  id: string;
  member_id: string;
  questions: string;
}

export interface FeaturedClicksTable {
  at: string;
  id: string;
  member_id: string | null;
  slot_type_id: number;
  target_hash: string;
}

export interface FeaturedContentTable {
  blog_post_id: string | null;
  blurb: string | null;
  class_id: string | null;
  podcast_id: string | null;
  slot_type_id: number;
  updated_at: string;
}

export interface GdprRequestsTable {
  confirmed_at: string | null;
  created_at: string;
  expires_at: string;
  id: string;
  member_id: string | null;
  token_hash: string;
}

export interface GradebookTable {
  attended: number | null;
  ce_type_id: Generated<number>;
  class_id: string | null;
  completed_at: string | null;
  created_at: string;
  ended_at: string | null;
  eval_taken_at: string | null;
  id: string;
  last_viewed_at: string | null;
  member_id: string;
  podcast_id: string | null;
  sponsor_answered_at: string | null;
  started_at: string | null;
  survey_done_at: string | null;
  view_count: Generated<number>;
}

export interface InPersonEventsTable {
  capacity: number | null;
  class_id: string;
  code: string;
  created_at: string;
  created_by: string | null;
  id: string;
  is_scanning: Generated<number>;
  min_presence_min: number | null;
  place: string;
  scan_secret: string | null;
}

export interface JobRunsTable {
  claimed_at: string;
  claimed_by: string;
  finished_at: string | null;
  job: string;
  run_key: string;
}

export interface LoginLinksTable {
  created_at: string;
  expires_at: string;
  member_id: string;
  token_hash: string;
  used_at: string | null;
}

export interface MailOutboxTable {
  attachments: Generated<string>;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_until: string | null;
  created_at: string;
  facts: string | null;
  headers: string | null;
  html_body: string | null;
  id: string;
  kind: string;
  last_error: string | null;
  next_attempt_at: string;
  sent_at: string | null;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  subject: string;
  template: string | null;
  text_body: string;
  to_address: string;
}

export interface MediaCaptionsTable {
  label: string;
  lang: string;
  media: string;
  updated_at: string;
  updated_by: string | null;
  vtt: string;
}

export interface MediaPositionsTable {
  duration_sec: Generated<number>;
  media: string;
  member_id: string;
  position_sec: number;
  updated_at: string;
}

export interface MediaPrefsTable {
  captions_on: Generated<number>;
  member_id: string;
  speed: Generated<number>;
  updated_at: string;
}

export interface MediaTranscriptsTable {
  body: string;
  format: 'vtt' | 'text';
  media: string;
  plain: string;
  updated_at: string;
  updated_by: string | null;
}

export interface MembersTable {
  address: string | null;
  agd_number: string | null;
  age_range: string | null;
  ce_reminders: Generated<number>;
  cert_year: number | null;
  city: string | null;
  country: Generated<string>;
  created_at: string;
  email: string;
  email_key: string;
  email2: string | null;
  email2_verified_at: string | null;
  erased_at: string | null;
  firstname: string | null;
  gender: string | null;
  hash: string;
  hide_agd_reminder: Generated<number>;
  id: string;
  is_phone_mobile: Generated<number>;
  job_title: string | null;
  lastname: string | null;
  office_name: string | null;
  office_size: string | null;
  password_hash: string;
  phone: string | null;
  role: Generated<'member' | 'staff'>;
  source_heard: string | null;
  state: string | null;
  time_zone: string | null;
  title: string | null;
  updated_at: string;
  username: string;
  username_key: string;
  zip: string | null;
}

export interface MemberTotpTable {
  confirmed_at: string | null;
  created_at: string;
  last_step: number | null;
  member_id: string;
  secret: string;
}

export interface OfficeAssignmentsTable {
  created_at: string;
  done_at: string | null;
  due_on: string;
  id: string;
  member_id: string;
  office_id: string;
  overdue_noticed_at: string | null;
  reminded_at: string | null;
  title: string;
  url: string | null;
}

export interface OfficeInvitesTable {
  created_at: string;
  created_by: string | null;
  email: string | null;
  expires_at: string;
  id: string;
  office_id: string;
  token_hash: string;
  used_at: string | null;
}

export interface OfficeMembersTable {
  joined_at: string;
  member_id: string;
  office_id: string;
  role: string;
  shares_deadlines: Generated<number>;
  shares_hours: Generated<number>;
}

export interface OfficesTable {
  address: string;
  created_at: string;
  id: string;
  name: string;
  organisation_id: string | null;
  state: string;
}

export interface OpenBadgesTable {
  completion_id: string;
  credential_id: string;
  issued_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
  revoked_reason: string | null;
  status_index: number;
}

export interface OrganisationInvitesTable {
  created_at: string;
  created_by: string | null;
  expires_at: string;
  id: string;
  organisation_id: string;
  token_hash: string;
}

export interface OrganisationManagersTable {
  joined_at: string;
  member_id: string;
  organisation_id: string;
}

export interface OrganisationsTable {
  created_at: string;
  id: string;
  name: string;
}

export interface PasswordResetsTable {
  created_at: string;
  expires_at: string;
  id: string;
  member_id: string;
  token_hash: string;
  used_at: string | null;
}

export interface PodcastCategoriesTable {
  category_id: string;
  podcast_id: string;
}

export interface PodcastPlaysTable {
  id: string;
  member_id: string | null;
  played_at: string;
  podcast_id: string;
  source: string | null;
}

export interface PodcastsTable {
  agd_code: string | null;
  blurb: Generated<string>;
  ce_type_id: Generated<number>;
  company_id: string | null;
  course_number: string | null;
  created_at: string;
  credits: Generated<number>;
  description: Generated<string>;
  duration_sec: Generated<number>;
  featured_blurb: string | null;
  hash: string;
  id: string;
  is_published: Generated<number>;
  mp3: string;
  photo: string | null;
  release_at: string;
  show_id: string;
  slug: string;
  speaker_id: string | null;
  title: string;
  updated_at: string;
}

export interface PodcastShowsTable {
  blurb: Generated<string>;
  company_id: string | null;
  created_at: string;
  hash: string;
  id: string;
  photo: string | null;
  slug: string;
  title: string;
}

export interface PodcastTopicsTable {
  podcast_id: string;
  topic_code: string;
}

export interface QuestionVotesTable {
  member_id: string;
  question_id: string;
  voted_at: string;
}

export interface QueueItemsTable {
  class_id: string;
  created_at: string;
  id: string;
  member_id: string;
}

export interface RateLimitsTable {
  hits: number;
  key: string;
  window_start: string;
}

export interface RecoveryCodesTable {
  code_hash: string;
  created_at: string;
  id: string;
  member_id: string;
  used_at: string | null;
}

export interface ReminderOptoutsTable {
  created_at: string;
  member_id: string;
}

export interface SearchSynonymsTable {
  alternatives: string;
  id: string;
  term: string;
  updated_at: string;
}

export interface SeatsTable {
  attended: number | null;
  cancel_code: string;
  class_id: string;
  created_at: string;
  id: string;
  is_waiting: Generated<number>;
  member_id: string;
  privacy_optin: number | null;
  promoted_at: string | null;
  started_at: string | null;
}

export interface SessionsTable {
  created_at: string;
  id: string;
  last_used_at: string;
  member_id: string;
  second_factor_at: string | null;
  token_hash: string;
}

export interface SettingsTable {
  key: string;
  updated_at: string;
  value: string;
}

export interface SpeakersTable {
  bio: string | null;
  created_at: string;
  credentials: string | null;
  id: string;
  name: string;
  photo: string | null;
}

export interface SponsorVideoAnswersTable {
  answer: number;
  class_id: string | null;
  created_at: string;
  id: string;
  member_id: string | null;
  sponsor_video_id: string;
}

export interface SponsorVideosTable {
  blurb: string;
  button_text_no: string;
  button_text_yes: string;
  company_id: string | null;
  created_at: string;
  headline: string;
  headline_buttons: string | null;
  id: string;
  is_active: Generated<number>;
  video_url: string | null;
  youtube_id: string | null;
}

export interface SupportMessagesTable {
  comment: string;
  created_at: string;
  email: string;
  id: string;
  member_id: string | null;
  name: string;
  office: string;
  phone: string;
  subject: string;
}

export interface SurveyAnswersTable {
  choice_hashes: string;
  class_id: string | null;
  created_at: string;
  id: string;
  member_id: string | null;
  question_id: string;
  session_hash: string | null;
  survey_id: string;
}

export interface SurveyChoicesTable {
  hash: string;
  id: string;
  label: string;
  position: number;
  question_id: string;
}

export interface SurveyQuestionsTable {
  hash: string;
  id: string;
  position: number;
  question: string;
  submit_label: string | null;
  survey_id: string;
  type: 'yesno' | 'single' | 'multi';
}

export interface SurveysTable {
  company_id: string | null;
  created_at: string;
  hash: string;
  id: string;
  title: string;
}

export interface TrackerCertificatesTable {
  approval: string | null;
  completed_on: string;
  content_type: string | null;
  created_at: string;
  deleted_at: string | null;
  delivery: string;
  evidence: string | null;
  expires_on: string | null;
  hours: number;
  id: string;
  member_id: string;
  original_name: string | null;
  provider: string;
  size_bytes: number | null;
  storage_key: string | null;
  title: string;
  topics: Generated<string>;
  updated_at: string;
}

export interface TrackerLicenceChecksTable {
  done_on: string;
  licence_id: string;
  requirement_key: string;
  updated_at: string;
}

export interface TrackerLicencesTable {
  birth_month: number | null;
  birth_year: number | null;
  carry_over_hours: Generated<number>;
  created_at: string;
  deleted_at: string | null;
  holds_dea: Generated<number>;
  id: string;
  issued_on: string | null;
  licence_number: string;
  licence_type: string;
  member_id: string;
  period_basis: Generated<string>;
  period_end: string;
  period_start: string;
  permits: Generated<string>;
  required_hours: number | null;
  state: string;
  updated_at: string;
}

export interface TrackerRemindersTable {
  created_at: string;
  kind: string;
  licence_id: string;
  period_end: string;
}

export interface TrackerRulesTable {
  accepted_providers: string | null;
  additions_version: Generated<number>;
  anchor_confirmed: Generated<number>;
  anchor_day: number | null;
  anchor_month: number | null;
  anchor_parity: 'odd' | 'even' | 'birth_year' | null;
  anchor_type: string | null;
  carry_over: string | null;
  carry_over_allowed: number | null;
  carry_over_max_hours: number | null;
  category_caps: string | null;
  confidence: string;
  cycle_anchor: string | null;
  cycle_years: number | null;
  first_period_exempt: number | null;
  hour_minutes: number | null;
  id: string;
  licence_type: string;
  live_min_hours: number | null;
  live_webinar_counts_as_live: number | null;
  mandatory: Generated<string>;
  notes: string | null;
  self_study_max_hours: number | null;
  self_study_max_percent: number | null;
  self_study_no_limit: number | null;
  source_dates: string | null;
  sources: Generated<string>;
  state: string;
  total_hours: number | null;
  updated_at: string;
  verified_by: string | null;
  verified_on: string | null;
}

export interface TrackerTopicsTable {
  code: string;
  kind: 'mandatory' | 'agd' | 'category';
  label: string;
  sort: Generated<number>;
}

export interface UploadsTable {
  content_type: string;
  created_at: string;
  created_by: string | null;
  id: string;
  original_name: string;
  size_bytes: number;
  storage_key: string;
}

export interface WebinarPollAnswersTable {
  answered_at: string;
  choice: number;
  member_id: string;
  poll_id: string;
}

export interface WebinarPollsTable {
  choices: string;
  class_id: string;
  closed_at: string | null;
  created_at: string;
  id: string;
  opened_at: string | null;
  position: number;
  question: string;
}

export interface WebinarQuestionsTable {
  answer: string | null;
  answered_at: string | null;
  answered_by: string | null;
  asked_at: string;
  class_id: string;
  hidden_at: string | null;
  hidden_by: string | null;
  hidden_reason: string | null;
  id: string;
  member_id: string;
  text: string;
}

export interface WebinarRemindersTable {
  created_at: string;
  kind: '24h' | '1h' | 'start' | 'time';
  release_at: string;
  seat_id: string;
}

export interface DB {
  account_items: AccountItemsTable;
  ad_events: AdEventsTable;
  ad_leads: AdLeadsTable;
  ads: AdsTable;
  agd_submissions: AgdSubmissionsTable;
  attendance_imports: AttendanceImportsTable;
  attendance_records: AttendanceRecordsTable;
  audit_log: AuditLogTable;
  blog_post_categories: BlogPostCategoriesTable;
  blog_posts: BlogPostsTable;
  blog_views: BlogViewsTable;
  blurbs: BlurbsTable;
  categories: CategoriesTable;
  class_categories: ClassCategoriesTable;
  class_topics: ClassTopicsTable;
  class_views: ClassViewsTable;
  classes: ClassesTable;
  companies: CompaniesTable;
  completions: CompletionsTable;
  credential_keys: CredentialKeysTable;
  drilldown_views: DrilldownViewsTable;
  drilldowns: DrilldownsTable;
  ebook_requests: EbookRequestsTable;
  ebooks: EbooksTable;
  email_changes: EmailChangesTable;
  evaluations: EvaluationsTable;
  event_claims: EventClaimsTable;
  event_scans: EventScansTable;
  exam_attempts: ExamAttemptsTable;
  exam_day_counts: ExamDayCountsTable;
  exam_questions: ExamQuestionsTable;
  exam_servings: ExamServingsTable;
  exams: ExamsTable;
  featured_clicks: FeaturedClicksTable;
  featured_content: FeaturedContentTable;
  gdpr_requests: GdprRequestsTable;
  gradebook: GradebookTable;
  in_person_events: InPersonEventsTable;
  job_runs: JobRunsTable;
  login_links: LoginLinksTable;
  mail_outbox: MailOutboxTable;
  media_captions: MediaCaptionsTable;
  media_positions: MediaPositionsTable;
  media_prefs: MediaPrefsTable;
  media_transcripts: MediaTranscriptsTable;
  member_totp: MemberTotpTable;
  members: MembersTable;
  office_assignments: OfficeAssignmentsTable;
  office_invites: OfficeInvitesTable;
  office_members: OfficeMembersTable;
  offices: OfficesTable;
  open_badges: OpenBadgesTable;
  organisation_invites: OrganisationInvitesTable;
  organisation_managers: OrganisationManagersTable;
  organisations: OrganisationsTable;
  password_resets: PasswordResetsTable;
  podcast_categories: PodcastCategoriesTable;
  podcast_plays: PodcastPlaysTable;
  podcast_shows: PodcastShowsTable;
  podcast_topics: PodcastTopicsTable;
  podcasts: PodcastsTable;
  question_votes: QuestionVotesTable;
  queue_items: QueueItemsTable;
  rate_limits: RateLimitsTable;
  recovery_codes: RecoveryCodesTable;
  reminder_optouts: ReminderOptoutsTable;
  search_synonyms: SearchSynonymsTable;
  seats: SeatsTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  speakers: SpeakersTable;
  sponsor_video_answers: SponsorVideoAnswersTable;
  sponsor_videos: SponsorVideosTable;
  support_messages: SupportMessagesTable;
  survey_answers: SurveyAnswersTable;
  survey_choices: SurveyChoicesTable;
  survey_questions: SurveyQuestionsTable;
  surveys: SurveysTable;
  tracker_certificates: TrackerCertificatesTable;
  tracker_licence_checks: TrackerLicenceChecksTable;
  tracker_licences: TrackerLicencesTable;
  tracker_reminders: TrackerRemindersTable;
  tracker_rules: TrackerRulesTable;
  tracker_topics: TrackerTopicsTable;
  uploads: UploadsTable;
  webinar_poll_answers: WebinarPollAnswersTable;
  webinar_polls: WebinarPollsTable;
  webinar_questions: WebinarQuestionsTable;
  webinar_reminders: WebinarRemindersTable;
}

export type TMember = Selectable<MembersTable>;
export type TNewMember = Insertable<MembersTable>;
export type TMemberUpdate = Updateable<MembersTable>;
export type TClass = Selectable<ClassesTable>;
export type TNewClass = Insertable<ClassesTable>;
