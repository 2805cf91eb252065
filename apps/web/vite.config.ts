import react from '@vitejs/plugin-react';
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { shellChunk } from './vite-chunks.ts';
import { serviceWorker } from './vite-service-worker.ts';
import {
  firstScreen,
  inlineEntryCss,
  listPublicSheets,
  paintFirst,
  publicSheetsModule,
} from './vite-first-screen.ts';

// Version and build are build facts (00-README): the version from package.json, the build
// number from BUILD_NUMBER or the commit count.
const version = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'))
  .version as string;
function buildNumber(): string {
  if (process.env.BUILD_NUMBER) return process.env.BUILD_NUMBER;
  try {
    return execSync('git rev-list --count HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

// `vite build --ssr` builds the server's renderer of a visitor's route (decision 0812) into
// dist/render/, which the server loads and never serves; the browser's build is the other.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild
    ? [react(), publicSheetsModule(fileURLToPath(new URL('./dist', import.meta.url)))]
    : [react(), firstScreen(), inlineEntryCss(), paintFirst(), listPublicSheets(), serviceWorker()],
  define: {
    __APP_VERSION__: JSON.stringify(version),
    __APP_BUILD__: JSON.stringify(buildNumber()),
    // The renderer bundles React in (ssr.noExternal), as its production build, whatever
    // NODE_ENV the server runs with.
    ...(isSsrBuild && { 'process.env.NODE_ENV': JSON.stringify('production') }),
  },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' },
  },
  build: isSsrBuild
    ? { target: 'node20', outDir: 'dist/render', emptyOutDir: true, copyPublicDir: false, sourcemap: true }
    : {
        target: 'es2022',
        sourcemap: true,
        // The shell chunk (vite-chunks.ts) is the whole first load, about 400 KB before gzip;
        // its budget is bench:web's 150 KB gzip for /home.
        chunkSizeWarningLimit: 450,
        rolldownOptions: { output: { codeSplitting: { groups: [shellChunk()] } } },
      },
}));
