import { CERTIFICATE_FILE_TAKES, TrackerTexts } from '@opence/shared';
import type { TCertificateEvidence, TTrackerCertificateInput } from '@opence/shared/schemas';
import type { Selectable } from 'kysely';
import type { TrackerCertificatesTable } from '../../db/types.ts';
import { newId, nowIso } from '../../lib/ids.ts';
import type { TSessionMember } from '../../domain/sessions.ts';
import { FILE_TYPES, type TFileType } from '../../lib/uploads/file-types.ts';
import { uploadKey, type TIncomingUpload, type TUploadRule } from '../../lib/uploads/uploads.ts';
import { ApiError, badRequest, notFound } from '../../lib/api-errors.ts';
import { IMPORTS_FOLDER, UNDO_MS, type TTrackerContext } from './tracker.context.ts';
import { createStorageLimits } from './tracker.storage.ts';
import { presentCertificate } from './tracker.presenter.ts';
import * as repo from './tracker.certificates.repo.ts';
import * as rulesRepo from './tracker.rules.repo.ts';

/*
 * The member's certificates from elsewhere: what they say, the file that proves them (private,
 * type-sniffed, size-limited and counted against the storage allowance), deletion with an undo window.
 */

export const CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024;

/** What a certificate's file may be (issue 23): a PDF, or a photo of the paper. */
const CERTIFICATE_FILE: TUploadRule = {
  takes: CERTIFICATE_FILE_TAKES,
  maxBytes: CERTIFICATE_MAX_BYTES,
  types: [FILE_TYPES.pdf, FILE_TYPES.jpeg, FILE_TYPES.png],
};

