#!/usr/bin/env node
/**
 * `npm run dev`: the API server on :3001 (tsx watch, restarts on change) and the webpack dev server on :3000
 * with hot reload, proxying /api, /oauth2, /login/oauth2, /slack and /uploads to :3001. Open
 * http://localhost:3000. PUBLIC_URL is the dev server's origin so OAuth redirects and cookies stay on it.
 * Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const devPort = process.env.DEV_PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${devPort}` };

const children = [
  spawn(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'],
    {
      stdio: 'inherit',
      env: { ...env, PORT: apiPort, HOST: '127.0.0.1' },
    },
  ),
  spawn(process.execPath, ['node_modules/webpack-cli/bin/cli.js', 'serve', '--mode', 'development'], {
    stdio: 'inherit',
    env: { ...env, DEV_PORT: devPort, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
