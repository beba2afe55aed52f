/**
 * The one-machine cluster of scripts/cluster/*.sh for TypeScript callers (the proxy journey in e2e-cluster/ and
 * bench/cluster-load.ts): bring it up, read its state, stop or start one app server, tear it down. Every function
 * runs the shell scripts, so what is tested is what an operator runs (docs/deployment.md "Try it on one machine").
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const SCRIPTS = path.resolve(process.cwd(), 'scripts', 'cluster');

/** What up.sh wrote to `$CLUSTER_DIR/state.env`. */
export interface ClusterState {
  clusterDir: string;
  /** `https://localhost:<HTTPS_PORT>`: the proxy, and the app servers' PUBLIC_URL. */
  publicUrl: string;
  httpsPort: number;
  httpPort: number;
  /** The app servers' ports, server 1 first. */
  appPorts: [number, number];
  /** The readiness path the servers answered (`/readyz`, or `/api/health` on a build without it). */
  healthPath: string;
  database: string;
  /** The PostgreSQL server, without a database (`postgres://postgres@127.0.0.1:5432`). */
  pgUrl: string;
  /** The app servers' process ids (0 when stopped). */
  appPids: [number, number];
  nginxPid: number;
}

/** Settings of one cluster (scripts/cluster/lib.sh): its folder and ports; unset fields keep lib.sh's defaults. */
export interface ClusterOptions {
  clusterDir: string;
  appPorts?: [number, number];
  httpsPort?: number;
  httpPort?: number;
  /** More variables for the app servers (RATE_LIMIT_MAX, LOG_LEVEL, …; lib.sh lists what is passed on). */
  env?: Record<string, string>;
}

/** The default folder of a cluster named `name` under the system's temporary folder. */
export const clusterDirFor = (name: string) => path.join(os.tmpdir(), `momentum-cluster-${name}`);

function scriptEnv(options: ClusterOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...options.env,
    CLUSTER_DIR: options.clusterDir,
    ...(options.appPorts ? { APP_PORTS: options.appPorts.join(' ') } : {}),
    ...(options.httpsPort ? { HTTPS_PORT: String(options.httpsPort) } : {}),
    ...(options.httpPort ? { HTTP_PORT: String(options.httpPort) } : {}),
  };
}

async function script(name: string, args: string[], options: ClusterOptions): Promise<string> {
  try {
    const { stdout } = await run(path.join(SCRIPTS, name), args, {
      env: scriptEnv(options),
      cwd: process.cwd(),
      maxBuffer: 16 * 1024 * 1024,
      timeout: 15 * 60_000,
    });
    return stdout;
  } catch (error) {
    const failure = error as Error & { stderr?: string };
    throw new Error(
      `scripts/cluster/${name} ${args.join(' ')} failed: ${failure.message}\n${failure.stderr ?? ''}`,
      { cause: error },
    );
  }
}

/** Parses `state.env` (lines `KEY=value`, values quoted by bash's `printf %q`). */
export function readState(clusterDir: string): ClusterState {
  const text = fs.readFileSync(path.join(clusterDir, 'state.env'), 'utf8');
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) values.set(match[1]!, match[2]!.replace(/\\(.)/g, '$1').replace(/^'(.*)'$/, '$1'));
  }
  const get = (key: string) => values.get(key) ?? '';
  const ports = get('APP_PORTS').split(' ').map(Number);
  return {
    clusterDir,
    publicUrl: get('PUBLIC_URL'),
    httpsPort: Number(get('HTTPS_PORT')),
    httpPort: Number(get('HTTP_PORT')),
    appPorts: [ports[0]!, ports[1]!],
    healthPath: get('HEALTH_PATH') || '/api/health',
    database: get('DATABASE'),
    pgUrl: get('PG_URL'),
    appPids: [Number(get('APP1_PID')) || 0, Number(get('APP2_PID')) || 0],
    nginxPid: Number(get('NGINX_PID')) || 0,
  };
}

/** scripts/cluster/up.sh: a fresh database, the build if missing, two app servers, nginx; resolves when ready. */
export async function clusterUp(options: ClusterOptions): Promise<ClusterState> {
  await script('up.sh', [], options);
  return readState(options.clusterDir);
}

/** scripts/cluster/down.sh: stops everything and drops the database (`keep`: the folder with its logs stays). */
export async function clusterDown(options: ClusterOptions, { keep = false } = {}): Promise<void> {
  await script('down.sh', [], { ...options, env: { ...options.env, CLUSTER_KEEP: keep ? '1' : '0' } });
}

/**
 * SIGTERM to app server `n` (1 or 2), resolving once it has exited, with the seconds it took (restart-one.sh stop;
 * SIGKILL after 15 s).
 */
export async function stopAppServer(options: ClusterOptions, n: 1 | 2): Promise<number> {
  const out = await script('restart-one.sh', [String(n), 'stop'], options);
  return Number(out.trim().split('\n').pop());
}

/** Starts app server `n` again with the cluster's environment; resolves once it answers its readiness path. */
export async function startAppServer(options: ClusterOptions, n: 1 | 2): Promise<void> {
  await script('restart-one.sh', [String(n), 'start'], options);
}
