import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Table types of the schema made by migrations/. Booleans are 0/1 integers and timestamps
 * ISO-8601 UTC text on both engines (see the initial migration).
 */

type Flag = Generated<number>;

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}
export interface BlurbsTable {
  code: string;
  blurb: string;
  updated_at: string;
}
export interface AccountItemsTable {
  id: string;
  list: string;
  value: string;
  label: string;
  sort: Generated<number>;
}

export interface MembersTable {
  id: string;
  hash: string;
  role: Generated<'member' | 'staff'>;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  email2: string | null;
  /** When a link mailed to the home e-mail was followed; null: not confirmed (0931). */
  email2_verified_at: string | null;
  password_hash: string;
  title: string | null;
  firstname: string | null;
  lastname: string | null;
  job_title: string | null;
  office_name: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string | null;
  gender: string | null;
  age_range: string | null;
  office_size: string | null;
  source_heard: string | null;
  country: Generated<string>;
  cert_year: number | null;
  agd_number: string | null;
  time_zone: string | null;
  is_phone_mobile: Flag;
  hide_agd_reminder: Flag;
  /** CE deadline reminders (issue 23): 1 = mailed (the default), 0 = off. */
  ce_reminders: Generated<number>;
  created_at: string;
  updated_at: string;
  erased_at: string | null;
}
export interface SessionsTable {
  id: string;
  member_id: string;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  /** When this session passed the second factor (0920); null when it did not. */
  second_factor_at: string | null;
}
export interface MemberTotpTable {
  member_id: string;
  secret: string;
  confirmed_at: string | null;
  last_step: number | null;
  created_at: string;
}
export interface RecoveryCodesTable {
  id: string;
  member_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}
