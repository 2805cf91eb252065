import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { renderAuditPackPdf } from './audit-pack.pdf.ts';

/*
 * The transcript is drawn off the main thread (docs/decisions/0932), in one worker per process
 * started on first use; requests queue there, so two packs never draw at once either.
 */

type TData = Parameters<typeof renderAuditPackPdf>[0];
type TAnswer = { id: number; bytes?: Uint8Array; error?: string };

/**
 * The worker: the bundle's (dist/audit-pack.worker.js beside dist/server.js), or, running from
 * source (tsx, the tests), the TypeScript file loaded through tsx's API.
 */
function createWorker(): Worker {
  const bundled = fileURLToPath(new URL('./audit-pack.worker.js', import.meta.url));
  if (existsSync(bundled)) return new Worker(bundled);
  const source = fileURLToPath(new URL('./audit-pack.worker.ts', import.meta.url));
  const loader = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(loader, { eval: true });
}

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>();

function started(): Worker {
  if (worker) return worker;
  const created = createWorker();
  // The server's own work keeps the process alive; an idle worker must not.
  created.unref();
  created.on('message', (answer: TAnswer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (answer.bytes) waiting?.resolve(answer.bytes);
    else waiting?.reject(new Error(`audit pack not drawn: ${answer.error}`));
  });
  const fail = (error: Error) => {
    worker = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  created.on('error', fail);
  created.on('exit', (code) => fail(new Error(`audit pack worker exited (${code})`)));
  worker = created;
  return created;
}

/** renderAuditPackPdf, drawn in the worker thread. */
export function renderAuditPackOffThread(data: TData): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    started().postMessage({ id, data });
  });
}
