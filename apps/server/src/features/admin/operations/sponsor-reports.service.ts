import type { Kysely } from 'kysely';
import { createHash } from 'node:crypto';
import { SponsorAnswer } from '@opence/shared';
import type { TSponsorReport } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { notFound } from '../../../lib/api-errors.ts';
import { toCsv, type TCsvCell } from '../../../lib/csv.ts';
import * as repo from './operations.repo.ts';

/*
 * Sponsor reports as CSV, one sponsor at a time (03 §6, §8, §10): sponsor-video answers,
 * survey answers and leads (mobile ad e-mails, eBook requests, privacy opt-ins). Contact
 * details go to a sponsor only where the member said yes to that sponsor; survey answers are
 * anonymous (docs/decisions/0705). Erased members are left out.
 */

type TContact = {
  username: string | null;
  title: string | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  office_name: string | null;
  job_title: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

const CONTACT_HEADER = ['Name', 'E-mail', 'Office', 'Position', 'Phone', 'City', 'State', 'Zip'];

function contactCells(m: TContact | null, email?: string | null): TCsvCell[] {
  if (!m) return ['', email ?? '', '', '', '', '', '', ''];
  const name = [m.title, m.firstname, m.lastname].filter(Boolean).join(' ');
  return [name, email ?? m.email, m.office_name, m.job_title, m.phone, m.city, m.state, m.zip];
}

/** A stable pseudonym per respondent and survey, so answers group by person without naming them. */
const respondent = (surveyId: string, who: string | null) =>
  who ? createHash('sha256').update(`${surveyId}:${who}`).digest('hex').slice(0, 10) : '';

function parseHashes(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function createSponsorReports(deps: { db: Kysely<DB> }) {
  const { db } = deps;

  const builders: Record<TSponsorReport, (companyId: string) => Promise<string>> = {
    async 'sponsor-video-answers'(companyId) {
      const rows = await repo.selectSponsorVideoAnswers(db, companyId);
      return toCsv(
        ['Date (UTC)', 'Sponsor video', 'Class', 'Answer', ...CONTACT_HEADER],
        rows
          .filter((r) => !r.erased_at)
          .map((r) => {
            const isYes = r.answer === SponsorAnswer.YES;
            return [
              r.created_at,
              r.headline,
              r.class_title,
              isYes ? 'Yes' : 'No',
              ...(isYes ? contactCells(r) : contactCells(null)),
            ];
          }),
      );
    },
    async 'survey-answers'(companyId) {
      const [rows, choices] = await Promise.all([
        repo.selectSurveyAnswers(db, companyId),
        repo.selectSurveyChoiceLabels(db, companyId),
      ]);
      const labels = new Map(choices.map((c) => [c.hash, c.label]));
      return toCsv(
        ['Date (UTC)', 'Survey', 'Question', 'Answer', 'Class', 'Respondent'],
        rows.map((r) => [
          r.created_at,
          r.survey_title,
          r.question,
          parseHashes(r.choice_hashes)
            .map((h) => labels.get(h) ?? h)
            .join('; '),
          r.class_title,
          respondent(r.survey_id, r.member_id ?? r.session_hash),
        ]),
      );
    },
    async leads(companyId) {
      const { adLeads, ebooks, optins } = await repo.selectLeads(db, companyId);
      const rows = [
        ...adLeads.map((r) => ({ source: 'Mobile ad', r, email: r.lead_email })),
        ...ebooks.map((r) => ({ source: 'eBook', r, email: null })),
        ...optins.map((r) => ({ source: 'Privacy opt-in', r, email: null })),
      ]
        .filter(({ r }) => !r.erased_at)
        .sort((a, b) => a.r.created_at.localeCompare(b.r.created_at));
      return toCsv(
        ['Date (UTC)', 'Source', 'Item', ...CONTACT_HEADER],
        rows.map(({ source, r, email }) => [
          r.created_at,
          source,
          r.item,
          ...contactCells(r.username ? r : null, email),
        ]),
      );
    },
  };

  return {
    /** Every company, with how many rows each report holds. */
    async sponsors() {
      const [companies, counts] = await Promise.all([repo.selectCompanies(db), repo.selectSponsorCounts(db)]);
      const sum = (rows: { company_id: string | null; n: number | string }[], id: string) =>
        rows.filter((r) => r.company_id === id).reduce((total, r) => total + Number(r.n), 0);
      return {
        status: true,
        data: companies.map((c) => ({
          id: c.id,
          name: c.name,
          sponsorVideoAnswers: sum(counts.videos, c.id),
          surveyAnswers: sum(counts.surveys, c.id),
          leads: sum(counts.leads, c.id),
        })),
      };
    },

    async report(companyId: string, report: TSponsorReport) {
      const company = await repo.selectCompany(db, companyId);
      if (!company) throw notFound('This company no longer exists.');
      return { fileName: `${company.name}-${report}.csv`, csv: await builders[report](companyId) };
    },
  };
}

export type TSponsorReports = ReturnType<typeof createSponsorReports>;
