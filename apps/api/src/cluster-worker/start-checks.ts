// What Kubernetes mode checks before it starts: that the cluster answers and accepts the credentials, and
// that it serves, and lets Coxswain list, every kind the controllers watch and the API shows. A cluster
// without a Kruise CRD (or an old OpenKruise without UnitedDeployment) fails the start with every missing
// kind named, rather than running with informers that retry forever and caches that never sync.
import type { Clock, ClusterClient, KindRef } from '@coxswain/cluster';
import { ControllerManager } from '@coxswain/controller-runtime';
import { POD_REF, WORKLOAD_KINDS } from '@coxswain/workloads';
import type { AppConfig } from '../config/config.js';
import type { JsonLogger } from '../logging/json-logger.js';
import { registerControllers, type RegisterOptions } from './controllers.js';

/**
 * The kinds the controllers of this mode watch, read from a registration that is never started (the
 * controllers declare their informers when constructed), and the workload kinds the API caches.
 */
export function watchedKinds(client: ClusterClient, config: AppConfig, clock: Clock, logger: JsonLogger, options: RegisterOptions): KindRef[] {
  const kinds = new Map<string, KindRef>();
  const add = (ref: KindRef) => kinds.set(`${ref.apiVersion}/${ref.kind}`, { apiVersion: ref.apiVersion, kind: ref.kind });
  add(POD_REF);
  for (const k of WORKLOAD_KINDS) add(k.ref);
  if (config.controllers.mode !== 'off') {
    const probe = new ControllerManager({ client, clock });
    registerControllers(probe, config, { forComponent: () => ({ event() {} }) }, logger, options);
    for (const informer of probe.informers.list()) add(informer.ref);
  }
  return [...kinds.values()];
}

/** Throws one error naming the reason: the cluster unreachable or refusing us, or every kind it does not serve or let us list. */
export async function checkClusterServes(client: ClusterClient, kinds: readonly KindRef[]): Promise<void> {
  // Reachability and credentials first: when they fail, every kind fails the same way.
  await client.list(POD_REF, { limit: 1 });
  const results = await Promise.allSettled(kinds.map((ref) => client.list(ref, { limit: 1 })));
  const failures = results.flatMap((r, i) =>
    r.status === 'rejected' ? [`${kinds[i]!.kind} (${kinds[i]!.apiVersion}): ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`] : []);
  if (failures.length === 0) return;
  throw new Error(
    `the controllers cannot list ${failures.length} of the ${kinds.length} kinds they need ` +
      '(a missing Kruise CRD: apply docker/kubernetes/kruise-crds.yaml or install OpenKruise and OpenKruise Rollouts; a refusal: grant the ClusterRoles of docker/kubernetes/coxswain.yaml): ' +
      failures.join('; '),
  );
}
