// npm run storage:migrate: copies MEDIA_DIR and its private folder (MEDIA_DIR-private) into the
// bucket S3_BUCKET names (decision 1122). Files already there at the same size are skipped, so it
// can be run again after a cut or while the old host still takes uploads, then once more after.
import { existsSync } from 'node:fs';
import { loadConfig } from '../src/config.ts';
import { copyStorage, type TCopyProgress } from '../src/lib/storage-copy.ts';
import { openStorages } from '../src/lib/storage-s3.ts';
import { createLocalStorage, privateFilesDir } from '../src/lib/storage.ts';

const config = loadConfig();
if (!config.objectStorage) {
  console.error('S3_BUCKET is not set: set the S3_* settings of the bucket to copy into (see README).');
  process.exit(1);
}
const storages = await openStorages(config.mediaDir, config.objectStorage);
const { bucket } = config.objectStorage;

async function migrate(name: string, folder: string, into: typeof storages.media) {
  if (!existsSync(folder)) {
    console.log(`${name}: no folder at ${folder}, nothing to copy.`);
    return;
  }
  let shown = 0;
  const show = (p: TCopyProgress) =>
    console.log(
      `${name}: ${p.done}/${p.total} files (${p.copied} copied, ${p.skipped} already there, ${p.bytes} bytes)`,
    );
  const done = await copyStorage(createLocalStorage(folder), into, {
    // A line a second at most, and the last one always.
    onProgress: (p) => {
      if (Date.now() - shown < 1000 && p.done < p.total) return;
      shown = Date.now();
      show(p);
    },
  });
  if (done.total === 0) show(done);
}

await migrate('media', config.mediaDir, storages.media);
await migrate('private files', privateFilesDir(config.mediaDir), storages.privateFiles);
console.log(`Done: bucket ${bucket} holds every file. Start the servers with the same S3_* settings.`);
