/*
 * The vocabulary of the staff console's schema-driven forms (03 §10): a field says what it
 * holds, the form draws it, the zod schema built from it (admin.schema.ts) validates it in the
 * browser and again on the server. No zod here, so the definitions stay plain data.
 */

/** signature: a PNG or SVG the server cleans and stores as PNG (the certificate's signature, decision 1043). */
export type TUploadKind = 'image' | 'audio' | 'pdf' | 'video' | 'signature';

export type TAdminFieldKind =
  /** One line of text. */
  | 'text'
  /** The URL name of a row; generated from the title when left blank. */
  | 'slug'
  | 'textarea'
  /** Rich text, sanitised on save on the server. */
  | 'html'
  | 'integer'
  | 'number'
  | 'checkbox'
  /** One of fixed options. */
  | 'select'
  /** A row of another entity (its id). */
  | 'ref'
  /** Several rows of another entity (ids): categories. */
  | 'refs'
  /** A date-time, stored in UTC; the browser edits it in the staff member's zone. */
  | 'datetime'
  /** A calendar date, YYYY-MM-DD. */
  | 'date'
  | 'url'
  | 'email'
  /** An uploaded file (/media/…) or an external URL. */
  | 'media'
  /** Up to four uploaded images (mobile banner sets: 1 or 4). */
  | 'mediaList'
  /** Label and URL pairs (social links). */
  | 'links'
  /** Several of fixed options, kept in a join table: the CE tracker's topic tags (issue 23). */
  | 'tags';

export type TAdminOption = { value: string | number; label: string };

export type TAdminField = {
  /** camelCase; the column is its snake_case. */
  name: string;
  label: string;
  kind: TAdminFieldKind;
  required?: boolean;
  /** Maximum length (texts) or value (numbers). */
  max?: number;
  /** Minimum value (numbers). */
  min?: number;
  options?: readonly TAdminOption[];
  /** ref / refs: the entity whose rows are the options. */
  ref?: TAdminEntityKey;
  /** media / mediaList: what may be uploaded. */
  upload?: TUploadKind;
  hint?: string;
  /** The value of a new row, and what a blank optional field saves as (NOT NULL columns). */
  defaultValue?: string | number | boolean;
  /** A heading the form groups fields under. */
  group?: string;
  /** Shown only while another field holds one of these values (kept when hidden). */
  showWhen?: { field: string; values: readonly (string | number)[] };
};

/** A rule across fields; the message is shown on `field` when `test` fails. */
export type TAdminRule = {
  field: string;
  message: string;
  test: (values: Record<string, unknown>) => boolean;
};

export type TAdminEntityKey =
  | 'categories'
  | 'companies'
  | 'speakers'
  | 'sponsor-videos'
  | 'surveys'
  | 'classes'
  | 'podcast-shows'
  | 'podcasts'
  | 'blog-posts'
  | 'drilldowns'
  | 'ebooks'
  | 'ads'
  | 'blurbs';

/** A form that is not a table of rows (settings, featured content): fields and rules only. */
export type TAdminForm = {
  fields: readonly TAdminField[];
  rules?: readonly TAdminRule[];
};

/** One authored entity: its form, and how its list is shown and searched. */
export type TAdminEntity = TAdminForm & {
  key: TAdminEntityKey;
  /** Plural, for the navigation and the list heading. */
  label: string;
  singular: string;
  /** The key column: a random id, or the code for text blocks. */
  idField: 'id' | 'code';
  /** The field that names a row in lists, options and confirmations. */
  titleField: string;
  listFields: readonly string[];
  searchFields: readonly string[];
  sort: { field: string; desc?: boolean };
  /** Extra editors reached from a row (exam, survey questions, seats …), by their path segment. */
  extras?: readonly ('exam' | 'questions' | 'seats' | 'evaluations' | 'recording')[];
};

/** The text a form shows for a field that must be filled. */
export const requiredMessage = (label: string) => `${label} is required.`;

/** camelCase field name → snake_case column. */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** snake_case column → camelCase field name. */
export function fieldOf(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
