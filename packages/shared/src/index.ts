// Rules, texts and constants: no zod here, so the browser's first load stays small.
// Schemas are imported from '@opence/shared/schemas'.
export * from './constants.ts';
export * from './texts.ts';
export * from './search/search.rules.ts';
export * from './catalog/paging.rules.ts';
export * from './catalog/format.rules.ts';
export * from './admin/attendance.rules.ts';
export * from './catalog/listing.rules.ts';
export * from './search/filter.rules.ts';
export * from './seats/countdown.rules.ts';
export * from './seats/seats.rules.ts';
export * from './seats/poll-backoff.rules.ts';
export * from './ads/ads.rules.ts';
export * from './site/site.rules.ts';
export * from './site/first-screen.rules.ts';
export * from './site/local-time.rules.ts';
export * from './site/picture-copies.rules.ts';
export * from './accounts/accounts.rules.ts';
export * from './classroom/classroom.rules.ts';
export * from './exams/exams.rules.ts';
export * from './certificates/certificates.rules.ts';
export * from './podcasts/podcasts.rules.ts';
export * from './blog/blog.rules.ts';
export * from './member-lists/member-lists.rules.ts';
export * from './search/search.terms.ts';
export * from './tracker/tracker.rules.ts';
export * from './media/media.rules.ts';
