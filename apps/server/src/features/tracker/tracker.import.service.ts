import {
  extractCertificateFields,
  fillText,
  findVerificationUrl,
  ImportTexts,
  participantMatches,
  TRACKER_TOPIC_LABELS,
  UploadTexts,
  type TImportFields,
} from '@opence/shared';
import type {
  TCertificateEvidence,
  TCertificateImport,
  TCertificateImportConfirm,
  TImportReading,
} from '@opence/shared/schemas';
import type { TSessionMember } from '../../domain/sessions.ts';
import { ApiError } from '../../lib/api-errors.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import { OcrBusy, type TOcr } from '../../lib/ocr.ts';
import { pdfText } from '../../lib/pdf-text.ts';
import { decodeQr } from '../../lib/qr.ts';
import { FILE_TYPES, sniffFileType, type TFileType } from '../../lib/uploads/file-types.ts';
import { UploadRefused, type TIncomingUpload } from '../../lib/uploads/uploads.ts';
import { IMPORTS_FOLDER, type TTrackerContext } from './tracker.context.ts';
import { CERTIFICATE_MAX_BYTES, type createTrackerCertificates } from './tracker.certificates.service.ts';

/*
 * Importing another provider's certificate (issue 41, docs/decisions/1136–1139): the file is
 * read (a PDF's text, a photo's or scan's OCR, the QR code, an Open Badges credential's
 * verification) into a preview the member reviews. Until they confirm, the file waits in the
 * private storage's `tracker-imports/<member>/` folder beside a note of what was read, and the
 * purge removes whatever waited longer than IMPORT_KEEP_MS; confirming saves the certificate
 * with the file and the evidence, and removes the waiting copy.
 */

export const IMPORT_KEEP_MS = 60 * 60_000;

/** Fewer characters than this on a PDF's page: a scan, read by OCR. */
const SCAN_TEXT_CHARS = 20;
const JSON_TYPE: TFileType = { contentType: 'application/json', extensions: ['json'] };

export type TCredentialCheck = (credential: Record<string, unknown>) => Promise<{
  verdict: 'valid' | 'tampered' | 'revoked' | 'unknown';
  holderName: string | null;
  courseTitle: string | null;
  credits: number | null;
  issuerName: string | null;
  issuedOn: string | null;
}>;

export type TImportDeps = {
  ocr: TOcr;
  /** The credentials feature's verification of an Open Badges file. */
  verifyCredential?: TCredentialCheck;
};

type TPending = {
  fileKey: string;
  contentType: string;
  name: string;
  evidence: TCertificateEvidence;
};

type TReading = { fields: TImportFields; reading: TImportReading; qrCode: string | null; text: string };

const memberName = (member: TSessionMember) =>
  [member.firstname, member.lastname].filter(Boolean).join(' ') || member.username;

const emptyFields = () => extractCertificateFields('');

