import type { Kysely } from 'kysely';
import type { TUploadKind } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { newId, nowIso } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import type { TStorage } from '../../../lib/storage.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { FILE_TYPES, type TFileType } from '../../../lib/uploads/file-types.ts';
import { uploadKey, type TIncomingUpload } from '../../../lib/uploads/uploads.ts';
import { SIGNATURE_KEY_PREFIX } from '@opence/shared';
import { cleanSignature } from './signature.ts';
import { selectRecentUploads } from './uploads.repo.ts';
import { ANY_KIND_RULES, uploadRule } from './upload-kinds.ts';

/*
 * Uploads of images, audio, PDF and video (03 §10): the content decides the type, the name
 * must agree, each kind has its size limit (the upload plugin, lib/uploads), and the file goes
 * to the storage interface (local disk by default) with a row in uploads.
 */

type TChecked = { bytes: Buffer; type: TFileType; name: string };

/**
 * A signature (decision 1043): PNG or SVG up to 512 KB, whatever its name says, drawn again as a
 * clean PNG (signature.ts); that PNG is what is stored.
 */
async function readSignature(incoming: TIncomingUpload): Promise<TChecked> {
  const upload = await incoming.read([uploadRule('signature')]);
  return { bytes: await cleanSignature(upload.bytes), type: FILE_TYPES.png, name: upload.name };
}

async function readChecked(incoming: TIncomingUpload, expected: TUploadKind | undefined): Promise<TChecked> {
  const upload = await incoming.read(expected ? [uploadRule(expected)] : ANY_KIND_RULES);
  return { bytes: upload.bytes, type: upload.type!, name: upload.name };
}

/** How many recent uploads the picker shows. */
const RECENT_LIMIT = 48;

export function createUploadsService(deps: { db: Kysely<DB>; storage: TStorage }) {
  return {
    /** The latest uploads of a kind (newest first), to pick one again: the editor's images. */
    async recent(kind: TUploadKind | undefined) {
      const rows = await selectRecentUploads(deps.db, kind, RECENT_LIMIT);
      return {
        status: true as const,
        data: rows.map((r) => ({
          id: r.id,
          url: deps.storage.publicUrl(r.storage_key),
          contentType: r.content_type,
          sizeBytes: Number(r.size_bytes),
          originalName: r.original_name,
          createdAt: r.created_at,
        })),
      };
    },

    /** Checks and stores one file; its public URL goes into the authored field. */
    async upload(incoming: TIncomingUpload, expected: TUploadKind | undefined, actor: TSessionMember) {
      const {
        bytes,
        type,
        name: originalName,
      } = expected === 'signature' ? await readSignature(incoming) : await readChecked(incoming, expected);
      const id = newId();
      const now = new Date();
      const folder = expected === 'signature' ? SIGNATURE_KEY_PREFIX.slice(0, -1) : 'uploads';
      const key = uploadKey(
        `${folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`,
        id,
        type,
      );
      const url = await deps.storage.put(key, bytes, type.contentType);
      await deps.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('uploads')
          .values({
            id,
            storage_key: key,
            content_type: type.contentType,
            size_bytes: bytes.length,
            original_name: originalName,
            created_by: actor.id,
            created_at: nowIso(now),
          })
          .execute();
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'upload',
          entity: 'uploads',
          entityId: id,
          detail: { name: originalName, url, sizeBytes: bytes.length },
        });
      });
      return { status: true, id, url, contentType: type.contentType, sizeBytes: bytes.length, originalName };
    },
  };
}

export type TUploadsService = ReturnType<typeof createUploadsService>;
