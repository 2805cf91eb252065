import type { Kysely } from 'kysely';
import {
  DEFAULT_TIME_ZONE,
  CeType,
  creditLabel,
  formatCalendarDay,
  localDayInZone,
  providerSettingsProblems,
  roundCredits,
  studentName,
  Texts,
} from '@opence/shared';
import type { TCertificateDetails, TVerifyResponse } from '@opence/shared/schemas';
import type { DB } from '../../db/types.ts';
import { enqueueMail, type TMailAttachment } from '../../lib/mail/outbox.ts';
import { renderMail } from '../../lib/mail/templates.ts';
import type { TSessionMember } from '../../lib/sessions.ts';
import { ApiError, notFound } from '../../plugins/errors.ts';
import { renderCertificatePdf } from './certificate.pdf.ts';
import {
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
  selectTranscriptRows,
  type TCompletionRow,
} from './certificates.repo.ts';
import { renderTranscriptPdf, type TTranscriptData } from './transcript.pdf.ts';

export type TCertificatesDeps = {
  db: Kysely<DB>;
  /** Site settings (brand, provider details, statements) through the site's short cache. */
  settings: () => Promise<Record<string, string>>;
  publicUrl: string;
  /** Wakes the outbox worker after a mail was queued. */
  mailQueued?: () => void;
  now?: () => Date;
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

  async function gather(row: TCompletionRow, isDuplicate: boolean): Promise<TCertificateData> {
    const provider = await issuingProvider();
    return presentCertificateData(row, provider, { publicUrl: deps.publicUrl, isDuplicate });
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
      return presentCertificateDetails(await gather(await memberCompletion(member, ref), false));
    },

    /**
     * GET /api/certificate/{number}.pdf: the member's own download or opening, never 'Duplicate'
     * (decision 1004): it is the same certificate each time, not a copy sent again.
     */
    async pdf(certificateNumber: string): Promise<{ bytes: Uint8Array; fileName: string }> {
      const row = await byNumber(certificateNumber);
      const bytes = await renderCertificatePdf(await gather(row, false));
      return { bytes, fileName: `certificate-${row.certificate_number}.pdf` };
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
      const bytes = await renderCertificatePdf(await gather(row, false));
      return { bytes, fileName: `certificate-${row.certificate_number}.pdf` };
    },

    /** GET /api/verify: holder, course, date and credits of a certificate, for anyone with the number. */
    async verify(certificateNumber: string): Promise<Omit<TVerifyResponse, 'status'>> {
      // A certificate issued earlier stays verifiable whatever the provider settings are now.
      const row = await byNumber(certificateNumber);
      return presentVerification(
        presentCertificateData(row, providerFromSettings(await deps.settings()), {
          publicUrl: deps.publicUrl,
          isDuplicate: false,
        }),
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
      await db.transaction().execute(async (trx) => {
        const issues = await countCertificateIssue(trx, row.id);
        const data = presentCertificateData(row, provider, {
          publicUrl: deps.publicUrl,
          isDuplicate: options.byStaff === true || issues > 1,
        });
        const bytes = await renderCertificatePdf(data);
        const content = renderMail({
          brand: provider.brand,
          subject: `${provider.brand}: Verification of Participation – ${data.courseTitle}`,
          greeting: data.participantName ? `Hello ${data.participantName},` : 'Hello,',
          intro: [
            `Attached is your Verification of Participation certificate for “${data.courseTitle}” (${data.creditHours} CEU, ${data.creditType}).`,
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
          date: formatCalendarDay(r.local_day ?? localDayInZone(new Date(r.completed_at), timeZone)),
          title: r.title ?? '',
          credits: Number(r.credits),
          typeLabel: creditLabel(r.ce_type_id),
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
