/**
 * Bundles the API server (server/main.ts and everything it imports from server/ and contract/) into ES modules,
 * `dist-server/main.js` and its chunks, which `npm start` runs with plain `node`. Code splitting keeps what
 * server/main.ts imports dynamically (`./app`: the app and the packages it loads) out of the entry, so the entry
 * can start the embedded database's preparation before the app's modules load. Packages stay external (they load from
 * node_modules as usual). Why: loading ~200 TypeScript modules through tsx's on-the-fly compiler took ~1.9 s and
 * ~100 MB at every start; the bundle loads in a fraction of that (docs/performance.md "Embedded database and speed").
 * Paths the server reads (drizzle/, dist/, DATA_DIR) are resolved against the working directory, never against the
 * bundle's location, so run it from the repository root.
 */
import fs from 'node:fs';
import { build } from 'esbuild';

const started = performance.now();
// Chunk names carry a hash: clear the previous build's.
fs.rmSync('dist-server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outdir: 'dist-server',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // Keeps class and function names (Fastify plugin names, error classes in logs).
  keepNames: true,
});
console.log(
  `server bundle: dist-server/main.js (and chunks/) in ${Math.round(performance.now() - started)} ms`,
);
