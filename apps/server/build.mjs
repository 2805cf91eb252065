// Bundles the server into dist/server.js. npm dependencies stay external (native modules,
// and they are installed anyway); the workspace's TypeScript (@opence/shared) is bundled in.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (d) => !d.startsWith('@opence/'),
);

await build({
  // The audit pack's transcript is drawn in a worker thread beside the server (0932).
  entryPoints: { server: 'src/server.ts', 'audit-pack.worker': 'src/features/tracker/audit-pack.worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
