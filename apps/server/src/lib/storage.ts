import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded and generated media live. Local disk by default; an S3-compatible store
 * implements the same interface (03 §10). Keys are relative paths such as 'images/x.svg';
 * publicUrl is what the browser loads.
 */
export interface TStorage {
  put(key: string, bytes: Uint8Array | string, contentType: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** The file read in pieces as they are taken (a large file sent without holding it whole), or null. */
  open(key: string): Promise<AsyncIterable<Uint8Array> | null>;
  /** Removes the file; a key with no file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file under a folder key ('tracker/<member id>'); a missing folder is not an error. */
  deleteFolder(prefix: string): Promise<void>;
  publicUrl(key: string): string;
}

export const MEDIA_URL_PREFIX = '/media/';

/** Where private files (members' uploaded certificates) live: beside the media folder, never served as media. */
export const privateFilesDir = (mediaDir: string) => `${mediaDir}-private`;

function safeKey(key: string): string {
  const normalised = path.posix.normalize(key).replace(/^\/+/, '');
  if (normalised.startsWith('..') || normalised.includes('\0')) throw new Error(`Unsafe storage key: ${key}`);
  return normalised;
}

export function createLocalStorage(rootDir: string): TStorage & { rootDir: string } {
  return {
    rootDir,
    async put(key, bytes) {
      const file = path.join(rootDir, safeKey(key));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      return this.publicUrl(key);
    },
    async get(key) {
      try {
        return await readFile(path.join(rootDir, safeKey(key)));
      } catch {
        return null;
      }
    },
    async open(key) {
      const file = path.join(rootDir, safeKey(key));
      try {
        if (!(await stat(file)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(file, { highWaterMark: 64 * 1024 });
    },
    async delete(key) {
      await rm(path.join(rootDir, safeKey(key)), { force: true });
    },
    async deleteFolder(prefix) {
      const folder = safeKey(prefix);
      if (!folder || folder === '.') throw new Error('Refusing to delete the whole storage');
      await rm(path.join(rootDir, folder), { recursive: true, force: true });
    },
    publicUrl(key) {
      return `${MEDIA_URL_PREFIX}${safeKey(key)}`;
    },
  };
}
