import type { TAdminEntity } from './admin.fields.ts';
import { company, isBlank, photo, text } from './admin.entity-fields.ts';

/*
 * The definitions of what courses and pages refer to: speakers, companies, sponsor videos,
 * surveys, categories and text blocks.
 */

export const REFERENCE_ENTITIES: readonly TAdminEntity[] = [
  {
    key: 'speakers',
    label: 'Speakers',
    singular: 'Speaker',
    idField: 'id',
    titleField: 'name',
    listFields: ['name', 'credentials'],
    searchFields: ['name', 'credentials'],
    sort: { field: 'name' },
    fields: [
      text('name', 'Name', { required: true }),
      text('credentials', 'Credentials', { hint: 'As on certificates, e.g. DDS, MS.' }),
      photo(),
      { name: 'bio', label: 'Biography', kind: 'textarea', max: 5000 },
    ],
  },
  {
    key: 'companies',
    label: 'Companies',
    singular: 'Company',
    idField: 'id',
    titleField: 'name',
    listFields: ['name', 'website', 'contactEmail'],
    searchFields: ['name'],
    sort: { field: 'name' },
    fields: [
      text('name', 'Name', { required: true }),
      photo('photo', 'Logo'),
      { name: 'website', label: 'Website', kind: 'url' },
      { name: 'contactEmail', label: 'Lead contact e-mail', kind: 'email' },
    ],
  },
  {
    key: 'sponsor-videos',
    label: 'Sponsor videos',
    singular: 'Sponsor video',
    idField: 'id',
    titleField: 'headline',
    listFields: ['headline', 'companyId', 'isActive'],
    searchFields: ['headline'],
    sort: { field: 'headline' },
    fields: [
      company('Sponsor'),
      text('youtubeId', 'YouTube video id', {
        max: 20,
        hint: 'The 11 characters after v= in the video link.',
      }),
      { name: 'videoUrl', label: 'Video file', kind: 'media', upload: 'video' },
      text('headline', 'Headline', { required: true }),
      { name: 'blurb', label: 'Offer text', kind: 'textarea', max: 2000, required: true },
      text('headlineButtons', 'Text above the buttons'),
      text('buttonTextYes', 'Yes button text', { required: true, max: 60 }),
      text('buttonTextNo', 'No button text', { required: true, max: 60 }),
      { name: 'isActive', label: 'Active', kind: 'checkbox', defaultValue: true },
    ],
    rules: [
      {
        field: 'youtubeId',
        message: 'Give a YouTube video id or upload a video file.',
        test: (v) => !isBlank(v.youtubeId) || !isBlank(v.videoUrl),
      },
      {
        field: 'youtubeId',
        message: 'A YouTube video id has 11 letters, digits, dashes or underscores.',
        test: (v) => isBlank(v.youtubeId) || /^[A-Za-z0-9_-]{11}$/.test(String(v.youtubeId)),
      },
    ],
  },
  {
    key: 'surveys',
    label: 'Surveys',
    singular: 'Survey',
    idField: 'id',
    titleField: 'title',
    listFields: ['title', 'companyId'],
    searchFields: ['title'],
    sort: { field: 'title' },
    extras: ['questions'],
    fields: [text('title', 'Title', { required: true }), company('Sponsor')],
  },
  {
    key: 'categories',
    label: 'Categories',
    singular: 'Category',
    idField: 'id',
    titleField: 'name',
    listFields: ['name', 'sort'],
    searchFields: ['name'],
    sort: { field: 'sort' },
    fields: [
      text('name', 'Name', { required: true, max: 100 }),
      { name: 'sort', label: 'Order', kind: 'integer', min: -100_000, max: 100_000, defaultValue: 0 },
    ],
  },
  {
    key: 'blurbs',
    label: 'Text blocks',
    singular: 'Text block',
    idField: 'code',
    titleField: 'code',
    listFields: ['code'],
    searchFields: ['code', 'blurb'],
    sort: { field: 'code' },
    fields: [
      text('code', 'Code', {
        required: true,
        max: 60,
        hint: 'cookie_message, terms, privacy, agd_reminder … Letters, digits, - and _.',
      }),
      {
        name: 'blurb',
        label: 'Text',
        kind: 'textarea',
        max: 200_000,
        required: true,
        hint: 'terms is shown as HTML; privacy as plain text with its line breaks.',
      },
    ],
    rules: [
      {
        field: 'code',
        message: 'A code uses letters, digits, - and _ only.',
        test: (v) => /^[a-z0-9_-]+$/i.test(String(v.code ?? '')),
      },
    ],
  },
];
