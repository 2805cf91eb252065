/**
 * Every user-visible message of the specification, once (01 §2, §5, §8; 02 §2, §5, §8).
 * Spelling, spacing (including the double spaces) and punctuation are the contract: tests
 * compare them literally. Where 01 §5 states a minimum other than the enforced one, the
 * text states the enforced minimum (03 §3).
 */
export const Texts = {
  // General
  GENERIC_ERROR: 'System error - contact tech support.',
  SERVICE_ERROR: 'Service error.',
  COOKIE_FALLBACK: 'This site uses cookies.',
  CORRECT_ERRORS: 'Correct errors and resubmit.',
  NO_CLASS_SELECTED: 'No class selected.',
  PAGE_NOT_FOUND: 'Page Not Found',
  PAGE_NOT_FOUND_DETAIL: 'Unable to locate this resource.',
  LOGOUT_CONFIRM: 'Are you sure you want to log out?',
  ERROR_LOADING_FILTERS: 'Error loading filters.',
  HERO: 'Free Online Dental CE',

  // Accounts (01 §5, §8)
  LOGIN_FAILED: 'Invalid login - please try again.',
  LOGIN_REQUIRED_FIELDS: 'Username and password are required.',
  LOGIN_RATE_LIMITED: 'Too many login attempts. Wait 15 minutes and try again.',
  RECOVER_SUCCESS: 'Check inbox for your login credentials.',
  RECOVER_REQUIRED: 'Provide either username or account email address.',
  RESET_SUCCESS: 'Password updated.  Click Login button to access your account.',
  ACCOUNT_PASSWORD_UPDATED: 'Account password updated.',
  REGISTER_FAILED: 'System Error from Register Service.',
  ACCOUNT_CREATED: 'Account created.',
  PROFILE_UPDATED: 'Profile updated.',
  CE_REPORT_SENT: 'Check email inbox for CE report.',
  GDPR_SUCCESS: 'Check your email for instructions on completing this operation.',
  GDPR_CHECKBOX: 'Check the checkbox before clicking the Submit Request button.',
  SELECT_POSITION: 'Select position.',
  SELECT_TITLE: 'Select title.',
  SELECT_STATE: 'Select state.',
  SELECT_COUNTRY: 'Select country.',
  SELECT_ONE: 'Select one.',
  REQUIRED_FIELD: 'Required field.',
  FIRSTNAME_MIN: 'First name is required and must be at least 2 characters.',
  LASTNAME_MIN: 'Last name is required and must be at least 2 characters.',
  OFFICE_NAME_MIN: 'Office name is required and must be at least 4 characters.',
  ADDRESS_MIN: 'Address is required and must be at least 2 characters.',
  CITY_MIN: 'City is required and must be at least 2 characters.',
  ZIP_MIN: 'Zip code is required and must be at least 5 characters.',
  PHONE_MIN: 'Phone is required and must be at least 10 digits.',
  EMAIL_REQUIRED: 'Email is required.',
  EMAIL_INVALID: 'Enter valid email address.',
  EMAIL_IN_USE: 'Email already in use. Choose another.',
  USERNAME_REQUIRED: 'Username is required.',
  USERNAME_MIN: 'Username has minimum length.',
  USERNAME_TAKEN: 'This username is not available. Choose another.',
  PASSWORD_REQUIRED: 'Password is required.',
  PASSWORD_MIN: 'Password must be 6 characters or longer.',
  PASSWORD_CHARS: 'Invalid character(s) detected.',
  PASSWORDS_MUST_MATCH: 'Passwords must match.',
  AGD_INVALID: 'Leave blank or enter valid value.',
  AGD_IN_USE: 'AGD Number already in use.  Choose another.',

  // Support (01 §5, §8)
  SUPPORT_NAME: 'Name is a required field and must be at least 4 characters.',
  SUPPORT_OFFICE: 'This is a required field and must be at least 4 characters.',
  SUPPORT_EMAIL: 'Email address is required.',
  SUPPORT_PHONE: 'Phone number is required.',
  SUPPORT_SUBJECT: 'Select reason for support.',
  SUPPORT_COMMENT: 'Explain reason for support up to 1000 characters.',
  SUPPORT_SUCCESS: 'Message received.',

  // Catalog (01 §2, §8)
  EBOOK_FAILED: 'System Error from Save Book Response.',
  COMPLETED_API_ERROR: 'API Error.  Unable to retrieve data.',
  COMPLETED_SYSTEM_ERROR: 'System Error.  Unable to retrieve data.',

  // Empty lists (01 §2)
  EMPTY_SEARCH: 'No results found for this search.',
  EMPTY_UPCOMING: 'No upcoming webinars.',
  EMPTY_ONDEMAND: 'No classes found.',
  EMPTY_PODCASTS: 'No podcasts found.',
  EMPTY_BLOG: 'No blog posts found.',
  EMPTY_DRILLDOWNS: 'No 5-minute drill downs found.',
  EMPTY_TUTORIALS: 'No tutorials found.',
  EMPTY_EBOOKS: 'No ebooks found.',
  EMPTY_SEATS: 'No reserved seats.',
  EMPTY_SEATS_DETAIL: 'No seats reserved.  Click button below to see upcoming webinars.',
  EMPTY_QUEUE:
    'Your watch later list is empty. Add to this list by tapping the + button after selecting a webinar or product video.',
  EMPTY_QUEUE_SHORT: 'Training queue is empty.',
  EMPTY_PENDING: 'You currently do not have any classes in progress.',
  EMPTY_PENDING_SHORT: 'All exams completed.',
  EMPTY_COMPLETED: 'No CE completed.',
  EMPTY_COMPLETED_TRAINING: 'No training completed.',
  EMPTY_COMPLETED_PODCASTS: 'No podcasts completed.',
  EMPTY_TUTORIAL_HISTORY: 'No viewed tutorials.',

  // Learning flow (02 §2, §4, §8)
  VIDEO_UPCOMING: 'Video Upcoming',
  VIDEO_UNAVAILABLE: 'Video Unavailable',
  EXAM_UPCOMING: 'Exam Upcoming',
  EXAM_COMPLETED_TITLE: 'Exam Completed',
  EXAM_LIMIT_CLASSROOM:
    "Exam Limit Reached: You've reached the limit of 10 exams per day.  Please resume your self-study activity another day.",
  EXAM_LIMIT_BANNER:
    'Exam Limit Reached: You’ve reached the limit of 10 exams per day.  Please resume your self-study activity another day.',
  AFFIDAVIT_ATTEST:
    'I attest that I have completed the CE activity in its entirety and am ready to proceed to the CE exam.',
  SPONSOR_VIDEO_NOTE:
    'Press the play button to watch this video and proceed to your CE exam. Our video sponsors help keep the product FREE.',
  SPONSOR_VIDEO_AFTER: '(After your selection, you will be directed to CE exam)',
  ANSWER_REQUIRED: 'Answer is required.',
  FIELD_TOO_LONG: 'Field exceeds maximum allowed length.',
  ANSWER_ALL_QUESTIONS: 'Please answer all questions.',
  VIEW_CLASS_FIRST: 'Please view class before taking exam.',
  EXAM_COMPLETED_RETURN_CLASSROOM: 'Exam completed.  Returning to classroom.',
  LISTEN_PODCAST_FIRST: 'Please listen to podcast before taking exam.',
  COMPLETE_EVALUATION_FIRST: 'Complete evaluation before completing exam.',
  UNABLE_LOAD_STUDENT_PODCAST: 'Unable to load student.  Returning to podcast list.',
  UNABLE_LOAD_STUDENT_CLASSROOM: 'Unable to load student.  Returning to classroom.',
  EXAM_COMPLETED_RETURN_PODCASTS: 'Exam completed.  Returning to podcasts.',
  EXAM_NOT_AVAILABLE: 'Exam not available.  Try again later.',
  EXAM_TECH_ERROR: 'Technical error.  Contact support.',
  EXAM_TECH_ERROR_LATER: 'Technical Error. Try again later.',
  CERT_SENT: 'Check your email inbox for the Verification of Participation certificate.',
  CONGRATULATIONS: "Congratulations! You've earned CE credit.",
  YOUR_EXAM_GRADE: 'Your Exam Grade',
  WHILE_YOU_WAIT: 'While you wait...',
  MORE_DRILLDOWNS: 'More 5-Minute Drill Down Videos',
  MORE_PODCASTS: 'More Podcast Episodes',

  // Live webinars (02 §2, §8)
  LIVE_BEGINS_IN: 'Live Webinar Begins In:',
  WEBINAR_IN_PROGRESS: 'Webinar in Progress...',
  ON_WAITLIST: 'On Waitlist',
  UNABLE_RESERVE: 'Unable to reserve seat.',
  ERROR_RESERVE: 'Error trapped while reserving seat.',
  UNABLE_OPTIN: 'Unable to record optin.',
  ERROR_OPTIN: 'Error trapped while recording optin.',
  CLASS_START_ERROR: 'Error classStart service.',
  CLASS_START_TRAPPED: 'Trapped error: classStart',
  GET_CLASS_ERROR: 'Service error: getClass.',
  GET_CLASS_TRAPPED: 'Trapped error: getClass service.',
  CANCEL_CONFIRM: 'Please confirm your intent to release your seat.',
  CANCEL_UNKNOWN: 'Unable to cancel seat.  Unknown reason.',
  I_CANNOT_ATTEND: 'I Cannot Attend',

  // Attendance, survey, sponsor video, evaluation (02 §8)
  ERROR_RECORDING: 'Error recording response. Try again later.',
  SYSTEM_ERROR_RECORDING: 'System error recording response. Try again later.',
  DATA_ERROR: 'Data error.  Try again later.',
  SYSTEM_ERROR_LATER: 'System Error.  Try again later.',
  SPONSOR_SYSTEM_ERROR: 'System error.  Contact technical support.',
  SPONSOR_SAVE_ERROR: 'System API error saving response.',
  EVAL_SAVE_ERROR: 'Error saving evaluation.  Try again.',
  EVAL_PODCAST_LOAD_ERROR: 'Error retrieving podcast data.  Refresh and try again.',
  EVAL_LOAD_ERROR: 'Error retrieving data.  Try again.',
  EVAL_TECH_ERROR: 'Technical error - contact support.',

  // Podcasts, blog, drill-downs, lobby, queue (02 §8)
  SERVER_ERROR_LATER: 'Server error. Try later.',
  ERROR_ACCESSING_API: 'Error accessing API.',
  ERROR_LOGGING_PODCAST: 'Error logging podcast play.',
  LOGGING_API_FAILURE: 'System error. Logging API failure.',
  SELECT_PODCAST: 'Go back and select podcast episode.',
  SELECT_BLOG_POST: 'Go back and select blog post.',
  SELECT_DRILLDOWN: 'Go back and select drill down.',
  ERROR_LOGGING_DRILLDOWN: 'Error logging drilldown play.',
  VIDEO_TIMED_OUT: 'Timed out loading video.',
  QUEUE_REMOVE_ERROR: 'Error trapped while removing class.',

  // Mobile ads (02 §2)
  AD_BUTTON_DEFAULT: 'Click here',
  AD_BLURB_DEFAULT: 'Text forthcoming',

  // Server-side refusals (03 §2)
  NOT_SIGNED_IN: 'Sign in to continue.',
  NOT_ALLOWED: 'You are not allowed to do that.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests. Wait a minute and try again.',
  INVALID_INPUT: 'Check the highlighted fields and try again.',
} as const;

export type TTextKey = keyof typeof Texts;