export function createCertificateImports(
  ctx: TTrackerContext,
  certificates: ReturnType<typeof createTrackerCertificates>,
  deps: TImportDeps,
) {
  const { files, now } = ctx;
  const folder = (member: TSessionMember) => `${IMPORTS_FOLDER}/${member.id}`;

  async function readImage(image: Buffer): Promise<TReading> {
    const qrCode = await decodeQr(image).catch(() => null);
    if (!(await deps.ocr.available()))
      return { fields: emptyFields(), reading: 'ocr-unavailable', qrCode, text: '' };
    const text = await ocrText(image);
    return text === null
      ? { fields: emptyFields(), reading: 'unreadable', qrCode, text: '' }
      : { fields: extractCertificateFields(text, { ocr: true }), reading: 'ocr', qrCode, text };
  }

  async function readPdf(pdf: Buffer): Promise<TReading> {
    const text = await pdfText(pdf).catch(() => '');
    const page = await deps.ocr.rasterise(pdf).catch(rethrowBusy);
    const qrCode = page ? await decodeQr(page).catch(() => null) : null;
    if (text.replace(/\s/g, '').length >= SCAN_TEXT_CHARS)
      return { fields: extractCertificateFields(text), reading: 'text', qrCode, text };
    if (!page) return { fields: emptyFields(), reading: 'unreadable', qrCode, text: '' };
    return Object.assign(await readImage(page), { qrCode });
  }

  /** The OCR's text, null when it failed (a timeout, a broken picture); busy is the caller's 503. */
  async function ocrText(image: Buffer): Promise<string | null> {
    return deps.ocr.read(image).catch((error: unknown) => rethrowBusy(error));
  }

  /** An Open Badges credential: its claims, as sure as its verification. */
  async function readCredential(
    bytes: Buffer,
  ): Promise<TReading & { credential: TCertificateEvidence['credential'] }> {
    let document: unknown;
    try {
      document = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new UploadRefused(400, ImportTexts.BAD_CREDENTIAL);
    }
    if (!isCredential(document) || !deps.verifyCredential)
      throw new UploadRefused(400, ImportTexts.BAD_CREDENTIAL);
    const result = await deps.verifyCredential(document);
    const sure = result.verdict === 'valid' ? 0.95 : 0.5;
    const fields = emptyFields();
    const put = (field: keyof TImportFields, value: string | null) => {
      if (value) fields[field] = { value, confidence: sure };
    };
    put('provider', result.issuerName);
    put('title', result.courseTitle);
    put('completedOn', result.issuedOn?.slice(0, 10) ?? null);
    put('hours', result.credits === null ? null : String(result.credits));
    put('participant', result.holderName);
    return {
      fields,
      reading: 'credential',
      qrCode: null,
      text: '',
      credential: { verdict: result.verdict, issuerName: result.issuerName },
    };
  }

  async function readPending(member: TSessionMember, id: string): Promise<TPending | null> {
    const note = await files.get(`${folder(member)}/${id}.note.json`);
    return note ? (JSON.parse(note.toString('utf8')) as TPending) : null;
  }

  async function removePending(member: TSessionMember, id: string, pending: TPending) {
    await files.delete(pending.fileKey);
    await files.delete(`${folder(member)}/${id}.note.json`);
  }

  return {
    /** Reads an uploaded certificate into a preview; saves nothing but the waiting file. */
    async importCertificate(member: TSessionMember, incoming: TIncomingUpload): Promise<TCertificateImport> {
      await certificates.countUpload(member);
      const upload = await incoming.read(
        [{ takes: ImportTexts.CREDENTIAL_TAKES, maxBytes: CERTIFICATE_MAX_BYTES }],
        'certificate',
      );
      const type = await sniffFileType(upload.bytes);
      const isJson = !type && /^\s*\{/.test(upload.bytes.subarray(0, 64).toString('utf8'));
      if (!isJson && !(type && [FILE_TYPES.pdf, FILE_TYPES.jpeg, FILE_TYPES.png].includes(type as never)))
        throw new UploadRefused(
          400,
          fillText(UploadTexts.TYPE_REFUSED, { takes: ImportTexts.CREDENTIAL_TAKES }),
        );
      const fileType = isJson ? JSON_TYPE : type!;
      const read = isJson
        ? await readCredential(upload.bytes)
        : type === FILE_TYPES.pdf
          ? Object.assign(await readPdf(upload.bytes), { credential: null })
          : Object.assign(await readImage(upload.bytes), { credential: null });
      const printedUrl = findVerificationUrl(read.text);
      const evidence: TCertificateEvidence = {
        qrCode: read.qrCode,
        verificationUrl: read.qrCode && /^https?:\/\//i.test(read.qrCode) ? read.qrCode : printedUrl,
        nameOnCertificate: read.fields.participant.value,
        nameMatches: participantMatches(read.fields.participant.value, memberName(member)),
        credential: read.credential,
      };
      const id = newId();
      const pending: TPending = {
        fileKey: `${folder(member)}/${id}.${fileType.extensions[0]}`,
        contentType: fileType.contentType,
        name: upload.name,
        evidence,
      };
      await files.put(pending.fileKey, upload.bytes, fileType.contentType);
      await files.put(`${folder(member)}/${id}.note.json`, JSON.stringify(pending), 'application/json');
      const agd = read.fields.agdCode.value;
      return {
        id,
        fields: read.fields,
        topics: agd && `agd_${agd}` in TRACKER_TOPIC_LABELS ? [`agd_${agd}`] : [],
        reading: read.reading,
        evidence,
        file: { name: upload.name, contentType: fileType.contentType, sizeBytes: upload.bytes.length },
        expiresAt: nowIso(new Date(now().getTime() + IMPORT_KEEP_MS)),
      };
    },

    /** Saves the reviewed certificate with the waiting file and the evidence; the import is then gone. */
    async confirmImport(member: TSessionMember, input: TCertificateImportConfirm) {
      const pending = await readPending(member, input.importId);
      const bytes = pending && (await files.get(pending.fileKey));
      if (!pending || !bytes) throw new ApiError(404, ImportTexts.EXPIRED, { errorMsg: true });
      const type = Object.values(FILE_TYPES).find((t) => t.contentType === pending.contentType) ?? JSON_TYPE;
      const certificate = await certificates.createCertificateWithFile(
        member,
        input,
        { bytes, type, name: pending.name },
        pending.evidence,
      );
      await removePending(member, input.importId, pending);
      return certificate;
    },

    /** Removes what waited for a confirmation longer than IMPORT_KEEP_MS (the purge job's). */
    async purgeAbandonedImports(at: Date) {
      const before = at.getTime() - IMPORT_KEEP_MS;
      let removed = 0;
      for await (const item of files.list(`${IMPORTS_FOLDER}/`)) {
        const stat = await files.stat(item.key);
        if (stat && stat.modified.getTime() < before) {
          await files.delete(item.key);
          removed += 1;
        }
      }
      return removed;
    },
  };
}

function rethrowBusy(error: unknown): null {
  if (error instanceof OcrBusy) throw new ApiError(503, ImportTexts.BUSY, { errorMsg: true });
  return null;
}

const isCredential = (document: unknown): document is Record<string, unknown> =>
  typeof document === 'object' &&
  document !== null &&
  Array.isArray((document as { type?: unknown }).type) &&
  ((document as { type: unknown[] }).type.includes('VerifiableCredential') ||
    (document as { type: unknown[] }).type.includes('OpenBadgeCredential'));
