/**
 * Bundles the API server (server/main.ts and everything it imports from server/ and contract/) into one ES module,
 * `dist-server/main.js`, which `npm start` runs with plain `node`. Packages stay external (they load from
 * node_modules as usual). Why: loading ~200 TypeScript modules through tsx's on-the-fly compiler took ~1.9 s and
 * ~100 MB at every start; the bundle loads in a fraction of that (README "Embedded database and speed").
 * Paths the server reads (drizzle/, dist/, DATA_DIR) are resolved against the working directory, never against the
 * bundle's location, so run it from the repository root.
 */
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist-server/main.js',
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
console.log(`server bundle: dist-server/main.js in ${Math.round(performance.now() - started)} ms`);
