/** Constants of the specification (01 §9, 02 §9), written once for the browser and the server. */

/** Class type codes (02 §9). */
export const ClassType = {
  UNDEFINED: 0,
  PDF: 10,
  LIVE: 20,
  ARCHIVE: 30,
  PRODUCED: 40,
  PRODUCED_ARCHIVE: 50,
  MOVIE: 55,
  LUNCHLEARN: 60,
  PRODUCED_PLAYBACK: 70,
  SLIDESHOW: 80,
  SEMINAR: 90,
  PREMIUM: 100,
} as const;
export type TClassType = (typeof ClassType)[keyof typeof ClassType];

/** Self-study class types: the ones the on-demand list shows (03 §4). */
export const SELF_STUDY_CLASS_TYPES: readonly TClassType[] = [
  ClassType.PDF,
  ClassType.ARCHIVE,
  ClassType.PRODUCED,
  ClassType.PRODUCED_ARCHIVE,
  ClassType.MOVIE,
  ClassType.PRODUCED_PLAYBACK,
  ClassType.SLIDESHOW,
  ClassType.SEMINAR,
  ClassType.LUNCHLEARN,
];

/** CE type ids (01 §9, 02 §9). */
export const CeType = { NONE: 0, SELF_STUDY: 1, LIVE: 2 } as const;
export type TCeType = (typeof CeType)[keyof typeof CeType];

/**
 * Ad slot type codes (02 §9). The spec gives 1–37 in part; the values it does not show
 * (featured blog, list banners, drill-down banner) are ours: see docs/decisions/0002.
 */
export const AdSlotType = {
  LOGIN: 1,
  TOP: 2,
  SLIDER: 3,
  RIGHT: 5,
  LEFT: 6,
  EXAM: 24,
  EXAM_EMAIL: 25,
  EBOOK: 33,
  MOBILE_LIST: 34,
  DRILLDOWN_BANNER: 35,
  FEATURED_CLASS: 36,
  FEATURED_PODCAST: 37,
  FEATURED_BLOG: 38,
} as const;
export type TAdSlotType = (typeof AdSlotType)[keyof typeof AdSlotType];

/** Ad event ids (02 §9). */
export const AdEvent = { VIEW: 1, CLICK: 2 } as const;

/** Sponsor video answer codes (02 §9). */
export const SponsorAnswer = { YES: 2, NO: 3 } as const;

/** Evaluation rating scale (02 §3): 4 Excellent … 1 Poor. */
export const EvaluationRatings = [
  { value: 4, label: 'Excellent' },
  { value: 3, label: 'Good' },
  { value: 2, label: 'Fair' },
  { value: 1, label: 'Poor' },
] as const;

export const GENDERS = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'O', label: 'Other' },
] as const;

export const SUPPORT_TOPICS = [
  'General Feedback',
  'Live Webinar Question',
  'Technical Issue',
  // Ours (issue 26): the accessibility statement's "report a barrier" link preselects it.
  'Accessibility Barrier',
  'Other',
] as const;

/** Words a keyword search leaves out (01 §3 smallWords; ours: docs/decisions/0203). */
export const SEARCH_SMALL_WORDS: readonly string[] = [
  'a',
  'an',
  'as',
  'at',
  'by',
  'in',
  'is',
  'of',
  'on',
  'or',
  'to',
  'and',
  'the',
  'for',
  'with',
  'from',
  'your',
  'you',
  'how',
  'what',
  'why',
  'are',
  'its',
  'into',
  'about',
];

export const Limits = {
  EXAMS_PER_DAY: 10,
  USERNAME_MIN: 6,
  PASSWORD_MIN: 6,
  NAME_MIN: 2,
  OFFICE_MIN: 4,
  ADDRESS_MIN: 2,
  CITY_MIN: 2,
  ZIP_MIN: 5,
  PHONE_MIN: 10,
  AGD_MIN_DIGITS: 5,
  AGD_MAX_DIGITS: 9,
  /** The AGD accepts six-digit member ids in its roster (03 §7). */
  AGD_SUBMIT_DIGITS: 6,
  CERT_YEARS_BEFORE: 90,
  CERT_YEARS_AFTER: 10,
  SUPPORT_NAME_MIN: 4,
  SUPPORT_OFFICE_MIN: 4,
  SUPPORT_COMMENT_MIN: 4,
  SUPPORT_COMMENT_MAX: 1000,
  EVAL_TEXT_MAX: 1024,
  SEARCH_TEXT_MAX: 30,
  SEARCH_TEXT_MIN: 3,
  EXAM_OPTIONS_MAX: 6,
  DEFAULT_PAGE_SIZE: 10,
  PREMIUM_ACCESS_YEARS: 1,
  DESCRIPTION_MAX: 150,
} as const;

/** Password characters allowed besides letters and digits (01 §5). */
export const PASSWORD_PATTERN = /^[A-Za-z0-9.!@#$%&*~:;?+=^_-]+$/;

export const Timing = {
  REGISTER_REDIRECT_MS: 2000,
  PODCAST_SKIP_SEC: 15,
  LIVE_REFRESH_MS: 15_000,
  COUNTDOWN_ALARM_LIVE_SEC: 300,
  COUNTDOWN_ALARM_PRELIVE_SEC: 1800,
  COUNTDOWN_ALARM_DEFAULT_SEC: 3600,
  COUNTDOWN_TICK_MS: 1000,
  /** Enter Webinar appears within 5 minutes of start (02 §2). */
  ENTER_WEBINAR_BEFORE_SEC: 300,
  PLAYER_POLL_MS: 300,
  PLAYER_POLL_MAX: 40,
  SESSION_TTL_DAYS: 30,
  RESET_TOKEN_TTL_MIN: 60,
} as const;

/** The zone dates are given in when a member has none stored (docs/decisions/0402). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

export const VIDEO_SPEEDS = [0.5, 0.75, 1, 1.5, 2] as const;

/** Local storage keys the browser keeps (01 §3, 02 §3). */
export const StorageKey = {
  TOKEN: 'id_token',
  STUDENT_NAME: 'student_name',
  STUDENT_EMAIL: 'student_email',
  COOKIE_ACCEPTED: 'cookie_accepted',
  /** The signed-in member's profile zone, when they chose one (docs/decisions/0831). */
  STUDENT_TIME_ZONE: 'student_time_zone',
  /** When the server last set the session cookie for the stored token (epoch ms, docs/decisions/0842). */
  SESSION_COOKIE_AT: 'session_cookie_at',
} as const;

/** Base paths used when opening class, podcast and blog pages (01 §2). */
export const BasePath = {
  ON_DEMAND: '/on-demand-dental-ce-course',
  PREMIUM: '/premium-dental-ce-course',
  PODCASTS: '/dental-podcasts',
  BLOG: '/dental-blog',
} as const;
