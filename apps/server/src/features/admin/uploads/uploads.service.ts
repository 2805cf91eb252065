import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { TUploadKind } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';
import { newId, nowIso } from '../../../lib/ids.ts';
import type { TSessionMember } from '../../../domain/sessions.ts';
import type { TStorage } from '../../../lib/storage.ts';
import { ApiError, badRequest } from '../../../lib/api-errors.ts';
import { recordAudit } from '../../../domain/audit.ts';
import { SIGNATURE_KEY_PREFIX } from '@opence/shared';
import { cleanSignature, SIGNATURE_MAX_BYTES } from './signature.ts';
import { selectRecentUploads } from './uploads.repo.ts';
import {
  extensionOf,
  KIND_NAMES,
  SNIFF_BYTES,
  sniffFileType,
  UPLOAD_LIMITS,
  type TFileType,
} from './sniff.ts';

/*
 * Uploads of images, audio, PDF and video (03 §10): the content decides the type, the name
 * must agree, each kind has its size limit, and the file goes to the storage interface (local
 * disk by default) with a row in uploads.
 */

export type TIncomingFile = { filename: string; file: Readable };

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Reads the file, knowing its type from the first bytes and stopping once it is too large. */
async function readChecked(incoming: TIncomingFile, expected?: TUploadKind) {
  const chunks: Buffer[] = [];
  let size = 0;
  let type: TFileType | null = null;
  for await (const chunk of incoming.file as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (!type && size >= SNIFF_BYTES) type = checkedType(Buffer.concat(chunks), incoming.filename, expected);
    if (type && size > UPLOAD_LIMITS[type.kind]) {
      incoming.file.destroy();
      throw new ApiError(
        413,
        `This file is too large: ${KIND_NAMES[type.kind]} may be up to ${megabytes(UPLOAD_LIMITS[type.kind])}.`,
        {
          field: 'file',
        },
      );
    }
  }
  const bytes = Buffer.concat(chunks);
  type ??= checkedType(bytes, incoming.filename, expected);
  return { bytes, type };
}

/**
 * A signature (decision 1043): PNG or SVG up to 512 KB, whatever its name says, drawn again as a
 * clean PNG (signature.ts); that PNG is what is stored.
 */
async function readSignature(incoming: TIncomingFile): Promise<{ bytes: Buffer; type: TFileType }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > SIGNATURE_MAX_BYTES) {
      incoming.file.destroy();
      throw new ApiError(413, `This file is too large: ${KIND_NAMES.signature} may be up to 512 KB.`, {
        field: 'file',
      });
    }
    chunks.push(chunk);
  }
  const bytes = await cleanSignature(Buffer.concat(chunks));
  return { bytes, type: { kind: 'signature', contentType: 'image/png', extensions: ['png'] } };
}

function checkedType(head: Uint8Array, filename: string, expected?: TUploadKind): TFileType {
  const type = sniffFileType(head);
  if (!type) {
    throw badRequest('This file is not an image, audio, PDF or video file we accept.', 'file');
  }
  if (!type.extensions.includes(extensionOf(filename))) {
    throw badRequest(
      `The file name does not match its content: it holds ${type.contentType}, so its name must end in .${type.extensions.join(' or .')}.`,
      'file',
    );
  }
  if (expected && type.kind !== expected)
    throw badRequest(`This field takes ${KIND_NAMES[expected]}.`, 'file');
  return type;
}

/** The name kept for staff: its last path segment, printable, and not too long. */
const cleanName = (name: string) =>
  (name.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').slice(0, 200) || 'file';

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
    async upload(incoming: TIncomingFile, expected: TUploadKind | undefined, actor: TSessionMember) {
      const { bytes, type } =
        expected === 'signature' ? await readSignature(incoming) : await readChecked(incoming, expected);
      const id = newId();
      const now = new Date();
      const folder = expected === 'signature' ? SIGNATURE_KEY_PREFIX.slice(0, -1) : 'uploads';
      const key = `${folder}/${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}.${type.extensions[0]}`;
      const url = await deps.storage.put(key, bytes, type.contentType);
      const originalName = cleanName(incoming.filename);
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
