// Every zod schema, for the server's routes and the browser's forms.
export * from './api.schema.ts';
export * from './site/site.schema.ts';
export * from './catalog/catalog.schema.ts';
export * from './search/search.schema.ts';
export * from './ads/ads.schema.ts';
export * from './support/support.schema.ts';
export * from './accounts/accounts.schema.ts';
export * from './accounts/two-factor.schema.ts';
export * from './classroom/classroom.schema.ts';
export * from './exams/exams.schema.ts';
export * from './certificates/certificates.schema.ts';
export * from './podcasts/podcasts.schema.ts';
export * from './blog/blog.schema.ts';
export * from './drilldowns/drilldowns.schema.ts';
export * from './member-lists/member-lists.schema.ts';
export * from './seats/seats.schema.ts';
// The staff console: its schemas, and the plain field definitions they are built from.
export * from './admin/admin.schema.ts';
export * from './admin/admin.fields.ts';
export * from './admin/admin.entities.ts';
export * from './admin/admin.forms.ts';
export * from './admin/admin.rules.ts';
export * from './admin/attendance.schema.ts';
export * from './search/synonyms.schema.ts';
export * from './tracker/tracker.schema.ts';
export * from './media/media.schema.ts';
export * from './events/events.schema.ts';
