/*
 * Reference data every install needs, demo or not: the account-items lists of the profile
 * forms (01 §3), the default site settings (03 §10) and the default text blocks (03 §4).
 * Staff edit all of it later; these are sensible starting values for a US dental audience.
 */

export type TAccountItem = { value: string; label: string };

/** The account-items lists, by the names the API returns them under (01 §3). */
export type TAccountListName =
  'jobTitles' | 'titles' | 'states' | 'countries' | 'ageRanges' | 'officeSizes' | 'sourceHeard';

/** Lists whose value is the label itself. */
const same = (labels: readonly string[]): TAccountItem[] => labels.map((label) => ({ value: label, label }));

const US_STATES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

// ISO 3166-1 alpha-2 values; the US first because nearly every member is there (01 §3 default).
const COUNTRIES: readonly (readonly [string, string])[] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['MX', 'Mexico'],
  ['GB', 'United Kingdom'],
  ['IE', 'Ireland'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['IN', 'India'],
  ['PH', 'Philippines'],
  ['PR', 'Puerto Rico'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['IT', 'Italy'],
  ['ES', 'Spain'],
  ['BR', 'Brazil'],
  ['AE', 'United Arab Emirates'],
  ['SA', 'Saudi Arabia'],
  ['ZA', 'South Africa'],
  ['OTHER', 'Other'],
];

const pairs = (rows: readonly (readonly [string, string])[]): TAccountItem[] =>
  rows.map(([value, label]) => ({ value, label }));

export const ACCOUNT_ITEMS: Record<TAccountListName, TAccountItem[]> = {
  jobTitles: same([
    'Dentist',
    'Dental Specialist',
    'Dental Hygienist',
    'Dental Assistant',
    'Office Manager',
    'Front Office / Treatment Coordinator',
    'Lab Technician',
    'Educator',
    'Student',
    'Other',
  ]),
  titles: same(['Dr.', 'Mr.', 'Mrs.', 'Ms.', 'Miss']),
  states: pairs(US_STATES),
  countries: pairs(COUNTRIES),
  ageRanges: same(['Under 25', '25-34', '35-44', '45-54', '55-64', '65 or older']),
  officeSizes: [
    { value: '1', label: 'Solo practice (1 dentist)' },
    { value: '2-3', label: '2-3 dentists' },
    { value: '4-9', label: '4-9 dentists' },
    { value: '10+', label: '10 or more dentists (group / DSO)' },
    { value: 'school', label: 'Dental school or hospital' },
    { value: 'none', label: 'Not currently in practice' },
  ],
  sourceHeard: same([
    'Colleague or friend',
    'E-mail newsletter',
    'Search engine',
    'Social media',
    'Dental meeting or trade show',
    'Sales representative',
    'Dental school',
    'Other',
  ]),
};

/**
 * Default settings (key → text value). Provider and accreditation values are placeholders:
 * staff must replace them with their own approval details before issuing real certificates.
 */
export const DEFAULT_SETTINGS = {
  brand: 'OpenCE',
  providerName: 'OpenCE Continuing Dental Education',
  providerContact:
    'OpenCE Continuing Dental Education, 100 Example Street, Suite 200, New York, NY 10001 · support@example.com',
  agdPaceProviderId: '000000',
  agdApprovalStart: '2022-11-01',
  agdApprovalEnd: '2025-10-31',
  agdApprovalStatement:
    'OpenCE Continuing Dental Education is nationally approved by the Academy of General Dentistry as a PACE Program Provider (FAGD/MAGD credit). Approval does not imply acceptance by any regulatory authority or AGD endorsement. Replace this text with the statement your approval letter gives.',
  adaCerpStatement:
    'ADA CERP is a service of the American Dental Association to assist dental professionals in identifying quality providers of continuing dental education. Replace this text with your recognition statement, or leave it empty when the provider is not ADA CERP recognized.',
  ukCpdStatement:
    'This activity may count toward verifiable CPD for UK dental professionals. Replace this text with your own wording, or leave it empty.',
  // The signature line (issue 35, decision 1043): certificates wait for staff to name the signatory.
  signatoryName: 'Replace this text with the name of the person who signs certificates',
  signatoryTitle: 'Replace this text with their title',
  signatureImage: '',
  ceuStates: '',
  claimWindowDays: '30',
  learningPlatformUrl: 'https://learn.example.com',
  meetingUrlTemplate: 'https://zoom.us/j/{code}',
  desktopSiteUrl: 'https://www.example.com',
  supportEmail: 'support@example.com',
  socialLinks: JSON.stringify([
    { label: 'Facebook', url: 'https://www.facebook.com/example' },
    { label: 'Instagram', url: 'https://www.instagram.com/example' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/company/example' },
    { label: 'YouTube', url: 'https://www.youtube.com/@example' },
  ]),
  mobileAdIndexStart: '2',
  mobileAdInterval: '5',
  homeUpcomingCount: '3',
  homeNewestCount: '4',
} as const satisfies Record<string, string>;

export type TSettingKey = keyof typeof DEFAULT_SETTINGS;

const TERMS_HTML = [
  '<h2>1. Acceptance of these terms</h2>',
  '<p>By creating an account or using this site you agree to these Terms of Use. If you do not agree, please do not use the site. We may update these terms from time to time; the date of the latest change is shown on this page, and continued use after a change means you accept it.</p>',
  '<h2>2. Your account</h2>',
  '<p>You are responsible for the accuracy of the information in your profile, including your name, license and AGD number, because it appears on your certificates. Keep your password private and tell us at once if you believe someone else has used your account.</p>',
  '<h2>3. Continuing education credit</h2>',
  '<p>Credit is awarded only after you view the course, complete the evaluation and pass the exam. Each participant must judge whether a course meets the requirements of their licensing board; acceptance of credit is decided by the board, not by us.</p>',
  '<ul><li>Home-study members may submit up to 10 exams per calendar day.</li><li>Live credit requires attending the live session and confirming attendance.</li><li>Certificates are issued in the name on your account.</li></ul>',
  '<h2>4. Commercial support</h2>',
  '<p>Many courses are supported by educational grants from companies in the dental industry. Commercial supporters have no control over course content. Sponsor messages, surveys and offers are always kept separate from the educational material and are optional.</p>',
  '<h2>5. Content and acceptable use</h2>',
  '<p>Course material is provided for your personal education. You may not copy, redistribute or resell it, record live sessions, or use automated tools to access the site.</p>',
  '<h2>6. Disclaimer</h2>',
  '<p>Course content is educational and does not replace professional judgement. The site is provided as is, without warranties of any kind, to the extent permitted by law.</p>',
  '<h2>7. Contact</h2>',
  '<p>Questions about these terms can be sent to support@example.com.</p>',
].join('\n');

const PRIVACY_TEXT = [
  'Privacy Policy',
  '',
  'We collect the information you give us when you register (name, contact details, profession, license and AGD numbers) and the record of your learning (courses viewed, evaluations, exam results and certificates). We use it to run your account, issue certificates, report credit to the Academy of General Dentistry when you give an AGD number, and answer your support requests.',
  '',
  'Sponsors: when you answer yes to a sponsor offer, request an eBook or submit your e-mail in a sponsor banner, we share the details needed to fulfil that request with that sponsor only. We never sell your data.',
  '',
  'Cookies: we use a small number of cookies and local storage entries to keep you signed in and to remember that you have seen the cookie notice.',
  '',
  'Your rights: you can download all your data from your account page at any time, and you can ask us to erase your personal data from the GDPR page. Anonymous totals (for example, how many people completed a course) are kept.',
  '',
  'Retention: certificates and completion records are kept for as long as your account exists, because licensing boards may ask you to prove credit years later.',
  '',
  'Contact: privacy questions can be sent to support@example.com.',
].join('\n');

/** Default text blocks by code (03 §4). terms is HTML; privacy is plain text with line breaks. */
export const DEFAULT_BLURBS: Record<string, string> = {
  cookie_message:
    'We use cookies to keep you signed in and to improve the site. By continuing to browse you agree to our use of cookies.',
  terms: TERMS_HTML,
  privacy: PRIVACY_TEXT,
  agd_reminder:
    'Add your AGD number to your profile so that the credits you earn here are reported to the Academy of General Dentistry automatically each week.',
};
