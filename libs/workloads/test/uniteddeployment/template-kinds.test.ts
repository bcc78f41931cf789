// Each template kind creates and updates its subset workloads and their pods (docs/spec/uniteddeployment.md
// §1.1, §3): CloneSet, Advanced StatefulSet, apps/v1 StatefulSet and Deployment; subsets coming and
// going; a change of template kind replacing the workloads.
import { afterEach, describe, expect, it } from '@jest/globals';
import type { KindRef } from '@coxswain/cluster';
import type { Node, Pod, UnitedDeployment } from '@coxswain/kruise-api';
import { isActive } from '../../src/pod/pod-state.js';
import { NODE_REF } from '../../src/refs.js';
import { ASTS_REF, CLONESET_REF, DEPLOYMENT_REF, NATIVE_STS_REF, UD_REF, startUnitedEnv, type UnitedEnv } from '../support/united-env.js';

let env: UnitedEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

const templateSpec = (image: string, extra = '') => `
      metadata: {labels: {app: web}}
      spec:
        selector: {matchLabels: {app: web}}${extra}
        template:
          metadata: {labels: {app: web}}
          spec: {containers: [{name: app, image: "${image}"}]}`;

function manifest(kind: string, image: string, options: { subsets?: string[]; replicas?: number; extra?: string } = {}): string {
  const subsets = (options.subsets ?? ['a', 'b', 'c']).map((z) => `
    - name: subset-${z}
      nodeSelectorTerm: {matchExpressions: [{key: node, operator: In, values: [zone-${z}]}]}`).join('');
  return `
apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: {name: web}
spec:
  replicas: ${options.replicas ?? 5}
  selector: {matchLabels: {app: web}}
  template:
    ${kind}:${templateSpec(image, options.extra ?? '')}
  topology:
    subsets:${subsets}
`;
}

const KINDS: [string, KindRef, string][] = [
  ['cloneSetTemplate', CLONESET_REF, ''],
  ['advancedStatefulSetTemplate', ASTS_REF, '\n        podManagementPolicy: Parallel'],
  ['statefulSetTemplate', NATIVE_STS_REF, '\n        podManagementPolicy: Parallel'],
  ['deploymentTemplate', DEPLOYMENT_REF, ''],
];

async function zonesOf(e: UnitedEnv, pods: Pod[]): Promise<string[]> {
  const nodes = new Map((await e.cluster.store.list<Node>(NODE_REF)).items.map((n) => [n.metadata.name!, n.metadata.labels?.['node']]));
  return [...new Set(pods.map((p) => nodes.get(p.spec.nodeName ?? '') ?? 'unscheduled'))].sort();
}

const settled = async (e: UnitedEnv, replicas = 5) => {
  const ud = await e.get<UnitedDeployment>(UD_REF, 'web');
  return ud.status?.observedGeneration === ud.metadata.generation && ud.status?.readyReplicas === replicas && ud.status?.updatedReadyReplicas === replicas
    && ud.status?.replicas === replicas && (await e.pods()).filter(isActive).length === replicas;
};

