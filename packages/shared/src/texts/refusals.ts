/** The server's refusals, by a route or before one runs (03 §2; issue 28): a part of `Texts` (texts.ts). */
export const refusalTexts = {
  // Server-side refusals (03 §2)
  NOT_SIGNED_IN: 'Sign in to continue.',
  NOT_ALLOWED: 'You are not allowed to do that.',
  NOT_FOUND: 'Not found.',
  RATE_LIMITED: 'Too many requests from here. Please wait a while and try again.',
  SERVER_BUSY: 'The site is very busy just now. Please try again in a moment.',
  INVALID_INPUT: 'Check the highlighted fields and try again.',
  // Refusals made before a route runs: by the HTTP parser, Fastify or a plugin (issue 28).
  REQUEST_UNREADABLE: 'The request could not be read. Reload the page and try again.',
  REQUEST_TOO_LARGE: 'This request is too large to be accepted.',
  REQUEST_MEDIA_TYPE: 'This kind of content is not accepted here.',
  REQUEST_NOT_ACCEPTABLE: 'This answer cannot be given in the form asked for.',
  REQUEST_TIMEOUT: 'The request took too long to arrive. Try again.',
  REQUEST_METHOD: 'This action is not available here.',
} as const;
