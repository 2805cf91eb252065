import { escapeHtml } from '../lib/html.ts';
import type { TOutgoingMail } from '../lib/mail/outbox.ts';

/*
 * Mail templates: every mail has an HTML and a plain-text body built from the same parts, and
 * carries the brand from the settings. Text is escaped; links are absolute URLs we made.
 */

export type TMailContent = Pick<TOutgoingMail, 'subject' | 'text' | 'html'>;

export type TMailTable = { headers: string[]; rows: string[][]; footer?: string[] };

export type TMailParts = {
  brand: string;
  subject: string;
  greeting?: string;
  /** Paragraphs before the action button. */
  intro: string[];
  action?: { label: string; url: string };
  table?: TMailTable;
  /** Paragraphs after the action (expiry, "ignore this mail if…"). */
  outro?: string[];
};

function textTable(table: TMailTable): string {
  const all = [table.headers, ...table.rows, ...(table.footer ? [table.footer] : [])];
  const widths = table.headers.map((_, c) => Math.max(...all.map((r) => (r[c] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join('  ')
      .trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');
  return [
    line(table.headers),
    rule,
    ...table.rows.map(line),
    ...(table.footer ? [rule, line(table.footer)] : []),
  ].join('\n');
}

function htmlTable(table: TMailTable): string {
  const cell = (tag: 'th' | 'td', text: string) =>
    `<${tag} style="text-align:left;padding:6px 8px;border-bottom:1px solid #d5dce5">${escapeHtml(text)}</${tag}>`;
  return [
    '<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px;margin:16px 0">',
    `<thead><tr>${table.headers.map((h) => cell('th', h)).join('')}</tr></thead>`,
    `<tbody>${table.rows.map((r) => `<tr>${r.map((c) => cell('td', c)).join('')}</tr>`).join('')}</tbody>`,
    table.footer ? `<tfoot><tr>${table.footer.map((c) => cell('th', c)).join('')}</tr></tfoot>` : '',
    '</table>',
  ].join('');
}

/** The one layout every mail uses. */
export function renderMail(parts: TMailParts): TMailContent {
  const text = [
    ...(parts.greeting ? [parts.greeting, ''] : []),
    ...parts.intro.flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.table ? [textTable(parts.table), ''] : []),
    ...(parts.outro ?? []).flatMap((p) => [p, '']),
    `— ${parts.brand}`,
  ].join('\n');

  const p = (t: string) => `<p style="margin:0 0 14px">${escapeHtml(t)}</p>`;
  const html = [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(parts.subject)}</title></head>`,
    '<body style="margin:0;background:#f4f6f9;font-family:system-ui,Segoe UI,Arial,sans-serif;color:#1a2230">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px">',
    `<div style="background:#0b5394;color:#fff;padding:14px 20px;border-radius:10px 10px 0 0;font-weight:700;font-size:18px">${escapeHtml(parts.brand)}</div>`,
    '<div style="background:#fff;padding:20px;border:1px solid #d5dce5;border-top:0;border-radius:0 0 10px 10px">',
    parts.greeting ? p(parts.greeting) : '',
    ...parts.intro.map(p),
    parts.action
      ? `<p style="margin:20px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#0b5394;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(parts.action.label)}</a></p>` +
        `<p style="margin:0 0 14px;font-size:13px;color:#526071">Or open this address: <a href="${escapeHtml(parts.action.url)}">${escapeHtml(parts.action.url)}</a></p>`
      : '',
    parts.table ? htmlTable(parts.table) : '',
    ...(parts.outro ?? []).map(p),
    '</div>',
    `<p style="font-size:12px;color:#526071;text-align:center;margin-top:16px">${escapeHtml(parts.brand)}</p>`,
    '</div></body></html>',
  ].join('');
  return { subject: parts.subject, text, html };
}

const hello = (name: string) => (name ? `Hello ${name},` : 'Hello,');

/** Recover (03 §3): the single-use reset link, valid for ttlMinutes. */
export function resetPasswordMail(p: {
  brand: string;
  name: string;
  username: string;
  url: string;
  ttlMinutes: number;
}): TMailContent {
  return renderMail({
    brand: p.brand,
    subject: `${p.brand}: reset your password`,
    greeting: hello(p.name),
    intro: [
      `Someone (we hope you) asked to reset the password of your ${p.brand} account.`,
      `Your username is: ${p.username}`,
      'Choose a new password with the button below.',
    ],
    action: { label: 'Reset password', url: p.url },
    outro: [
      `The link works once and expires in ${p.ttlMinutes} minutes.`,
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  });
}

/** GDPR remove consent (03 §3): the link that confirms the erasure. */
export function gdprConfirmMail(p: {
  brand: string;
  name: string;
  url: string;
  ttlHours: number;
}): TMailContent {
  return renderMail({
    brand: p.brand,
    subject: `${p.brand}: confirm the removal of your personal data`,
    greeting: hello(p.name),
    intro: [
      `We received a request to remove your consent and erase your personal data from ${p.brand}.`,
      'Confirm it with the button below. Your name, contact details and profile will be erased, you will be logged out everywhere, and you will not be able to log in again. Anonymous totals (such as how many people completed a course) are kept.',
    ],
    action: { label: 'Confirm erasure', url: p.url },
    outro: [
      `The link expires in ${p.ttlHours} hours.`,
      'If you did not ask for this, ignore this mail: nothing changes.',
    ],
  });
}

type TAddressLink = { brand: string; name: string; url: string; ttlHours: number };

/** What each confirmed address is for: the account's new e-mail (0921) or a home e-mail (0931). */
const ADDRESS_KINDS = {
  new: {
    title: 'new e-mail',
    use: 'your account then uses it for sign-in and mail.',
  },
  home: {
    title: 'home e-mail',
    use: 'a live webinar you join from this address then counts as attended.',
  },
} as const;

/** The link, sent to an address, that confirms it is the member's. */
function addressConfirmMail(kind: keyof typeof ADDRESS_KINDS, p: TAddressLink): TMailContent {
  const { title, use } = ADDRESS_KINDS[kind];
  return renderMail({
    brand: p.brand,
    subject: `${p.brand}: confirm your ${title} address`,
    greeting: hello(p.name),
    intro: [
      `This address was given as the ${title} of your ${p.brand} account.`,
      `Confirm it with the button below: ${use}`,
    ],
    action: { label: `Confirm ${title}`, url: p.url },
    outro: [
      `The link expires in ${p.ttlHours} hours.`,
      'If you did not ask for this, ignore this mail: nothing changes.',
    ],
  });
}

/** A change of e-mail (docs/decisions/0921): the link, sent to the new address, that confirms it. */
export const emailChangeConfirmMail = (p: TAddressLink) => addressConfirmMail('new', p);

/** The link that confirms a member's home e-mail (docs/decisions/0931): then it may verify attendance. */
export const homeEmailConfirmMail = (p: TAddressLink) => addressConfirmMail('home', p);

/** A change of e-mail (0921), announced to the address the account has now. */
export function emailChangeNoticeMail(p: { brand: string; name: string; newEmail: string }): TMailContent {
  return renderMail({
    brand: p.brand,
    subject: `${p.brand}: a change of your e-mail address was asked for`,
    greeting: hello(p.name),
    intro: [
      `Someone signed in to your ${p.brand} account asked to change its e-mail to ${p.newEmail}.`,
      'The change happens only when the link sent to that address is opened.',
    ],
    outro: [
      'If this was not you, change your password now and sign out of other devices: your account stays on this address until the link is opened.',
    ],
  });
}

/** A mail whose action signs the member in (exam available, seat promoted, certificate). */
export function loginLinkMail(p: {
  brand: string;
  name: string;
  subject: string;
  intro: string[];
  actionLabel: string;
  url: string;
  outro?: string[];
}): TMailContent {
  return renderMail({
    brand: p.brand,
    subject: p.subject,
    greeting: hello(p.name),
    intro: p.intro,
    action: { label: p.actionLabel, url: p.url },
    outro: [...(p.outro ?? []), 'The button logs you in; do not forward this mail.'],
  });
}

/** The CE report: every completion and the totals by CE type (01 §2 Account, 03 §7). */
export type TCeReport = {
  memberName: string;
  agdNumber: string | null;
  /** The zone the dates are given in. */
  timeZone: string;
  generatedAt: Date;
  rows: { date: string; title: string; credits: number; typeLabel: string; certificateNumber: string }[];
  totals: { selfStudy: number; live: number; total: number };
};

const credits = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));

export function ceReportMail(p: { brand: string; report: TCeReport }): TMailContent {
  const r = p.report;
  return renderMail({
    brand: p.brand,
    subject: `${p.brand}: your CE report`,
    greeting: hello(r.memberName),
    intro: [
      r.rows.length
        ? `Here is the record of the continuing education you completed with ${p.brand}${r.agdNumber ? ` (AGD number ${r.agdNumber})` : ''}.`
        : `You have not completed any CE with ${p.brand} yet.`,
      `Dates are given in the ${r.timeZone} time zone.`,
    ],
    table: {
      headers: ['Date', 'Course', 'CE credit hours', 'Type', 'Certificate'],
      rows: r.rows.map((row) => [
        row.date,
        row.title,
        credits(row.credits),
        row.typeLabel,
        row.certificateNumber,
      ]),
      footer: ['', 'Total', credits(r.totals.total), '', ''],
    },
    outro: [
      `Self-Study: ${credits(r.totals.selfStudy)} CE credit hours. Live, Interactive: ${credits(r.totals.live)} CE credit hours. Total: ${credits(r.totals.total)} CE credit hours.`,
    ],
  });
}
