import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** The repository root (bench/ sits in it). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Scratch space, ignored by git: the build copy, databases, Lighthouse reports. */
export const WORK = path.join(ROOT, 'bench', '.work');
/** The build copy the benchmark runs, so other builds in the tree cannot change it mid-run. */
export const BUILD_COPY = path.join(WORK, 'build');
export const SERVER_ENTRY = path.join(BUILD_COPY, 'apps', 'server', 'dist', 'server.js');
export const WEB_DIST_COPY = path.join(BUILD_COPY, 'apps', 'web', 'dist');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const RESULTS_MD = path.join(ROOT, 'bench', 'RESULTS.md');
