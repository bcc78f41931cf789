// The partition-style Deployment release the scenario tests walk (docs/spec/kruise-rollout.md §6.3): an
// apps/v1 Deployment `web` of 5 (maxSurge 1, maxUnavailable 0), its Rollout `demo` (20% waiting for an
// approval, 60%, 100%), the v2 template, and reads of the Deployment and its pods through its ReplicaSets.
import type { Deployment, Pod, ReplicaSet } from '@coxswain/kruise-api';
import { isActive } from '../../src/pod/pod-state.js';
import { DEPLOYMENT_REF, POD_REF, REPLICASET_REF } from '../../src/refs.js';
import { rolloutYaml, templateWith, workloadYaml } from '../../src/testing/rollout-manifests.js';
import type { RolloutEnv } from './rollout-env.js';

export const WEB = { name: 'web', image: 'web:v1' };
export const DEPLOYMENT = workloadYaml(DEPLOYMENT_REF, { ...WEB, spec: 'strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 1, maxUnavailable: 0}}' });
export const ROLLOUT = rolloutYaml({
  name: 'demo', workloadRef: { ...DEPLOYMENT_REF, name: 'web' }, deploymentStyle: 'partition',
  steps: ['{replicas: 20%, pause: {}}', '{replicas: 60%, pause: {duration: 0}}', '{replicas: 100%}'],
});
export const V2 = templateWith(WEB, 'web:v2');

/** Reads of the Deployment `web` in `env`. */
export function deploymentReads(env: () => RolloutEnv) {
  const stable = () => env().workload(DEPLOYMENT_REF, 'web') as Promise<Deployment>;
  /** The live pods of the Deployment (through its ReplicaSets). */
  async function pods(): Promise<Pod[]> {
    const d = await stable();
    const { store } = env().cluster;
    const sets = (await store.list<ReplicaSet>(REPLICASET_REF, { namespace: 'default' })).items
      .filter((rs) => rs.metadata.ownerReferences?.some((r) => r.uid === d.metadata.uid));
    const uids = new Set(sets.map((rs) => rs.metadata.uid));
    return (await store.list<Pod>(POD_REF, { namespace: 'default' })).items
      .filter((p) => isActive(p) && p.metadata.ownerReferences?.some((r) => uids.has(r.uid)));
  }
  /** Applies the Deployment and its Rollout, waits for both to settle, and changes the template to v2. */
  async function releaseV2(): Promise<void> {
    await env().apply(DEPLOYMENT);
    await env().runUntil(async () => (await stable()).status?.availableReplicas === 5);
    await env().apply(ROLLOUT);
    await env().runUntil(async () => (await env().rollout()).status?.phase === 'Healthy');
    await env().patchSpec(DEPLOYMENT_REF, 'web', { template: V2 });
  }
  return { stable, pods, releaseV2 };
}
