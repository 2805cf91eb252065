/** The site's general texts: errors any screen may show, not found, the hero: a part of `Texts` (texts.ts). */
export const generalTexts = {
  // General
  GENERIC_ERROR: 'System error - contact tech support.',
  SERVICE_ERROR: 'Service error.',
  COOKIE_FALLBACK: 'This site uses cookies.',
  CORRECT_ERRORS: 'Correct errors and resubmit.',
  NO_CLASS_SELECTED: 'No class selected.',
  PAGE_NOT_FOUND: 'Page Not Found',
  PAGE_NOT_FOUND_DETAIL: 'Unable to locate this resource.',
  // Added around the spec's texts (issue 22, item 15): a way on from Page Not Found.
  NOT_FOUND_SEARCH: 'Search courses, webinars and podcasts',
  NOT_FOUND_SUGGESTIONS: 'Or go to one of these:',
  LOGOUT_CONFIRM: 'Are you sure you want to log out?',
  ERROR_LOADING_FILTERS: 'Error loading filters.',
  HERO: 'Free Online Dental CE',
} as const;
