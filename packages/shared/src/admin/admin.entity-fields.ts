import { TRACKER_TOPIC_LABELS } from '../texts.ts';
import type { TAdminField } from './admin.fields.ts';

/* The fields and checks several entity definitions share (admin.*.entities.ts). */

export const text = (name: string, label: string, extra: Partial<TAdminField> = {}): TAdminField => ({
  name,
  label,
  kind: 'text',
  max: 200,
  ...extra,
});
export const published: TAdminField = {
  name: 'isPublished',
  label: 'Published',
  kind: 'checkbox',
  defaultValue: true,
};
export const company = (label = 'Sponsor company'): TAdminField => ({
  name: 'companyId',
  label,
  kind: 'ref',
  ref: 'companies',
});
export const photo = (name = 'photo', label = 'Photo'): TAdminField => ({
  name,
  label,
  kind: 'media',
  upload: 'image',
});
export const categories: TAdminField = {
  name: 'categories',
  label: 'Categories',
  kind: 'refs',
  ref: 'categories',
};
/** The CE tracker's topic tags (issue 23): the mandatory topics and AGD subject codes a course meets. */
export const topics: TAdminField = {
  name: 'topics',
  label: 'CE topics',
  kind: 'tags',
  options: Object.entries(TRACKER_TOPIC_LABELS).map(([value, label]) => ({ value, label })),
  hint: 'The tracker suggests the course to members who still need these topics.',
};
export const slug: TAdminField = {
  name: 'slug',
  label: 'URL name (slug)',
  kind: 'slug',
  max: 120,
  hint: 'Letters, digits and dashes. Left blank, it is made from the title.',
};

export const isBlank = (v: unknown) => v === undefined || v === null || v === '';