describe.each(KINDS)('%s', (kind, ref, extra) => {
  it('creates one workload per subset with its pods in its zone, then rolls a new image through all of them', async () => {
    env = await startUnitedEnv();
    await env.apply(manifest(kind, 'nginx:1.25', { extra }));
    await env.runUntil(() => settled(env!));
    const workloads = (await env.list<any>(ref)).sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
    expect(workloads.map((w) => [w.metadata.labels['apps.kruise.io/subset-name'], w.spec.replicas])).toEqual([['subset-a', 1], ['subset-b', 2], ['subset-c', 2]]);
    const ud = await env.get<UnitedDeployment>(UD_REF, 'web');
    for (const w of workloads) {
      expect(w.metadata.name).toMatch(new RegExp(`^web-${w.metadata.labels['apps.kruise.io/subset-name']}-[a-z0-9]{5}$`));
      expect(w.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'UnitedDeployment', uid: ud.metadata.uid, controller: true })]);
      expect(w.metadata.labels['apps.kruise.io/controller-revision-hash']).toBe(ud.status?.updatedRevision);
      expect(w.spec.selector.matchLabels).toEqual({ app: 'web', 'apps.kruise.io/subset-name': w.metadata.labels['apps.kruise.io/subset-name'] });
      const pods = (await env.pods()).filter((p) => isActive(p) && p.metadata.labels?.['apps.kruise.io/subset-name'] === w.metadata.labels['apps.kruise.io/subset-name']);
      expect(pods).toHaveLength(w.spec.replicas);
      expect(await zonesOf(env, pods)).toEqual([`zone-${w.metadata.labels['apps.kruise.io/subset-name'].slice(-1)}`]);
    }
    const first = ud.status!.updatedRevision!;
    await env.apply(manifest(kind, 'nginx:1.27', { extra }));
    await env.runUntil(async () => (await settled(env!)) && (await env!.pods()).filter(isActive).every((p) => p.spec.containers[0]!.image === 'nginx:1.27'), 120_000);
    const after = await env.get<UnitedDeployment>(UD_REF, 'web');
    expect(after.status?.updatedRevision).not.toBe(first);
    expect(after.status?.currentRevision).toBe(after.status?.updatedRevision);
    expect(env.errors).toEqual([]);
  });
});

describe('subsets coming and going', () => {
  it('creates a workload for an added subset and deletes the one of a removed subset, reallocating the replicas', async () => {
    env = await startUnitedEnv();
    await env.apply(manifest('cloneSetTemplate', 'nginx:1.25', { subsets: ['a', 'b'] }));
    await env.runUntil(() => settled(env!));
    await env.apply(manifest('cloneSetTemplate', 'nginx:1.25', { subsets: ['b', 'c'] }));
    await env.runUntil(async () => (await settled(env!)) && (await env!.list<any>(CLONESET_REF)).length === 2);
    const sets = await env.list<any>(CLONESET_REF);
    expect(sets.map((s) => s.metadata.labels['apps.kruise.io/subset-name']).sort()).toEqual(['subset-b', 'subset-c']);
    const ud = await env.get<UnitedDeployment>(UD_REF, 'web');
    // Subset statuses are only ever appended.
    expect(ud.status?.subsetStatuses?.map((s) => s.name)).toEqual(['subset-a', 'subset-b', 'subset-c']);
    expect(await zonesOf(env, (await env.pods()).filter(isActive))).toEqual(['zone-b', 'zone-c']);
    expect(env.errors).toEqual([]);
  });

  it('replaces the workloads when the template kind changes (owned workloads of the other kind are deleted)', async () => {
    env = await startUnitedEnv();
    await env.apply(manifest('cloneSetTemplate', 'nginx:1.25'));
    await env.runUntil(() => settled(env!));
    await env.apply(manifest('deploymentTemplate', 'nginx:1.25'));
    await env.runUntil(async () => (await env!.list(CLONESET_REF)).length === 0 && (await env!.list(DEPLOYMENT_REF)).length === 3 && settled(env!));
    expect(env.errors).toEqual([]);
  });

  it('adopts an orphan workload of the subset and removes a duplicate', async () => {
    env = await startUnitedEnv();
    await env.apply(manifest('cloneSetTemplate', 'nginx:1.25'));
    await env.runUntil(() => settled(env!));
    const [original] = (await env.list<any>(CLONESET_REF)).filter((s) => s.metadata.labels['apps.kruise.io/subset-name'] === 'subset-a');
    const copy = structuredClone(original);
    delete copy.metadata.uid; delete copy.metadata.resourceVersion; delete copy.metadata.creationTimestamp; delete copy.status;
    copy.metadata.name = 'web-subset-a-extra';
    copy.metadata.ownerReferences = [];
    await env.cluster.store.create(copy);
    await env.run(3000);
    const subsetA = (await env.list<any>(CLONESET_REF)).filter((s) => s.metadata.labels['apps.kruise.io/subset-name'] === 'subset-a');
    expect(subsetA).toHaveLength(1);
    await env.runUntil(() => settled(env!));
    expect(env.errors).toEqual([]);
  });
});
