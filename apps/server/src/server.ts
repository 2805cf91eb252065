import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoContent, seedReferenceData } from './db/seed/demo-content.ts';

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

  const app = await buildApp(config);
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
  console.log(`OpenCE is serving ${config.publicUrl} (database: ${config.database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
