import { lookup } from 'mime-types';
import type { TStorage } from './storage.ts';

export type TCopyProgress = { done: number; total: number; copied: number; skipped: number; bytes: number };

/**
 * Copies every file of `from` into `to` (issue 39: MEDIA_DIR into a bucket, a bucket's private
 * files into a backup and back). A file `to` already holds at the same size is skipped, so a
 * copy cut short is run again from the start and only does what is left: keys are never reused
 * and a stored file is never changed in place (a new upload gets a new key), so the same key and
 * size is the same file. `overwrite` copies them all the same.
 */
export async function copyStorage(
  from: TStorage,
  to: TStorage,
  options: { overwrite?: boolean; onProgress?: (progress: TCopyProgress) => void } = {},
): Promise<TCopyProgress> {
  const files: { key: string; size: number }[] = [];
  for await (const file of from.list('')) files.push(file);
  const progress: TCopyProgress = { done: 0, total: files.length, copied: 0, skipped: 0, bytes: 0 };
  for (const file of files) {
    const there = options.overwrite ? null : await to.stat(file.key);
    if (there?.size === file.size) {
      progress.skipped++;
    } else {
      const [bytes, facts] = await Promise.all([from.get(file.key), from.stat(file.key)]);
      // Deleted since it was listed: its row is going too.
      if (bytes) {
        const type = facts?.contentType ?? (lookup(file.key) || 'application/octet-stream');
        await to.put(file.key, bytes, type);
        progress.copied++;
        progress.bytes += bytes.length;
      }
    }
    progress.done++;
    options.onProgress?.({ ...progress });
  }
  return progress;
}
