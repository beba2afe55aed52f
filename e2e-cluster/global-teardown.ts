import fs from 'node:fs';
import path from 'node:path';
import { clusterDown } from '../scripts/cluster/cluster';
import { clusterOptions } from './options';

/** Keeps the app servers' and nginx's logs in e2e/.artifacts/cluster/logs, then scripts/cluster/down.sh. */
export default async function globalTeardown(): Promise<void> {
  const options = clusterOptions();
  const logs = path.resolve('e2e/.artifacts/cluster/logs');
  fs.rmSync(logs, { recursive: true, force: true });
  fs.mkdirSync(logs, { recursive: true });
  for (const file of ['app1.log', 'app2.log', 'nginx/access.log', 'nginx/error.log']) {
    const from = path.join(options.clusterDir, file);
    if (fs.existsSync(from)) fs.copyFileSync(from, path.join(logs, file.replace('/', '-')));
  }
  await clusterDown(options);
}
