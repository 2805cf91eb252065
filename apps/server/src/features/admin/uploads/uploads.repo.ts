import type { Kysely } from 'kysely';
import { SIGNATURE_KEY_PREFIX } from '@opence/shared';
import type { TUploadKind } from '@opence/shared/schemas';
import type { DB } from '../../../db/types.ts';

/** The content types of each kind start with these (upload-kinds.ts: the types each kind takes). */
const TYPE_PREFIX: Record<Exclude<TUploadKind, 'signature'>, string> = {
  image: 'image/',
  audio: 'audio/',
  video: 'video/',
  pdf: 'application/pdf',
};

/** The latest uploads, newest first, of one kind or of every kind. */
export function selectRecentUploads(db: Kysely<DB>, kind: TUploadKind | undefined, limit: number) {
  let query = db
    .selectFrom('uploads')
    .select(['id', 'storage_key', 'content_type', 'size_bytes', 'original_name', 'created_at']);
  // Signatures are PNGs kept under their own folder (decision 1043): found by their key.
  if (kind === 'signature') query = query.where('storage_key', 'like', `${SIGNATURE_KEY_PREFIX}%`);
  else if (kind) query = query.where('content_type', 'like', `${TYPE_PREFIX[kind]}%`);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
