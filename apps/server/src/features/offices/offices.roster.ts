import { officeText, OfficeTexts as T } from '@opence/shared';
import type { TOfficeBoardLicence, TOfficeBoardPerson } from '@opence/shared/schemas';
import type { TSessionMember } from '../../domain/sessions.ts';
import { csvHeaders, toCsv } from '../../lib/csv.ts';
import { PDF_COLORS, PdfWriter, type TPdfColumn } from '../../lib/pdf.ts';
import type { TOfficesService } from './offices.service.ts';
import type { TOrganisationsService } from './organisations.service.ts';

/*
 * The office's roster (issue 43): the manager's board as one file, CSV (lib/csv.ts, on
 * csv-stringify) or PDF (lib/pdf.ts), with exactly what the board shows and nothing more. An
 * organisation's roster is its board (every office, or one) with the office named on each line.
 */

const STATUS: Record<string, string> = {
  on_track: T.STATUS_ON_TRACK,
  at_risk: T.STATUS_AT_RISK,
  overdue: T.STATUS_OVERDUE,
};
const HEADER = [
  'Person',
  'Role',
  'License type',
  'State',
  'Deadline',
  'Days left',
  'Still needed',
  'Status',
  'Open assignments',
];
const COLUMNS: readonly TPdfColumn[] = [
  { title: 'Person', x: 0, width: 96 },
  { title: 'License', x: 100, width: 86 },
  { title: 'Deadline', x: 190, width: 62 },
  { title: 'Still needed', x: 256, width: 130 },
  { title: 'Status', x: 390, width: 52 },
  { title: 'Assignments', x: 446, width: 86 },
];

const licenceType = (type: string) => type.replace(/_/g, ' ');
const needed = (l: TOfficeBoardLicence) =>
  l.needs === null
    ? T.NOT_SHARED
    : l.needs.length === 0
      ? T.NOTHING_NEEDED
      : l.needs
          .map((n) =>
            n.hours === null ? n.label : officeText(T.HOURS_NEEDED, { hours: n.hours, label: n.label }),
          )
          .join('; ');
const statusOf = (l: TOfficeBoardLicence) => (l.status ? STATUS[l.status]! : T.NOT_SHARED);

type TLine = { person: string; role: string; licence: TOfficeBoardLicence | null; assignments: string };
type TRosterPerson = TOfficeBoardPerson & { officeName?: string };
/** What a roster is made of: its title, the line under it, and the board's people. */
type TRosterSource = { title: string; address: string | null; people: TRosterPerson[] };

/** One line per person and licence; a person who shares no licence gets one line saying so. */
function linesOf(board: TRosterSource): (TLine & { office: string })[] {
  return board.people.flatMap((p) => {
    const assignments = p.assignments
      .filter((a) => a.status !== 'done')
      .map((a) => `${a.title} (due ${a.dueOn}${a.status === 'overdue' ? ', overdue' : ''})`)
      .join('; ');
    const role = p.role === 'manager' ? T.ROLE_MANAGER : T.ROLE_MEMBER;
    const licences = p.licences.length ? p.licences : [null];
    return licences.map((licence) => ({
      person: p.name,
      role,
      licence,
      assignments,
      office: p.officeName ?? '',
    }));
  });
}

function csvOf(board: TRosterSource, withOffice: boolean): string {
  return toCsv(
    withOffice ? ['Office', ...HEADER] : HEADER,
    linesOf(board).map(({ office, person, role, licence: l, assignments }) => [
      ...(withOffice ? [office] : []),
      person,
      role,
      l ? licenceType(l.licenceType) : T.NOT_SHARED,
      l?.state ?? '',
      l?.periodEnd ?? '',
      l ? l.daysLeft : '',
      l ? needed(l) : '',
      l ? statusOf(l) : '',
      assignments,
    ]),
  );
}

async function pdfOf(board: TRosterSource, generatedOn: string): Promise<Uint8Array> {
  const pdf = new PdfWriter({ title: board.title, subject: board.address ?? board.title });
  const { root } = pdf;
  pdf.text(root, 'H1', board.title, { size: 18, bold: true, color: PDF_COLORS.accent, gap: 6 });
  if (board.address) pdf.fact(root, 'Address', board.address);
  pdf.fact(root, 'Made on', generatedOn);
  pdf.table(
    root,
    COLUMNS,
    linesOf(board).map(({ office, person, role, licence: l, assignments }) => [
      [person, role, office].filter(Boolean).join('\n'),
      l ? `${l.state} ${licenceType(l.licenceType)}` : T.NOT_SHARED,
      l ? `${l.periodEnd}\n${officeText(T.DAYS_LEFT, { days: l.daysLeft })}` : '',
      l ? needed(l) : '',
      l ? statusOf(l) : '',
      assignments || '—',
    ]),
    { size: 8.5, rowGap: 5 },
  );
  return pdf.finish();
}

export function createOfficeRoster(
  offices: TOfficesService,
  organisations: TOrganisationsService,
  now: () => Date = () => new Date(),
) {
  async function fileOf(name: string, source: TRosterSource, format: 'csv' | 'pdf', withOffice: boolean) {
    const day = now().toISOString().slice(0, 10);
    const base = `roster-${name}-${day}`;
    if (format === 'csv') return { headers: csvHeaders(`${base}.csv`), body: csvOf(source, withOffice) };
    // The download headers of a CSV (safe name, never cached), typed as a PDF.
    return {
      headers: Object.assign(csvHeaders(`${base}.pdf`), { 'content-type': 'application/pdf' }),
      body: Buffer.from(await pdfOf(source, day)),
    };
  }
  return {
    async file(member: TSessionMember, officeId: string, format: 'csv' | 'pdf') {
      const { office, people } = await offices.board(member, { id: officeId });
      const title = officeText(T.ROSTER_TITLE, { office: office.name });
      return fileOf(
        office.name,
        { title, address: `${office.address}, ${office.state}`, people },
        format,
        false,
      );
    },

    async organisationFile(
      member: TSessionMember,
      query: { id: string; officeId?: string | undefined },
      format: 'csv' | 'pdf',
    ) {
      const { organisation, people } = await organisations.board(member, query);
      const title = officeText(T.ORG_ROSTER_TITLE, { organisation: organisation.name });
      return fileOf(organisation.name, { title, address: null, people }, format, true);
    },
  };
}

export type TOfficeRoster = ReturnType<typeof createOfficeRoster>;
