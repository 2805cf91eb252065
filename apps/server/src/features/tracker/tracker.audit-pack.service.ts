import { deliveryWording, EXTERNAL_DELIVERY_WORDING } from '@opence/shared';
import type { TTrackerStanding } from '@opence/shared/schemas';
import type { TSessionMember } from '../../domain/sessions.ts';
import { keptWebinarEvidence } from '../../domain/webinar-evidence.ts';
import { VC_V2_CONTEXT } from '../../lib/credentials/contexts.ts';
import { zipStream, type TZipEntry } from '../../lib/zip.ts';
import type { TCreditEvidence } from './audit-pack.pdf.ts';
import { renderAuditPackOffThread } from './audit-pack.render.ts';
import type { TTrackerContext } from './tracker.context.ts';
import { PACK_PACE } from './tracker.packs.ts';
import * as certificatesRepo from './tracker.certificates.repo.ts';
import * as standingRepo from './tracker.standing.repo.ts';
import type { TTrackerStandings } from './tracker.standing.service.ts';

/* The audit pack of one licence and its period: the PDF transcript, or a ZIP with every certificate. */

/** A course title as a file name in the audit pack: letters, digits, spaces and dashes. */
const fileTitle = (title: string) =>
  title
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'certificate';
const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

export function createTrackerAuditPacks(
  ctx: TTrackerContext,
  standings: Pick<TTrackerStandings, 'standing'>,
) {
  const { deps, db, files, today } = ctx;

  return {
    /** The audit pack's PDF transcript for one licence and its period. */
    async auditPack(member: TSessionMember, id: string) {
      const standing = await standings.standing(member, id);
      return {
        bytes: Buffer.from(await transcript(member, standing)),
        fileName: `${packName(standing)}.pdf`,
      };
    },

    /**
     * The audit pack as a ZIP: the transcript, then the certificate of every course in the
     * period: the site's own PDFs and the member's uploaded files. Written while it is sent.
     */
    async auditPackZip(member: TSessionMember, id: string) {
      const standing = await standings.standing(member, id);
      const bytes = await transcript(member, standing);
      const uploads = new Map(
        (await certificatesRepo.selectCertificates(db, member.id)).map((r) => [r.id, r]),
      );
      const inPeriod = standing.credits
        .filter((c) => !c.reasons.includes('outside_period'))
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const name = packName(standing);
      const credential = deps.signCredential
        ? await deps.signCredential(transcriptCredential(member, standing, inPeriod))
        : null;
      async function* entries(): AsyncGenerator<TZipEntry> {
        yield { name: `${name}.pdf`, bytes, compress: true };
        if (credential) {
          const json = Buffer.from(JSON.stringify(credential, null, 2));
          yield { name: `${name}.credential.json`, bytes: json, compress: true };
        }
        for (const credit of inPeriod) {
          const label = `${credit.date} ${fileTitle(credit.title)}`;
          if (credit.source === 'site') {
            const pdf = await deps.siteCertificate?.(member.id, credit.id.slice('site-'.length));
            if (pdf) yield { name: `opence/${label}.pdf`, bytes: pdf.bytes };
            continue;
          }
          const row = uploads.get(credit.id.slice('upload-'.length));
          if (!row?.storage_key || !row.content_type) continue;
          const file = await files.open(row.storage_key);
          if (file) yield { name: `uploaded/${label}.${EXTENSIONS[row.content_type] ?? 'bin'}`, bytes: file };
        }
      }
      return { fileName: `${name}.zip`, stream: zipStream(entries(), PACK_PACE) };
    },
  };

  /**
   * The transcript as a verifiable credential (docs/decisions/1134): every credit of the licence's
   * period, the site's and the uploaded ones, an uploaded one marked self-reported. A plain VC 2.0
   * with its terms under its own URN vocabulary, signed by the provider with its key.
   */
  function transcriptCredential(
    member: TSessionMember,
    standing: TTrackerStanding,
    credits: TTrackerStanding['credits'],
  ): Record<string, unknown> {
    const { licence } = standing;
    return {
      // The transcript's own terms, named under a URN: nothing to fetch, nothing to host.
      '@context': [VC_V2_CONTEXT, { '@vocab': 'urn:opence:ce-transcript:' }],
      type: ['VerifiableCredential', 'CeTranscriptCredential'],
      name: `CE transcript: ${licence.state} ${licence.licenceType} licence ${licence.licenceNumber}, ${licence.periodStart} to ${licence.periodEnd}`,
      credentialSubject: {
        type: 'CeRenewalCycle',
        name: memberNameOf(member),
        licence: {
          state: licence.state,
          licenceType: licence.licenceType,
          licenceNumber: licence.licenceNumber,
          periodStart: licence.periodStart,
          periodEnd: licence.periodEnd,
        },
        credits: credits.map((c) => ({
          type: c.source === 'site' ? 'IssuedCredit' : 'SelfReportedCredit',
          title: c.title,
          provider: c.provider,
          date: c.date,
          hours: c.hours,
          delivery: c.delivery,
          countedHours: c.countedHours,
          isSelfReported: c.source !== 'site',
        })),
      },
    };
  }

  function packName(standing: TTrackerStanding) {
    return `ce-audit-${standing.licence.state}-${standing.licence.periodEnd}`;
  }

  /** What proves each credit of the standing, and how it was earned (issue 35). */
  async function evidenceOf(memberId: string): Promise<Map<string, TCreditEvidence>> {
    const [site, uploads, provider] = await Promise.all([
      standingRepo.selectSiteCompletions(db, memberId),
      certificatesRepo.selectCertificates(db, memberId),
      deps.siteProvider?.() ?? null,
    ]);
    const evidence = new Map<string, TCreditEvidence>();
    for (const c of site) {
      const wording = deliveryWording(c.delivery);
      evidence.set(`site-${c.id}`, {
        delivery: wording.label,
        place: c.delivery === 'in_person' && c.place ? c.place : wording.place,
        approval: provider?.approval ?? null,
        evidence: `Certificate ${c.certificateNumber} (in this pack)`,
        // A live webinar's evidence, drawn on a page of its own (issue 42).
        webinar: keptWebinarEvidence(c.webinarEvidence),
      });
    }
    for (const u of uploads) {
      evidence.set(`upload-${u.id}`, {
        delivery: (EXTERNAL_DELIVERY_WORDING[u.delivery] ?? EXTERNAL_DELIVERY_WORDING.self_study!).label,
        place: null,
        approval: u.approval,
        evidence: u.storage_key
          ? `Uploaded file${u.original_name ? ` ${u.original_name}` : ''} (in this pack)`
          : 'No file uploaded',
        webinar: null,
      });
    }
    return evidence;
  }

  /** Issue 42: the evidence page of each of the member's site credits that has one. */
  async function evidencePagesOf(memberId: string) {
    const pageOf = deps.evidencePageOf;
    if (!pageOf) return [];
    const site = await standingRepo.selectSiteCompletions(db, memberId);
    const pages = await Promise.all(
      site.filter((c) => c.delivery === 'in_person').map((c) => pageOf(c.id, c.certificateNumber)),
    );
    return pages.filter((p) => p !== null);
  }

  async function transcript(member: TSessionMember, standing: TTrackerStanding) {
    return renderAuditPackOffThread({
      memberName: memberNameOf(member),
      standing,
      generatedOn: today(),
      evidence: await evidenceOf(member.id),
      evidencePages: await evidencePagesOf(member.id),
    });
  }
}

const memberNameOf = (member: TSessionMember) =>
  [member.firstname, member.lastname].filter(Boolean).join(' ') || member.username;
