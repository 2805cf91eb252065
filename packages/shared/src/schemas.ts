// Every zod schema, for the server's routes and the browser's forms.
export * from './api.schema.ts';
export * from './site/site.schema.ts';
