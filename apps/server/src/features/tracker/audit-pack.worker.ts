import { parentPort } from 'node:worker_threads';
import { renderAuditPackPdf } from './audit-pack.pdf.ts';

/*
 * The audit pack's transcript drawn in a worker thread (docs/decisions/0932): drawing a PDF holds
 * its thread for 50 to 200 ms, which on the main thread every other member's call waited behind.
 * Bundled as dist/audit-pack.worker.js beside the server (build.mjs).
 */

type TRequest = { id: number; data: Parameters<typeof renderAuditPackPdf>[0] };

parentPort?.on('message', (request: TRequest) => {
  renderAuditPackPdf(request.data).then(
    (bytes) => parentPort!.postMessage({ id: request.id, bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: request.id, error: String(error) }),
  );
});
