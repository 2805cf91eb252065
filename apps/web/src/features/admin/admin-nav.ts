import type { TAdminEntityKey } from '@opence/shared/schemas';

/** The console's navigation: sections of links, entities by their key. */
export type TNavLink = { to: string; label: string };

const entity = (key: TAdminEntityKey, label: string): TNavLink => ({ to: `/admin/${key}`, label });

export const ADMIN_NAV: { title: string; links: TNavLink[] }[] = [
  { title: 'Overview', links: [{ to: '/admin', label: 'Dashboard' }] },
  {
    title: 'Content',
    links: [
      entity('classes', 'Classes'),
      entity('podcast-shows', 'Podcast shows'),
      entity('podcasts', 'Podcast episodes'),
      entity('blog-posts', 'Blog posts'),
      entity('drilldowns', 'Drill-downs'),
      entity('ebooks', 'eBooks'),
      { to: '/admin/featured', label: 'Featured content' },
      entity('ads', 'Ads'),
      entity('blurbs', 'Text blocks'),
      { to: '/admin/media-text', label: 'Captions & transcripts' },
      { to: '/admin/search-synonyms', label: 'Search synonyms' },
    ],
  },
  {
    title: 'People and sponsors',
    links: [
      entity('speakers', 'Speakers'),
      entity('companies', 'Companies'),
      entity('sponsor-videos', 'Sponsor videos'),
      entity('surveys', 'Surveys'),
      entity('categories', 'Categories'),
    ],
  },
  {
    title: 'Operations',
    links: [
      { to: '/admin/members', label: 'Members' },
      { to: '/admin/events', label: 'In-person events' },
      { to: '/admin/sponsors', label: 'Sponsor reports' },
      { to: '/admin/agd', label: 'AGD submissions' },
      { to: '/admin/outbox', label: 'Mail outbox' },
      { to: '/admin/audit', label: 'Audit log' },
      { to: '/admin/tracker-rules', label: 'CE requirement rules' },
      { to: '/admin/credentials', label: 'Certificates and credentials' },
    ],
  },
  { title: 'Site', links: [{ to: '/admin/settings', label: 'Settings' }] },
];
