import { PROVIDER_CHECKS } from '../certificates/certificates.rules.ts';
import { DEFAULT_CLAIM_WINDOW_DAYS, MAX_CLAIM_WINDOW_DAYS } from '../events/events.rules.ts';
import { Texts } from '../texts.ts';
import type { TAdminForm } from './admin.fields.ts';

/*
 * Forms of the staff console that are not tables of rows: the site settings (03 §4, §7, §10)
 * and the featured content picks (02 §2, slot types 36/37/38).
 */

const hasCodePlaceholder = (v: Record<string, unknown>) =>
  typeof v.meetingUrlTemplate !== 'string' ||
  v.meetingUrlTemplate === '' ||
  (/^https:\/\//.test(v.meetingUrlTemplate) && v.meetingUrlTemplate.includes('{code}'));

export const SETTINGS_FORM: TAdminForm = {
  fields: [
    { name: 'brand', label: 'Brand', kind: 'text', required: true, max: 60, group: 'Site' },
    { name: 'supportEmail', label: 'Support e-mail', kind: 'email', group: 'Site' },
    { name: 'desktopSiteUrl', label: 'Desktop site URL', kind: 'url', group: 'Site' },
    {
      name: 'learningPlatformUrl',
      label: 'Learning platform URL',
      kind: 'url',
      group: 'Site',
      hint: 'Premium courses link to <this URL>/course/<class id>.',
    },
    {
      name: 'meetingUrlTemplate',
      label: 'Meeting URL template',
      kind: 'text',
      max: 300,
      group: 'Site',
      hint: 'https://… with {code} where the meeting code goes.',
    },
    { name: 'socialLinks', label: 'Social links', kind: 'links', group: 'Site' },
    {
      name: 'mobileAdIndexStart',
      label: 'Mobile ads: first position in a list',
      kind: 'integer',
      min: 0,
      max: 100,
      defaultValue: 2,
      group: 'Lists',
    },
    {
      name: 'mobileAdInterval',
      label: 'Mobile ads: rows between banners',
      kind: 'integer',
      min: 1,
      max: 100,
      defaultValue: 5,
      group: 'Lists',
    },
    {
      name: 'homeUpcomingCount',
      label: 'Home: upcoming webinars shown',
      kind: 'integer',
      min: 1,
      max: 50,
      defaultValue: 3,
      group: 'Lists',
    },
    {
      name: 'homeNewestCount',
      label: 'Home: newest classes shown',
      kind: 'integer',
      min: 1,
      max: 50,
      defaultValue: 4,
      group: 'Lists',
    },
    // Each member's private storage in the CE Tracker (issue 37, docs/decisions/0932).
    {
      name: 'trackerStorageMb',
      label: 'CE Tracker: storage per member (MB)',
      kind: 'integer',
      min: 10,
      max: 10000,
      defaultValue: 100,
      group: 'CE Tracker',
    },
    {
      name: 'trackerStorageFiles',
      label: 'CE Tracker: files per member',
      kind: 'integer',
      min: 1,
      max: 1000,
      defaultValue: 50,
      group: 'CE Tracker',
    },
    {
      name: 'securityContact',
      label: 'Security contact (security.txt)',
      kind: 'email',
      group: 'Site',
      hint: 'Where reports of security problems go; /.well-known/security.txt names it (the support e-mail when empty).',
    },
    {
      name: 'providerName',
      label: 'Provider name',
      kind: 'text',
      required: true,
      group: 'Provider and accreditation',
    },
    {
      name: 'providerContact',
      label: 'Provider contact',
      kind: 'textarea',
      max: 1000,
      group: 'Provider and accreditation',
    },
    {
      name: 'agdPaceProviderId',
      label: 'AGD PACE provider id',
      kind: 'text',
      max: 40,
      group: 'Provider and accreditation',
    },
    {
      name: 'agdApprovalStart',
      label: 'AGD PACE approval start',
      kind: 'date',
      group: 'Provider and accreditation',
    },
    {
      name: 'agdApprovalEnd',
      label: 'AGD PACE approval end',
      kind: 'date',
      group: 'Provider and accreditation',
      hint: 'The console warns once this date has passed; certificates are not issued after it.',
    },
    {
      name: 'agdApprovalStatement',
      label: 'AGD PACE approval statement',
      kind: 'textarea',
      max: 3000,
      group: 'Provider and accreditation',
    },
    {
      name: 'adaCerpStatement',
      label: 'ADA CERP statement',
      kind: 'textarea',
      max: 3000,
      group: 'Provider and accreditation',
    },
    {
      name: 'ukCpdStatement',
      label: 'UK CPD statement',
      kind: 'textarea',
      max: 3000,
      group: 'Provider and accreditation',
    },
    {
      name: 'signatoryName',
      label: Texts.CERT_SIGNATORY_NAME_LABEL,
      kind: 'text',
      max: 120,
      group: 'Certificate signature',
      hint: 'Printed under the signature line of every certificate and shown on the verification page.',
    },
    {
      name: 'signatoryTitle',
      label: Texts.CERT_SIGNATORY_TITLE_LABEL,
      kind: 'text',
      max: 120,
      group: 'Certificate signature',
    },
    {
      name: 'signatureImage',
      label: Texts.CERT_SIGNATURE_LABEL,
      kind: 'media',
      upload: 'signature',
      group: 'Certificate signature',
      hint: Texts.CERT_SIGNATURE_HINT,
    },
    {
      name: 'ceuStates',
      label: 'States whose boards count CEUs',
      kind: 'text',
      max: 200,
      group: 'Provider and accreditation',
      hint: 'Two-letter codes, e.g. "MA, NH". Certificates for these licences add CEUs (1 CEU = 10 CE credit hours).',
    },
    {
      name: 'claimWindowDays',
      label: 'In-person events: days to claim after the start',
      kind: 'integer',
      min: 1,
      max: MAX_CLAIM_WINDOW_DAYS,
      defaultValue: DEFAULT_CLAIM_WINDOW_DAYS,
      group: 'In-person events',
      hint: 'Attendees claim CE from the event’s start until this many days after it.',
    },
  ],
  rules: [
    {
      field: 'meetingUrlTemplate',
      message: 'The meeting URL template starts with https:// and holds {code}.',
      test: hasCodePlaceholder,
    },
    {
      field: 'agdApprovalEnd',
      message: 'The approval must end after it starts.',
      test: (v) =>
        !v.agdApprovalStart || !v.agdApprovalEnd || String(v.agdApprovalEnd) > String(v.agdApprovalStart),
    },
    // Settings a certificate could not be issued with stop the save (decision 1004); today in UTC,
    // as the console's expiry warning counts it.
    ...PROVIDER_CHECKS.map((check) => ({
      field: check.field,
      message: check.message,
      test: (v: Record<string, unknown>) => check.isOk(v, new Date().toISOString().slice(0, 10)),
    })),
  ],
};

/** Featured content: one pick per slot, each with an optional teaser text. */
export const FEATURED_FORM: TAdminForm = {
  fields: [
    { name: 'classId', label: 'Featured class', kind: 'ref', ref: 'classes', group: 'Class (slot 36)' },
    { name: 'classBlurb', label: 'Class teaser', kind: 'textarea', max: 1000, group: 'Class (slot 36)' },
    {
      name: 'podcastId',
      label: 'Featured podcast episode',
      kind: 'ref',
      ref: 'podcasts',
      group: 'Podcast (slot 37)',
    },
    {
      name: 'podcastBlurb',
      label: 'Podcast teaser',
      kind: 'textarea',
      max: 1000,
      group: 'Podcast (slot 37)',
    },
    {
      name: 'blogPostId',
      label: 'Featured blog post',
      kind: 'ref',
      ref: 'blog-posts',
      group: 'Blog post (slot 38)',
    },
    { name: 'blogBlurb', label: 'Blog teaser', kind: 'textarea', max: 1000, group: 'Blog post (slot 38)' },
  ],
};

/** The recording of a live class that has ended (03 §4): a YouTube link or an uploaded video. */
export const RECORDING_FORM: TAdminForm = {
  fields: [
    { name: 'youtubeUrl', label: 'YouTube URL', kind: 'url' },
    { name: 'videoUrl', label: 'Video file', kind: 'media', upload: 'video' },
  ],
  rules: [
    {
      field: 'youtubeUrl',
      message: 'Give the YouTube URL or upload the video.',
      test: (v) => Boolean(v.youtubeUrl) || Boolean(v.videoUrl),
    },
  ],
};

/** The ten evaluation ratings (02 §3) as staff reports label them. */
export const EVALUATION_QUESTIONS = [
  { question: 'courseObjectives', label: 'The course met its stated objectives' },
  { question: 'courseUseful', label: 'The content is useful in my practice' },
  { question: 'courseAppropriate', label: 'The content was appropriate to the stated level' },
  { question: 'courseLogical', label: 'The content was presented logically' },
  { question: 'instructorCommunication', label: 'The instructor communicated clearly' },
  { question: 'instructorPreparedness', label: 'The instructor was well prepared' },
  { question: 'instructorEffectiveness', label: 'The instructor was effective overall' },
  { question: 'sitePresentation', label: 'The site presented the course well' },
  { question: 'siteNavigation', label: 'The site was easy to navigate' },
  { question: 'siteComparison', label: 'Compared with other online CE sites' },
] as const;
