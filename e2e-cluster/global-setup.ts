import { clusterDown, clusterUp } from '../scripts/cluster/cluster';
import { clusterOptions } from './options';

/** Brings the cluster up (scripts/cluster/up.sh; a leftover one of an interrupted run is stopped first). */
export default async function globalSetup(): Promise<void> {
  const options = clusterOptions();
  await clusterDown(options);
  const state = await clusterUp(options);
  console.log(
    `cluster: ${state.publicUrl} → app servers on ${state.appPorts.join(', ')} (database ${state.database}, ` +
      `readiness ${state.healthPath})`,
  );
}