export interface EmailChangesTable {
  id: string;
  member_id: string;
  new_email: string;
  /** Which address the link confirms: the account's e-mail, or the home e-mail (0931). */
  field: Generated<'email' | 'email2'>;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
/** A mailed login link (0930): used once, then refused. */
export interface LoginLinksTable {
  token_hash: string;
  member_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export interface PasswordResetsTable {
  id: string;
  member_id: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
export interface GdprRequestsTable {
  id: string;
  member_id: string | null;
  token_hash: string;
  expires_at: string;
  confirmed_at: string | null;
  created_at: string;
}
export interface RateLimitsTable {
  key: string;
  window_start: string;
  hits: number;
}

export interface CategoriesTable {
  id: string;
  name: string;
  sort: Generated<number>;
}
export interface CompaniesTable {
  id: string;
  name: string;
  photo: string | null;
  website: string | null;
  contact_email: string | null;
  created_at: string;
}
export interface SpeakersTable {
  id: string;
  name: string;
  credentials: string | null;
  photo: string | null;
  bio: string | null;
  created_at: string;
}
export interface SponsorVideosTable {
  id: string;
  company_id: string | null;
  youtube_id: string | null;
  video_url: string | null;
  headline: string;
  blurb: string;
  headline_buttons: string | null;
  button_text_yes: string;
  button_text_no: string;
  is_active: Flag;
  created_at: string;
}
export interface SurveysTable {
  id: string;
  hash: string;
  title: string;
  company_id: string | null;
  created_at: string;
}
export interface SurveyQuestionsTable {
  id: string;
  hash: string;
  survey_id: string;
  position: number;
  question: string;
  type: 'yesno' | 'single' | 'multi';
  submit_label: string | null;
}
export interface SurveyChoicesTable {
  id: string;
  hash: string;
  question_id: string;
  position: number;
  label: string;
}

export interface ClassesTable {
  id: string;
  hash: string;
  slug: string;
  type_id: number;
  title: string;
  blurb: Generated<string>;
  description: Generated<string>;
  lesson_blurb: string | null;
  learning_objectives: string | null;
  photo: string | null;
  speaker_id: string | null;
  company_id: string | null;
  release_at: string;
  duration_min: Generated<number>;
  credits: Generated<number>;
  ce_type_id: Generated<number>;
  agd_code: string | null;
  agd_category: string | null;
  course_number: string | null;
  ca_course_number: string | null;
  review_date: string | null;
  expiry_date: string | null;
  capacity: number | null;
  zoom_code: string | null;
  youtube_url: string | null;
  video_url: string | null;
  pdf_url: string | null;
  price: number | null;
  price_list: number | null;
  price_discount_str: string | null;
  learnworlds_class_id: string | null;
  num_lessons: number | null;
  duration_hours: number | null;
  exam_delay_min: Generated<number>;
  sponsor_video_id: string | null;
  survey_id: string | null;
  privacy_title: string | null;
  privacy_blurb: string | null;
  privacy_learnmore: string | null;
  recording_attached_at: string | null;
  exam_open_mailed_at: string | null;
  is_tutorial: Flag;
  is_ca_dental_board: Flag;
  is_published: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Verified attendance threshold in percent of the duration; null: 80 (issue 25). */
  attendance_threshold_pct: number | null;
  /** Seats held (not waitlist places); kept by triggers on seats, never written by the app (0822). */
  seats_taken: Generated<number>;
  /** Waitlist places; kept by triggers on seats, never written by the app (0825). */
  seats_waiting: Generated<number>;
  /** The latest reservation's arrival in ms since 1970, set with the class row's lock (0822). */
  last_arrival_ms: number | null;
}
export interface ClassCategoriesTable {
  class_id: string;
  category_id: string;
}
export interface SeatsTable {
  id: string;
  class_id: string;
  member_id: string;
  cancel_code: string;
  privacy_optin: number | null;
  started_at: string | null;
  attended: number | null;
  promoted_at: string | null;
  is_waiting: Flag;
  created_at: string;
}
export interface GradebookTable {
  id: string;
  member_id: string;
  class_id: string | null;
  podcast_id: string | null;
  ce_type_id: Generated<number>;
  view_count: Generated<number>;
  last_viewed_at: string | null;
  eval_taken_at: string | null;
  sponsor_answered_at: string | null;
  survey_done_at: string | null;
  started_at: string | null;
  ended_at: string | null;
  attended: number | null;
  completed_at: string | null;
  created_at: string;
}
export interface ClassViewsTable {
  id: string;
  class_id: string;
  member_id: string | null;
  viewed_at: string;
}
export interface EvaluationsTable {
  id: string;
  member_id: string | null;
  class_id: string | null;
  podcast_id: string | null;
  course_objectives: number;
  course_useful: number;
  course_appropriate: number;
  course_logical: number;
  instructor_communication: number;
  instructor_preparedness: number;
  instructor_effectiveness: number;
  site_presentation: number;
  site_navigation: number;
  site_comparison: number;
  comments: string | null;
  other_topics: string | null;
  created_at: string;
}
export interface SponsorVideoAnswersTable {
  id: string;
  sponsor_video_id: string;
  member_id: string | null;
  class_id: string | null;
  answer: number;
  created_at: string;
}
export interface SurveyAnswersTable {
  id: string;
  survey_id: string;
  question_id: string;
  member_id: string | null;
  class_id: string | null;
  session_hash: string | null;
  choice_hashes: string;
  created_at: string;
}

export interface PodcastShowsTable {
  id: string;
  hash: string;
  slug: string;
  title: string;
  company_id: string | null;
  photo: string | null;
  blurb: Generated<string>;
  created_at: string;
}
export interface PodcastsTable {
  id: string;
  hash: string;
  slug: string;
  show_id: string;
  title: string;
  speaker_id: string | null;
  company_id: string | null;
  photo: string | null;
  mp3: string;
  blurb: Generated<string>;
  description: Generated<string>;
  featured_blurb: string | null;
  release_at: string;
  duration_sec: Generated<number>;
  credits: Generated<number>;
  ce_type_id: Generated<number>;
  agd_code: string | null;
  course_number: string | null;
  is_published: Generated<number>;
  created_at: string;
  updated_at: string;
}
export interface PodcastCategoriesTable {
  podcast_id: string;
  category_id: string;
}
export interface PodcastPlaysTable {
  id: string;
  podcast_id: string;
  member_id: string | null;
  source: string | null;
  played_at: string;
}

export interface ExamsTable {
  id: string;
  class_id: string | null;
  podcast_id: string | null;
  min_score: Generated<number>;
  /** Questions an attempt draws from the exam's pool; null: all of them, as written (0908). */
  draw_count: number | null;
  created_at: string;
}
export interface ExamServingsTable {
  id: string;
  exam_id: string;
  member_id: string;
  /** JSON: [{ id: question id, order: [original option number at each shown position] }] */
  questions: string;
  created_at: string;
  /** Set when the page was graded: a page is graded once (decision 1044). */
  graded_at: string | null;
}
export interface ExamQuestionsTable {
  id: string;
  exam_id: string;
  position: number;
  question: string;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  option4: string | null;
  option5: string | null;
  option6: string | null;
  correct_option: number;
}
export interface ExamAttemptsTable {
  id: string;
  exam_id: string;
  member_id: string;
  answers: string;
  score: number;
  local_day: string;
  counts_toward_limit: Generated<number>;
  passed: Flag;
  created_at: string;
  /** The exam page the attempt answered, when drawn from a pool (0908). */
  serving_id: string | null;
}
export interface ExamDayCountsTable {
  member_id: string;
  local_day: string;
  submitted: number;
}
export interface AgdSubmissionsTable {
  id: string;
  run_key: string;
  period_start: string;
  period_end: string;
  csv: string | null;
  row_count: Generated<number>;
  held_back: Generated<string>;
  finished_at: string | null;
  created_at: string;
}
export interface CompletionsTable {
  id: string;
  member_id: string;
  class_id: string | null;
  podcast_id: string | null;
  exam_attempt_id: string | null;
  completed_at: string;
  score: number;
  credits: number;
  ce_type_id: number;
  agd_code: string | null;
  certificate_number: string;
  certificate_issues: Generated<number>;
  agd_submission_id: string | null;
  agd_submitted_at: string | null;
  created_at: string;
  /** How the credit was earned (CREDIT_DELIVERIES of @opence/shared, decision 1040); every insert of the code sets it. */
  delivery: Generated<string>;
  /** The licences the certificate names, as the member chose them (JSON ids); null: the default (1045). */
  licence_choice: string | null;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  author: Generated<string>;
  photo: string | null;
  blurb: Generated<string>;
  body: Generated<string>;
  podcast_id: string | null;
  company_id: string | null;
  published_at: string;
  updated_at: string;
  featured: Flag;
  is_published: Generated<number>;
  created_at: string;
}
export interface BlogPostCategoriesTable {
  blog_post_id: string;
  category_id: string;
}
export interface BlogViewsTable {
  id: string;
  blog_post_id: string;
  member_id: string | null;
  viewed_at: string;
}
export interface AdsTable {
  id: string;
  hash: string;
  slot_type_id: number;
  company_id: string | null;
  title: string;
  url: string | null;
  photo: string | null;
  image_urls: Generated<string>;
  button_text: string | null;
  blurb: string | null;
  confirmation_title: string | null;
  confirmation_message: string | null;
  sort: Generated<number>;
  is_active: Flag;
  created_at: string;
}
export interface AdEventsTable {
  id: string;
  ad_id: string;
  event_id: number;
  member_id: string | null;
  at: string;
}
export interface AdLeadsTable {
  id: string;
  ad_id: string;
  member_id: string | null;
  email: string;
  created_at: string;
}
export interface DrilldownsTable {
  id: string;
  hash: string;
  slug: string;
  title: string;
  author: Generated<string>;
  posted_at: string;
  blurb: Generated<string>;
  description: Generated<string>;
  youtube_url: string | null;
  video_url: string | null;
  photo: string | null;
  banner_ad_id: string | null;
  is_published: Generated<number>;
  created_at: string;
}
export interface DrilldownViewsTable {
  id: string;
  drilldown_id: string;
  member_id: string | null;
  /** 'view' of the page or 'play' of the video (docs/decisions/0603). */
  kind: Generated<'view' | 'play'>;
  viewed_at: string;
}
export interface EbooksTable {
  id: string;
  hash: string;
  title: string;
  subtitle: string | null;
  thumbnail: string | null;
  blurb: Generated<string>;
  pdf: string;
  button_text: string | null;
  company_id: string | null;
  sort: Generated<number>;
  is_published: Generated<number>;
  created_at: string;
}
export interface EbookRequestsTable {
  id: string;
  ebook_id: string;
  member_id: string | null;
  created_at: string;
}
export interface FeaturedContentTable {
  slot_type_id: number;
  class_id: string | null;
  podcast_id: string | null;
  blog_post_id: string | null;
  blurb: string | null;
  updated_at: string;
}
export interface FeaturedClicksTable {
  id: string;
  slot_type_id: number;
  target_hash: string;
  member_id: string | null;
  at: string;
}
export interface QueueItemsTable {
  id: string;
  member_id: string;
  class_id: string;
  created_at: string;
}
export interface SupportMessagesTable {
  id: string;
  member_id: string | null;
  name: string;
  office: string;
  email: string;
  phone: string;
  subject: string;
  comment: string;
  created_at: string;
}
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: Generated<string>;
  kind: string;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  created_at: string;
  /** Extra headers as a JSON object (List-Unsubscribe…), or null. */
  headers: string | null;
}
export interface WebinarRemindersTable {
  seat_id: string;
  kind: '24h' | '1h' | 'start' | 'time';
  release_at: string;
  created_at: string;
}
export interface AttendanceImportsTable {
  id: string;
  class_id: string;
  status: 'preview' | 'confirmed' | 'replaced';
  threshold_pct: number;
  threshold_min: number;
  file_name: string | null;
  row_count: number;
  /** JSON: [{ name, email, minutes }] of the rows that matched no member. */
  unmatched: string;
  created_by: string | null;
  created_at: string;
  confirmed_at: string | null;
}
export interface AttendanceRecordsTable {
  import_id: string;
  member_id: string;
  name: string;
  email: string;
  minutes: number;
  is_live: number;
}
export interface InPersonEventsTable {
  id: string;
  class_id: string;
  code: string;
  place: string;
  capacity: number | null;
  created_by: string | null;
  created_at: string;
}
export interface EventClaimsTable {
  event_id: string;
  member_id: string;
  completion_id: string;
  created_at: string;
}
export interface ReminderOptoutsTable {
  member_id: string;
  created_at: string;
}
export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: Generated<string>;
  at: string;
}
export interface UploadsTable {
  id: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  original_name: string;
  created_by: string | null;
  created_at: string;
}
export interface JobRunsTable {
  job: string;
  run_key: string;
  claimed_by: string;
  claimed_at: string;
  finished_at: string | null;
}
/** Media access (issue 26): keys are "kind:hash". */
export interface MediaPositionsTable {
  member_id: string;
  media: string;
  position_sec: number;
  duration_sec: Generated<number>;
  updated_at: string;
}
export interface MediaPrefsTable {
  member_id: string;
  speed: Generated<number>;
  captions_on: Flag;
  updated_at: string;
}
export interface MediaCaptionsTable {
  media: string;
  lang: string;
  label: string;
  vtt: string;
  updated_by: string | null;
  updated_at: string;
}
export interface MediaTranscriptsTable {
  media: string;
  format: 'vtt' | 'text';
  body: string;
  plain: string;
  updated_by: string | null;
  updated_at: string;
}

/** Staff's dental synonym list (issue 27): alternatives are comma-separated words or phrases. */
export interface SearchSynonymsTable {
  id: string;
  term: string;
  alternatives: string;
  updated_at: string;
}
export interface TrackerTopicsTable {
  code: string;
  label: string;
  kind: 'mandatory' | 'agd' | 'category';
  sort: Generated<number>;
}
export interface ClassTopicsTable {
  class_id: string;
  topic_code: string;
}
export interface PodcastTopicsTable {
  podcast_id: string;
  topic_code: string;
}
export interface TrackerRulesTable {
  id: string;
  state: string;
  licence_type: string;
  cycle_years: number | null;
  cycle_anchor: string | null;
  anchor_type: string | null;
  anchor_month: number | null;
  anchor_day: number | null;
  /** 'birth_year': a birth-month cycle steps with the birth year's parity (issue 36). */
  anchor_parity: 'odd' | 'even' | 'birth_year' | null;
  total_hours: number | null;
  self_study_max_hours: number | null;
  self_study_max_percent: number | null;
  self_study_no_limit: number | null;
  live_min_hours: number | null;
  live_webinar_counts_as_live: number | null;
  /** JSON: [{ topic, hours, frequency?, appliesTo?, note?, category }] as in state-ce-rules.json. */
  mandatory: Generated<string>;
  /** JSON array of text, or null when not captured. */
  accepted_providers: string | null;
  carry_over: string | null;
  carry_over_allowed: number | null;
  carry_over_max_hours: number | null;
  notes: string | null;
  /** JSON array of URLs, best first. */
  sources: Generated<string>;
  source_dates: string | null;
  confidence: string;
  /** The day staff last verified the rule against its sources; null: not yet. */
  verified_on: string | null;
  /** The staff member whose console save set verified_on (members.id); null: not yet, or erased. */
  verified_by: string | null;
  /** Minutes in one of the state's hours (50 in 50-minute states); null = 60. */
  hour_minutes: number | null;
  /** JSON [{ topic, maxHours, note? }]: topics counted toward the total only up to a maximum; null = none. */
  category_caps: string | null;
  updated_at: string;
  /** Issue 36: 1 where the board exempts a licence's first period; null: not stated. */
  first_period_exempt: number | null;
  /** 1 where the rule itself states its cycle anchor; 0: the member is asked. */
  anchor_confirmed: Generated<number>;
  /** The version of the project's additions applied (tracker-rule-additions.ts). */
  additions_version: Generated<number>;
}
export interface TrackerLicencesTable {
  id: string;
  member_id: string;
  state: string;
  licence_type: string;
  licence_number: string;
  period_start: string;
  period_end: string;
  carry_over_hours: Generated<number>;
  /** 1 when the member holds a DEA or state controlled-substance registration (conditional requirements). */
  holds_dea: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Issue 36: the day the licence was first issued; null: not said. */
  issued_on: string | null;
  birth_month: number | null;
  birth_year: number | null;
  /** JSON array of permit codes (TRACKER_PERMITS). */
  permits: Generated<string>;
  /** The member's own total where the rule has none. */
  required_hours: number | null;
  /** 'rule', 'member', or 'unconfirmed' (saved before issue 36). */
  period_basis: Generated<string>;
  /** Deleted, restorable until the undo window passes; then the row goes. */
  deleted_at: string | null;
}
export interface TrackerCertificatesTable {
  id: string;
  member_id: string;
  provider: string;
  title: string;
  completed_on: string;
  hours: number;
  delivery: string;
  /** JSON array of topic codes. */
  topics: Generated<string>;
  approval: string | null;
  storage_key: string | null;
  content_type: string | null;
  size_bytes: number | null;
  original_name: string | null;
  /** A card's expiry day (CPR/BLS); null for a course. */
  expires_on: string | null;
  created_at: string;
  updated_at: string;
  /** Deleted, restorable until the undo window passes; then the row and its file go (issue 36). */
  deleted_at: string | null;
}
/** A requirement the member marked done on a day (issue 36): an assessment, a one-off course, a card. */
export interface TrackerLicenceChecksTable {
  licence_id: string;
  requirement_key: string;
  done_on: string;
  updated_at: string;
}
/** A CE deadline reminder claimed for a licence's period (issue 23): the key is the claim. */
export interface TrackerRemindersTable {
  licence_id: string;
  period_end: string;
  kind: string;
  created_at: string;
}

export interface DB {
  search_synonyms: SearchSynonymsTable;
  settings: SettingsTable;
  blurbs: BlurbsTable;
  account_items: AccountItemsTable;
  members: MembersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  member_totp: MemberTotpTable;
  recovery_codes: RecoveryCodesTable;
  email_changes: EmailChangesTable;
  login_links: LoginLinksTable;
  gdpr_requests: GdprRequestsTable;
  rate_limits: RateLimitsTable;
  categories: CategoriesTable;
  companies: CompaniesTable;
  speakers: SpeakersTable;
  sponsor_videos: SponsorVideosTable;
  surveys: SurveysTable;
  survey_questions: SurveyQuestionsTable;
  survey_choices: SurveyChoicesTable;
  classes: ClassesTable;
  class_categories: ClassCategoriesTable;
  seats: SeatsTable;
  gradebook: GradebookTable;
  class_views: ClassViewsTable;
  evaluations: EvaluationsTable;
  sponsor_video_answers: SponsorVideoAnswersTable;
  survey_answers: SurveyAnswersTable;
  podcast_shows: PodcastShowsTable;
  podcasts: PodcastsTable;
  podcast_categories: PodcastCategoriesTable;
  podcast_plays: PodcastPlaysTable;
  exams: ExamsTable;
  exam_questions: ExamQuestionsTable;
  exam_attempts: ExamAttemptsTable;
  exam_day_counts: ExamDayCountsTable;
  exam_servings: ExamServingsTable;
  agd_submissions: AgdSubmissionsTable;
  completions: CompletionsTable;
  blog_posts: BlogPostsTable;
  blog_post_categories: BlogPostCategoriesTable;
  blog_views: BlogViewsTable;
  ads: AdsTable;
  ad_events: AdEventsTable;
  ad_leads: AdLeadsTable;
  drilldowns: DrilldownsTable;
  drilldown_views: DrilldownViewsTable;
  ebooks: EbooksTable;
  ebook_requests: EbookRequestsTable;
  featured_content: FeaturedContentTable;
  featured_clicks: FeaturedClicksTable;
  queue_items: QueueItemsTable;
  support_messages: SupportMessagesTable;
  mail_outbox: MailOutboxTable;
  audit_log: AuditLogTable;
  uploads: UploadsTable;
  job_runs: JobRunsTable;
  webinar_reminders: WebinarRemindersTable;
  reminder_optouts: ReminderOptoutsTable;
  attendance_imports: AttendanceImportsTable;
  attendance_records: AttendanceRecordsTable;
  tracker_topics: TrackerTopicsTable;
  class_topics: ClassTopicsTable;
  podcast_topics: PodcastTopicsTable;
  tracker_rules: TrackerRulesTable;
  tracker_licences: TrackerLicencesTable;
  tracker_certificates: TrackerCertificatesTable;
  tracker_reminders: TrackerRemindersTable;
  tracker_licence_checks: TrackerLicenceChecksTable;
  media_positions: MediaPositionsTable;
  media_prefs: MediaPrefsTable;
  media_captions: MediaCaptionsTable;
  media_transcripts: MediaTranscriptsTable;
  in_person_events: InPersonEventsTable;
  event_claims: EventClaimsTable;
}

export type TMember = Selectable<MembersTable>;
export type TNewMember = Insertable<MembersTable>;
export type TMemberUpdate = Updateable<MembersTable>;
export type TClass = Selectable<ClassesTable>;
export type TNewClass = Insertable<ClassesTable>;
