import type { ClusterOptions } from '../scripts/cluster/cluster';

/** The cluster of this run, from the variables playwright.cluster.config.ts set (shared by setup, spec, teardown). */
export function clusterOptions(): ClusterOptions {
  const ports = (process.env.CLUSTER_APP_PORTS ?? '3411 3412').split(' ').map(Number);
  return {
    clusterDir: process.env.CLUSTER_DIR!,
    appPorts: [ports[0]!, ports[1]!],
    httpsPort: Number(process.env.CLUSTER_HTTPS_PORT),
    httpPort: Number(process.env.CLUSTER_HTTP_PORT),
    env: { LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'info' },
  };
}
