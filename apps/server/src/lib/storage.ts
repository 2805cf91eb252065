import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A stored file's facts: what a download's headers say (length, validator, date, type). */
export type TStoredFile = { size: number; etag: string; modified: Date; contentType: string | null };

/** Bytes start…end of a file, both included (an HTTP Range). */
export type TByteRange = { start: number; end: number };

/**
 * Where uploaded and generated files live (03 §10, issue 39): the local folder by default, an
 * S3-compatible bucket when S3_BUCKET is set (`lib/storage-s3.ts`, decision 1120). Keys are
 * relative paths such as 'images/x.webp'; a key that climbs out ('..') or holds a NUL is refused
 * by every implementation. publicUrl is what the browser loads.
 */
export interface TStorage {
  put(key: string, bytes: Uint8Array | string, contentType: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** The file (or a range of it) read in pieces as they are taken, or null. */
  open(key: string, range?: TByteRange): Promise<AsyncIterable<Uint8Array> | null>;
  /** The file's facts without its bytes, or null. */
  stat(key: string): Promise<TStoredFile | null>;
  /** Every file under a folder key ('' for all), in no promised order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file under a folder key ('tracker/<member id>'); a missing folder is not an error. */
  deleteFolder(prefix: string): Promise<void>;
  publicUrl(key: string): string;
}

export const MEDIA_URL_PREFIX = '/media/';

/** Where private files (members' uploaded certificates) live: beside the media folder, never served as media. */
export const privateFilesDir = (mediaDir: string) => `${mediaDir}-private`;

/** The key as stored: relative, normalised; refused if it leaves its root. */
export function safeKey(key: string): string {
  const normalised = path.posix.normalize(key).replace(/^\/+/, '');
  if (normalised.startsWith('..') || normalised.includes('\0')) throw new Error(`Unsafe storage key: ${key}`);
  return normalised;
}

/** A folder key to delete under: never the whole storage. */
export function folderKey(prefix: string): string {
  const folder = safeKey(prefix).replace(/\/+$/, '');
  if (!folder || folder === '.') throw new Error('Refusing to delete the whole storage');
  return folder;
}

export const mediaUrl = (key: string) => `${MEDIA_URL_PREFIX}${safeKey(key)}`;

async function* walk(rootDir: string, folder: string): AsyncIterable<{ key: string; size: number }> {
  let entries;
  try {
    entries = await readdir(path.join(rootDir, folder), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const key = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* walk(rootDir, key);
    else if (entry.isFile()) yield { key, size: (await stat(path.join(rootDir, key))).size };
  }
}

export function createLocalStorage(rootDir: string): TStorage & { rootDir: string } {
  return {
    rootDir,
    async put(key, bytes) {
      const file = path.join(rootDir, safeKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return mediaUrl(key);
    },
    async get(key) {
      const file = path.join(rootDir, safeKey(key));
      try {
        return await readFile(file);
      } catch {
        return null;
      }
    },
    async open(key, range) {
      const file = path.join(rootDir, safeKey(key));
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file, { highWaterMark: 64 * 1024, ...range });
    },
    async stat(key) {
      const file = path.join(rootDir, safeKey(key));
      try {
        const facts = await stat(file);
        if (!facts.isFile()) return null;
        return {
          size: facts.size,
          etag: `${facts.size.toString(16)}-${facts.mtimeMs.toString(16)}`,
          modified: facts.mtime,
          contentType: null,
        };
      } catch {
        return null;
      }
    },
    list(prefix) {
      return walk(
        rootDir,
        safeKey(prefix || '.')
          .replace(/^\.$/, '')
          .replace(/\/+$/, ''),
      );
    },
    async delete(key) {
      await rm(path.join(rootDir, safeKey(key)), { force: true });
    },
    async deleteFolder(prefix) {
      await rm(path.join(rootDir, folderKey(prefix)), { recursive: true, force: true });
    },
    publicUrl: mediaUrl,
  };
}
