import type { Kysely } from 'kysely';
import {
  DEFAULT_TIME_ZONE,
  CeType,
  boardAcceptsCourse,
  credentialJsonUrl,
  deliveryWording,
  formatCalendarDay,
  licenceText,
  linkedInCertificationUrl,
  providerSettingsProblems,
  roundCredits,
  stateList,
  studentName,
  Texts,
  type TCourseApprovals,
} from '@opence/shared';
import type {
  TCertificateDetails,
  TCertificateLicence,
  TEventEvidence,
  TVerifyResponse,
} from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { keptWebinarEvidence } from '../../domain/webinar-evidence.ts';
import { MEDIA_URL_PREFIX, type TStorage } from '../../lib/storage.ts';
import { enqueueMail, type TMailAttachment } from '../../lib/mail/outbox.ts';
import { renderMail } from '../../domain/mail-templates.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import type { TCredentialFacts } from '../../domain/credential-facts.ts';
import { ApiError, badRequest, notFound } from '../../lib/api-errors.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';
import {
  completionDay,
  completionPlace,
  presentCertificateData,
  presentCertificateDetails,
  presentVerification,
  providerFromSettings,
  type TCertificateData,
  type TProvider,
} from './certificates.presenter.ts';
import {
  countCertificateIssue,
  selectCompletionByNumber,
  selectCompletionOfMember,
  selectMember,
  selectMemberCompletion,
  selectMemberLicences,
  selectTranscriptRows,
  updateLicenceChoice,
  type TCompletionRow,
  type TMemberLicenceRow,
} from './certificates.repo.ts';
import { renderTranscriptPdf, type TTranscriptData } from './transcript.pdf.ts';

export type TCertificatesDeps = {
  db: Kysely<DB>;
  /** Site settings (brand, provider details, statements) through the site's short cache. */
  settings: () => Promise<Record<string, string>>;
  publicUrl: string;
  /** Public media: the signature image staff uploaded lives there (decision 1043). */
  media: TStorage;
  /** Wakes the outbox worker after a mail was queued. */
  mailQueued?: () => void;
  now?: () => Date;
  /**
   * Issues the certificate's Open Badges credential (issue 40) when the certificate is made: the
   * modal, the PDF or the mail. Idempotent; the credentials feature's, handed in by app.ts.
   */
  credentialIssued?: (completionId: string) => Promise<void>;
  /** A revoked certificate's date and reason (credentials feature), for the verification page. */
  revocationOf?: (completionId: string) => Promise<{ revokedOn: string; reason: string } | null>;
  /** An in-person credit's scan evidence (events feature, issue 42), for the verification page. */
  eventEvidenceOf?: (completionId: string) => Promise<TEventEvidence | null>;
};

export type TTargetRef = { c?: string | undefined; p?: string | undefined };

/**
 * Certificates (03 §7): gathering (completion, member, course, settings → data) is kept apart
 * from rendering (data → PDF bytes). The certificate number alone opens the PDF and the public
 * verification; the modal and the mail are for the member who earned it.
 */