export function createTrackerCertificates(ctx: TTrackerContext) {
  const { deps, db, files, now, readFile } = ctx;
  const limits = createStorageLimits({
    db,
    dialect: deps.dialect ?? 'sqlite',
    settings: deps.settings,
    now,
  });

  async function ownCertificate(member: TSessionMember, id: string) {
    const row = await repo.selectCertificate(db, member.id, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    async certificates(member: TSessionMember) {
      return (await repo.selectCertificates(db, member.id)).map(presentCertificate);
    },

    /** Counts an upload against the member's per-minute and hourly limits (0932). */
    countUpload(member: TSessionMember) {
      return limits.countUpload(member.id);
    },

    /** What the member's uploaded files take of their allowance (0932). */
    storage(member: TSessionMember) {
      return limits.storage(member.id);
    },

    async createCertificate(member: TSessionMember, input: TTrackerCertificateInput) {
      const row = await newRow(member, input);
      await repo.insertCertificate(db, row);
      return presentCertificate(row);
    },

    /**
     * Adds an imported certificate with its file and evidence (issue 41) in one step: the row
     * and the storage allowance in one transaction, so a full allowance saves nothing.
     */
    async createCertificateWithFile(
      member: TSessionMember,
      input: TTrackerCertificateInput,
      file: { bytes: Buffer; type: TFileType; name: string },
      evidence: TCertificateEvidence,
    ) {
      const row = await newRow(member, input);
      const key = uploadKey(`tracker/${member.id}`, newId(), file.type);
      await files.put(key, file.bytes, file.type.contentType);
      const stored = Object.assign(row, {
        storage_key: key,
        content_type: file.type.contentType,
        size_bytes: file.bytes.length,
        original_name: file.name,
        evidence: JSON.stringify(evidence),
      });
      try {
        const allowance = await limits.allowance();
        await db.transaction().execute(async (trx) => {
          await repo.insertCertificate(trx, stored);
          await allowance.reserve(trx, member.id, row.id, file.bytes.length);
        });
      } catch (error) {
        await files.delete(key);
        throw error;
      }
      return presentCertificate(stored);
    },

    async updateCertificate(member: TSessionMember, id: string, input: TTrackerCertificateInput) {
      await ownCertificate(member, id);
      await checkTopics(input.topics ?? []);
      await repo.updateCertificate(
        db,
        member.id,
        id,
        Object.assign(formColumns(input), { updated_at: nowIso(now()) }),
      );
      return presentCertificate(await ownCertificate(member, id));
    },

    /**
     * Deletes the certificate: out of the tracker and the audit pack at once, restorable for
     * TRACKER_UNDO_MINUTES; its file stays until the purge removes the row after that.
     */
    async deleteCertificate(member: TSessionMember, id: string) {
      if (!(await repo.deleteCertificate(db, member.id, id, nowIso(now())))) throw notFound();
    },

    /** Restores a certificate deleted within the undo window, with its file. */
    async restoreCertificate(member: TSessionMember, id: string) {
      const since = nowIso(new Date(now().getTime() - UNDO_MS));
      if (!(await repo.restoreCertificate(db, member.id, id, since)))
        throw new ApiError(404, TrackerTexts.UNDO_TOO_LATE, { errorMsg: true });
      return presentCertificate(await ownCertificate(member, id));
    },

    /** Stores the certificate's file privately (type sniffed, size-limited), replacing any earlier one. */
    async attachFile(member: TSessionMember, id: string, incoming: TIncomingUpload) {
      const before = await ownCertificate(member, id);
      // Storage limits (0932), step 1: the upload counts against the per-minute and hourly limits.
      await limits.countUpload(member.id);
      const { bytes, type, name } = await incoming.read([CERTIFICATE_FILE], 'certificate');
      const key = uploadKey(`tracker/${member.id}`, newId(), type!);
      await files.put(key, bytes, type!.contentType);
      try {
        const allowance = await limits.allowance();
        await db.transaction().execute(async (trx) => {
          // Storage limits, step 2: the allowance, checked with the member's row locked.
          await allowance.reserve(trx, member.id, id, bytes.length);
          await repo.updateCertificate(trx, member.id, id, {
            storage_key: key,
            content_type: type!.contentType,
            size_bytes: bytes.length,
            original_name: name,
            updated_at: nowIso(now()),
          });
        });
      } catch (error) {
        await files.delete(key);
        throw error;
      }
      // The file it replaces goes (keys are never reused, so nothing else points at it).
      if (before.storage_key) await files.delete(before.storage_key);
      return presentCertificate(await ownCertificate(member, id));
    },

    /** An erased member's uploaded files (their rows went with the erasure) and waiting imports. */
    async deleteMemberFiles(memberId: string) {
      await files.deleteFolder(`tracker/${memberId}`);
      await files.deleteFolder(`${IMPORTS_FOLDER}/${memberId}`);
    },

    /** The member's own file. */
    async file(member: TSessionMember, id: string) {
      return readFile(await ownCertificate(member, id));
    },
  };

  /** A new certificate's row as entered, without a file. */
  async function newRow(
    member: TSessionMember,
    input: TTrackerCertificateInput,
  ): Promise<Selectable<TrackerCertificatesTable>> {
    await checkTopics(input.topics ?? []);
    const at = nowIso(now());
    return Object.assign({ id: newId(), member_id: member.id }, formColumns(input), {
      storage_key: null,
      content_type: null,
      size_bytes: null,
      original_name: null,
      evidence: null,
      deleted_at: null,
      created_at: at,
      updated_at: at,
    });
  }

  async function checkTopics(topics: readonly string[]) {
    if (!topics.length) return;
    const known = new Set((await rulesRepo.selectTopics(db)).map((t) => t.code));
    if (topics.some((t) => !known.has(t))) throw badRequest('Choose topics from the list.', 'topics');
  }
}

/** The columns the certificate form fills, as the member entered them. */
function formColumns(input: TTrackerCertificateInput) {
  return {
    provider: input.provider,
    title: input.title,
    completed_on: input.completedOn,
    hours: Number(input.hours),
    delivery: input.delivery,
    topics: JSON.stringify(input.topics ?? []),
    approval: input.approval ?? null,
    expires_on: (input.expiresOn as string | null | undefined) ?? null,
  };
}
