import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * SQLite copies the write-ahead log back into the database file (a checkpoint, with an fsync)
 * on the commit that finds the log over its threshold. better-sqlite3 runs that commit on the
 * event loop, so every request waited for it: commits measured here took up to 190 ms that way
 * against 16 ms without (docs/decisions/0805). A worker thread with its own connection runs a
 * PASSIVE checkpoint (it never blocks readers or the writer) every second instead; the serving
 * connection keeps a high threshold of its own only as a safety net if the worker stops.
 */

/** Pages the serving connection lets the log grow to before checkpointing itself (about 40 MB). */
export const SAFETY_NET_CHECKPOINT_PAGES = 10_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked this time (a backup, a restore): the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

export type TCheckpointer = { stop: () => Promise<void> };

/**
 * Starts the checkpoint worker for a database file. stop() ends it after a last checkpoint and
 * resolves once its connection is closed (the files may then be moved or deleted).
 */
export function startCheckpointer(file: string, everyMs = 1_000): TCheckpointer {
  const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, everyMs, driverPath } });
  // It must never keep a process alive that has nothing else to do.
  worker.unref();
  const exited = once(worker, 'exit');
  return {
    stop: async () => {
      // Held until it has exited: a process with nothing else to do would end mid-stop.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
