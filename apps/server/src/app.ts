import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TConfig } from './config.ts';
import { migrateToLatest, openDatabase, type TDatabase } from './db/database.ts';
import { siteRoutes } from './features/site/site.routes.ts';
import { createSiteService } from './features/site/site.service.ts';
import { createLocalStorage, type TStorage } from './lib/storage.ts';
import { registerAuth, type TAuthGuards } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurity } from './plugins/security.ts';
import { registerWeb } from './plugins/web.ts';
import { loggerOptions } from './lib/logger.ts';

export const APP_VERSION = '0.9.5';

export type TAppDeps = { database: TDatabase; storage: TStorage };

declare module 'fastify' {
  interface FastifyInstance {
    deps: TAppDeps;
    /** Route guards: optionalMember, requireMember, requireStaff. */
    guards: TAuthGuards;
  }
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Builds the whole application: plugins first, then each feature, registered explicitly.
 * Opens and migrates the database; closing the app closes it.
 */
export async function buildApp(config: TConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase(config.database);
  app.addHook('onClose', () => database.close());
  await migrateToLatest(database.db);
  mkdirSync(config.mediaDir, { recursive: true });
  const storage = createLocalStorage(config.mediaDir);
  app.decorate('deps', { database, storage });

  registerErrorHandling(app);
  await registerSecurity(app, { publicUrl: config.publicUrl });
  await registerOpenApi(app, { version: APP_VERSION });
  app.decorate('guards', registerAuth(app, database.db));

  const site = createSiteService(database.db);
  await app.register(siteRoutes, { prefix: '/api', site, db: database.db, dialect: database.dialect });

  await registerWeb(app, { webDist: config.webDist ?? defaultWebDist, mediaDir: config.mediaDir });
  return app;
}
