import type { FastifyInstance } from 'fastify';
import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type TConfig } from './config.ts';
import { seedDemoContent, seedReferenceData } from './db/seed/demo-content.ts';

/** Reference data always, demo content on an empty database (done once, before any worker). */
async function seed(app: FastifyInstance, config: TConfig) {
  // Settings, text blocks and form lists every install needs; existing values are kept.
  await seedReferenceData(app.deps.database.db);
  if (config.seedDemo) {
    const seeded = await seedDemoContent(
      app.deps.database.db,
      app.deps.storage,
      new Date(),
      app.deps.privateFiles,
    );
    if (seeded) {
      app.log.info({ counts: seeded.counts }, 'demo content seeded');
      console.log(
        [
          '',
          'Demo content is in place. Sign in with:',
          `  member  ${seeded.member.username} / ${seeded.member.password}`,
          `  staff   ${seeded.staff.username} / ${seeded.staff.password} (TOTP secret ${seeded.staff.totpSecret})`,
          '',
        ].join('\n'),
      );
    }
  }
}

/**
 * Builds the app, listens, and shuts down gracefully on SIGTERM/SIGINT. The signal handlers come
 * first: a signal while the app is still starting stops it once started (exit 0) instead of
 * killing it halfway, which matters for a cluster worker told to stop just after its fork.
 */
async function serve(config: TConfig, isPrimary: boolean) {
  let app: FastifyInstance | null = null;
  let isListening = false;
  let stopSignal: string | null = null;
  const stop = async (started: FastifyInstance, signal: string) => {
    started.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await started.close();
    process.exit(0);
  };
  const shutdown = (signal: string) => {
    if (stopSignal) return;
    stopSignal = signal;
    if (app && isListening) void stop(app, signal);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  app = await buildApp(config);
  // Workers start after the primary has seeded.
  if (isPrimary) await seed(app, config);
  if (!stopSignal) await app.listen({ port: config.port, host: config.host });
  isListening = true;
  if (stopSignal) return stop(app, stopSignal);
  if (isPrimary) console.log(`OpenCE is serving ${config.publicUrl} (database: ${config.database.dialect})`);
}

/**
 * WEB_CONCURRENCY > 1: this primary migrates and seeds once, then forks that many workers that
 * share the port (node:cluster). Nothing shared lives in a worker's memory (03 §1): sessions,
 * rate limits, mail and job claims are in the database; caches live a few seconds.
 */
async function runPrimary(config: TConfig) {
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  // Before the set-up, so a signal during it ends the start-up cleanly instead of killing it.
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  const setup = await buildApp(config);
  await seed(setup, config);
  await setup.close();
  if (closing) process.exit(0);

  let isCleanShutdown = true;
  let alive = 0;
  const listening = new Set<number>();
  const fork = () => {
    alive += 1;
    cluster.fork();
  };
  cluster.on('listening', (worker) => {
    listening.add(worker.id);
    if (listening.size === config.webConcurrency) {
      console.log(
        `OpenCE is serving ${config.publicUrl} (database: ${config.database.dialect}, ${config.webConcurrency} processes)`,
      );
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    alive -= 1;
    const wasServing = listening.delete(worker.id);
    if (closing) {
      // Exit 0 only when every worker finished its requests and stopped cleanly.
      // A worker the signal met while it was still loading dies of it (its handler is not yet
      // installed); it had served nothing, so nothing was cut.
      const diedBeforeServing = !wasServing && signal === 'SIGTERM';
      if (code !== 0 && !diedBeforeServing) {
        isCleanShutdown = false;
        console.error(`worker ${worker.process.pid} did not stop cleanly (${signal ?? code})`);
      }
      if (alive === 0) process.exit(isCleanShutdown ? 0 : 1);
      return;
    }
    // A worker that never listened failed at start-up (port taken, bad database): stop, do not loop.
    if (!wasServing) {
      console.error(`worker ${worker.process.pid} failed to start (${signal ?? code})`);
      process.exit(1);
    }
    // A crashed worker is replaced so the site keeps its capacity.
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}): starting another`);
    fork();
  });
  for (let i = 0; i < config.webConcurrency; i++) fork();
}

/** The only file that listens. Seeds demo content on an empty database, shuts down gracefully. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config);
  await serve(config, cluster.isPrimary);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