export function createCertificatesService(deps: TCertificatesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The provider's details, refused while a certificate could not be issued with them (decision
   * 1004): placeholder texts, no real provider ID, an approval period missing or ended. The member
   * is told, and nothing is counted or mailed.
   */
  async function issuingProvider(): Promise<TProvider> {
    const settings = await deps.settings();
    if (providerSettingsProblems(settings, now().toISOString().slice(0, 10)).length > 0)
      throw new ApiError(409, Texts.CERT_PROVIDER_NOT_READY, { errorMsg: true });
    return providerFromSettings(settings);
  }

  /** The approvals a course of this provider carries, as boards' rules name them. */
  const approvalsOf = (row: TCompletionRow, provider: TProvider): TCourseApprovals => ({
    agdPace: /[1-9]/.test(provider.agdPaceProviderId),
    adaCerp: provider.adaCerpStatement !== null,
    californiaBoard: Boolean(row.ca_course_number) || row.is_ca_dental_board === 1,
  });

  /**
   * The member's licences and which the certificate names (decision 1045): as the member chose,
   * else every licence whose board's accepted providers do not exclude the course's approvals.
   */
  async function licencesOf(
    row: TCompletionRow,
    provider: TProvider,
  ): Promise<{ licences: TCertificateLicence[]; states: Map<string, string> }> {
    const rows = await selectMemberLicences(db, row.member_id);
    const choice = row.licence_choice === null ? null : new Set(JSON.parse(row.licence_choice) as string[]);
    const approvals = approvalsOf(row, provider);
    const licences = rows.map((l: TMemberLicenceRow) => {
      const accepted = boardAcceptsCourse(
        l.accepted_providers ? (JSON.parse(l.accepted_providers) as string[]) : null,
        approvals,
      );
      return {
        id: l.id,
        label: licenceText({ state: l.state, licenceType: l.licence_type, licenceNumber: l.licence_number }),
        isChosen: choice ? choice.has(l.id) : accepted !== false,
        isAccepted: accepted,
      };
    });
    return { licences, states: new Map(rows.map((l) => [l.id, l.state])) };
  }

  /** The licences of the certificate and whether its credits add CEUs (reads only; outside any transaction). */
  async function licenceChoice(row: TCompletionRow, provider: TProvider) {
    const { licences, states } = await licencesOf(row, provider);
    const chosen = licences.filter((l) => l.isChosen);
    // CEUs only where a board of a licence the certificate names counts them (setting ceuStates).
    const ceuStates = new Set(stateList((await deps.settings()).ceuStates));
    const withCeu = chosen.some((l) => ceuStates.has(states.get(l.id) ?? ''));
    return { licences, printed: { chosen: chosen.map((l) => l.label), withCeu } };
  }

  async function gather(
    row: TCompletionRow,
    provider: TProvider,
    isDuplicate: boolean,
  ): Promise<{ data: TCertificateData; licences: TCertificateLicence[] }> {
    const { licences, printed } = await licenceChoice(row, provider);
    const data = presentCertificateData(row, provider, { publicUrl: deps.publicUrl, isDuplicate }, printed);
    return { data, licences };
  }

  /** The signature image's bytes; only an upload of the site's own signature store is ever read. */
  async function signatureImage(provider: TProvider): Promise<Buffer | null> {
    const url = provider.signatureImageUrl;
    if (!url?.startsWith(`${MEDIA_URL_PREFIX}signatures/`)) return null;
    return deps.media.get(url.slice(MEDIA_URL_PREFIX.length));
  }

  async function renderPdf(row: TCompletionRow, isDuplicate: boolean): Promise<Uint8Array> {
    const provider = await issuingProvider();
    const { data } = await gather(row, provider, isDuplicate);
    return renderCertificatePdf(data, await signatureImage(provider));
  }

  /** A certificate a stranger may see: it exists and its holder has not been erased. */
  async function byNumber(certificateNumber: string): Promise<TCompletionRow> {
    const row =
      (await selectCompletionByNumber(db, certificateNumber)) ??
      (await selectCompletionByNumber(db, certificateNumber.toUpperCase()));
    if (!row || row.erased_at) throw notFound(Texts.CERT_NOT_FOUND);
    return row;
  }

  async function memberCompletion(member: TSessionMember, ref: TTargetRef): Promise<TCompletionRow> {
    const row = await selectMemberCompletion(db, member.id, ref);
    if (!row) throw new ApiError(404, Texts.CERT_NOT_EARNED, { errorMsg: true });
    return row;
  }

  return {
    /** GET /api/certificate: what the certificate modal shows (02 §2). */
    async details(member: TSessionMember, ref: TTargetRef): Promise<TCertificateDetails> {
      const row = await memberCompletion(member, ref);
      const { data, licences } = await gather(row, await issuingProvider(), false);
      await deps.credentialIssued?.(row.id);
      return Object.assign(presentCertificateDetails(data, licences), {
        credentialUrl: credentialJsonUrl(deps.publicUrl, row.certificate_number),
        linkedInUrl: linkedInCertificationUrl({
          name: data.courseTitle,
          organizationName: data.provider.name,
          issuedOn: completionDay(row),
          certId: row.certificate_number,
          certUrl: data.verificationUrl,
        }),
      });
    },

    /**
     * POST /api/certificate-licences: the licences the member's certificate names (decision 1045);
     * only their own licences, an empty list names none.
     */
    async chooseLicences(
      member: TSessionMember,
      ref: TTargetRef,
      licenceIds: readonly string[],
    ): Promise<TCertificateDetails> {
      const row = await memberCompletion(member, ref);
      const own = new Set((await selectMemberLicences(db, member.id)).map((l) => l.id));
      if (licenceIds.some((id) => !own.has(id))) throw badRequest(Texts.CERT_LICENCES_UNKNOWN, 'licenceIds');
      await updateLicenceChoice(db, row.id, [...new Set(licenceIds)]);
      return this.details(member, ref);
    },

    /**
     * GET /api/certificate/{number}.pdf: the member's own download or opening, never 'Duplicate'
     * (decision 1004): it is the same certificate each time, not a copy sent again.
     */
    async pdf(certificateNumber: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const row = await byNumber(certificateNumber);
      const bytes = await renderPdf(row, false);
      await deps.credentialIssued?.(row.id);
      return { bytes, fileName: `certificate-${row.certificate_number}.pdf` };
    },

    /**
     * What the certificate's Open Badges credential says (issue 40): the PDF's facts, by the
     * number. Like the verification, it follows the provider settings of today, refused for an
     * erased holder.
     */
    async credentialFacts(certificateNumber: string): Promise<TCredentialFacts> {
      const row = await byNumber(certificateNumber);
      const provider = providerFromSettings(await deps.settings());
      const { data } = await gather(row, provider, false);
      return {
        completionId: row.id,
        certificateNumber: row.certificate_number,
        courseId: row.course_id ?? row.id,
        courseTitle: data.courseTitle,
        courseNumber: data.courseNumber,
        description: data.description,
        subjectCode: data.subjectCode,
        method: data.method,
        format: data.format,
        location: data.location,
        credits: data.creditHours,
        creditType: data.creditType,
        memberName: data.participantName,
        licences: data.licences,
        completedOn: completionDay(row),
        completedAt: new Date(row.completed_at).toISOString(),
        providerName: provider.name || provider.brand,
        verificationUrl: data.verificationUrl,
      };
    },

    /**
     * A member's own certificate by completion id, for the CE tracker's audit pack (issue 23): the
     * member's own copy like the PDF route's, so never 'Duplicate' and not counted (decision 1004).
     * Null when the completion is not the member's.
     */
    async memberPdf(
      memberId: string,
      completionId: string,
    ): Promise<{ bytes: Uint8Array; fileName: string } | null> {
      const row = await selectCompletionOfMember(db, memberId, completionId);
      if (!row) return null;
      const bytes = await renderPdf(row, false);
      return { bytes, fileName: `certificate-${row.certificate_number}.pdf` };
    },

    /** The approval this site's certificates carry, as the audit pack prints it beside each of its courses. */
    async providerApproval(): Promise<{ approval: string | null }> {
      const provider = providerFromSettings(await deps.settings());
      return {
        approval: provider.agdPaceProviderId ? `AGD PACE provider ${provider.agdPaceProviderId}` : null,
      };
    },

    /** GET /api/verify: holder, course, date and credits of a certificate, for anyone with the number. */
    async verify(certificateNumber: string): Promise<Omit<TVerifyResponse, 'status'>> {
      // A certificate issued earlier stays verifiable whatever the provider settings are now.
      const row = await byNumber(certificateNumber);
      const { data } = await gather(row, providerFromSettings(await deps.settings()), false);
      // Named only once revoked: the answer of a standing certificate stays as the spec wrote it.
      const revocation = await deps.revocationOf?.(row.id);
      // Issue 42: a live credit carries its evidence, only the holder's own: a webinar's as its
      // credit was decided, an in-person event's from its scans.
      const webinarEvidence = keptWebinarEvidence(row.evidence);
      const eventEvidence = await deps.eventEvidenceOf?.(row.id);
      return Object.assign(
        presentVerification(data),
        revocation ? { revocation } : {},
        webinarEvidence ? { webinarEvidence } : {},
        eventEvidence ? { eventEvidence } : {},
      );
    },

    /**
     * POST /api/send-cert: mails the PDF to the member (the mail goes out through the outbox).
     * Mailed deliveries are counted: a copy requested again by mail says 'Duplicate', and so does
     * every copy staff send again (`byStaff`), decision 1004.
     */
    async send(member: TSessionMember, ref: TTargetRef, options: { byStaff?: boolean } = {}): Promise<void> {
      const row = await memberCompletion(member, ref);
      const provider = await issuingProvider();
      const signature = await signatureImage(provider);
      const { printed } = await licenceChoice(row, provider);
      await deps.credentialIssued?.(row.id);
      await db.transaction().execute(async (trx) => {
        const issues = await countCertificateIssue(trx, row.id);
        const data = presentCertificateData(
          row,
          provider,
          { publicUrl: deps.publicUrl, isDuplicate: options.byStaff === true || issues > 1 },
          printed,
        );
        const bytes = await renderCertificatePdf(data, signature);
        const content = renderMail({
          brand: provider.brand,
          subject: `${provider.brand}: Verification of Participation – ${data.courseTitle}`,
          greeting: data.participantName ? `Hello ${data.participantName},` : 'Hello,',
          intro: [
            `Attached is your Verification of Participation certificate for “${data.courseTitle}” (${data.creditHoursText}, ${data.creditType}).`,
            `Certificate number: ${data.certificateNumber}`,
          ],
          action: { label: 'View certificate', url: data.certUrl },
          outro: [`Anyone can confirm this certificate at ${data.verificationUrl}.`],
        });
        await enqueueMail(
          trx,
          Object.assign({ to: row.email }, content, {
            kind: 'certificate' as const,
            attachments: [
              {
                filename: `certificate-${data.certificateNumber}.pdf`,
                contentType: 'application/pdf',
                contentBase64: Buffer.from(bytes).toString('base64'),
              },
            ],
          }),
          now(),
        );
      });
      deps.mailQueued?.();
    },

    /**
     * The member's CE transcript as a PDF (03 §7): every completion with totals by CE type. For
     * the CE report mail (accounts); dates in the member's zone.
     */
    async transcriptPdf(memberId: string): Promise<Uint8Array> {
      const [member, rows, settings] = await Promise.all([
        selectMember(db, memberId),
        selectTranscriptRows(db, memberId),
        deps.settings(),
      ]);
      const provider = providerFromSettings(settings);
      const timeZone = member.time_zone || DEFAULT_TIME_ZONE;
      const sum = (ceType: number) =>
        roundCredits(
          rows.filter((r) => r.ce_type_id === ceType).reduce((total, r) => total + Number(r.credits), 0),
        );
      const data: TTranscriptData = {
        brand: provider.brand,
        providerName: provider.name,
        memberName: studentName(member.firstname, member.lastname),
        agdNumber: member.agd_number,
        timeZone,
        generatedAt: now(),
        rows: rows.map((r) => ({
          date: formatCalendarDay(completionDay(r)),
          title: r.title ?? '',
          credits: Number(r.credits),
          delivery: deliveryWording(r.delivery).label,
          place: completionPlace(r),
          certificateNumber: r.certificate_number,
        })),
        totals: {
          selfStudy: sum(CeType.SELF_STUDY),
          live: sum(CeType.LIVE),
          total: roundCredits(sum(CeType.SELF_STUDY) + sum(CeType.LIVE)),
        },
      };
      return renderTranscriptPdf(data);
    },

    /** The transcript as a mail attachment (for the CE report mail). */
    async transcriptAttachment(memberId: string): Promise<TMailAttachment> {
      const bytes = await this.transcriptPdf(memberId);
      return {
        filename: 'ce-transcript.pdf',
        contentType: 'application/pdf',
        contentBase64: Buffer.from(bytes).toString('base64'),
      };
    },
  };
}

export type TCertificatesService = ReturnType<typeof createCertificatesService>;
