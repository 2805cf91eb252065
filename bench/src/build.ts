import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { BUILD_COPY, ROOT, SERVER_ENTRY, WORK } from './paths.ts';

/** Other work in the same tree serialises its builds on this lock (CONTRIBUTING.md). */
const BUILD_LOCK = '/tmp/opence-e2e.lock';
/** How long to wait for the lock before giving up (a stuck holder would block forever). */
const LOCK_WAIT_S = 600;

const hasFlock = () => spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;

/**
 * Builds the web app and the server (`npm run build`) and copies both dist folders into
 * bench/.work/build, under the build lock, so a rebuild by someone else cannot change the
 * server the benchmark is measuring.
 */
export function buildAndCopy(): void {
  mkdirSync(WORK, { recursive: true });
  const copy = [
    `rm -rf '${BUILD_COPY}'`,
    `mkdir -p '${BUILD_COPY}/apps/server' '${BUILD_COPY}/apps/web'`,
    `cp -r apps/server/dist '${BUILD_COPY}/apps/server/dist'`,
    `cp -r apps/web/dist '${BUILD_COPY}/apps/web/dist'`,
    // A dependency npm could not hoist (sanitize-html pinned below the version another package
    // wants) lives in the workspace's own node_modules, which the copy must still reach.
    ...['apps/server', 'apps/web'].map(
      (app) =>
        `{ [ ! -d ${app}/node_modules ] || ln -s '${path.join(ROOT, app, 'node_modules')}' '${BUILD_COPY}/${app}/node_modules'; }`,
    ),
  ].join(' && ');
  const script = `npm run build >'${path.join(WORK, 'build.log')}' 2>&1 && ${copy}`;
  const command = hasFlock()
    ? ['flock', '-w', String(LOCK_WAIT_S), BUILD_LOCK, 'sh', '-c', script]
    : ['sh', '-c', script];
  console.log(`building (log: bench/.work/build.log)…`);
  const result = spawnSync(command[0]!, command.slice(1), { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(
      `npm run build failed, or the build lock ${BUILD_LOCK} stayed held for ${LOCK_WAIT_S} s: see bench/.work/build.log (--skip-build reuses the last copy)`,
    );
  }
}

/** Builds unless asked to reuse an earlier copy (which must then exist). */
export function ensureBuild(skipBuild: boolean): void {
  if (!skipBuild) return buildAndCopy();
  if (!existsSync(SERVER_ENTRY)) throw new Error('--skip-build: no earlier build in bench/.work/build');
}
