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
    const seeded = await seedDemoContent(app.deps.database.db, app.deps.storage);
    if (seeded) {
      app.log.info({ counts: seeded.counts }, 'demo content seeded');
      console.log(
        [
          '',
          'Demo content is in place. Sign in with:',
          `  member  ${seeded.member.username} / ${seeded.member.password}`,
          `  staff   ${seeded.staff.username} / ${seeded.staff.password}`,
          '',
        ].join('\n'),
      );
    }
  }
}

/** Listens with one app and shuts it down gracefully on SIGTERM/SIGINT. */
async function serve(app: FastifyInstance, config: TConfig, announce: boolean) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (announce) console.log(`OpenCE is serving ${config.publicUrl} (database: ${config.database.dialect})`);
}

/**
 * WEB_CONCURRENCY > 1: this primary migrates and seeds once, then forks that many workers that
 * share the port (node:cluster). Nothing shared lives in a worker's memory (03 §1): sessions,
 * rate limits, mail and job claims are in the database; caches live a few seconds.
 */
async function runPrimary(config: TConfig) {
  const setup = await buildApp(config);
  await seed(setup, config);
  await setup.close();

  let closing = false;
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
      if (alive === 0) process.exit(0);
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
  const shutdown = () => {
    if (closing) return;
    closing = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
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
  const app = await buildApp(config);
  // Workers start after the primary has seeded.
  if (cluster.isPrimary) await seed(app, config);
  await serve(app, config, cluster.isPrimary);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
