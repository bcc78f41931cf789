// Adaptive scheduling in the embedded cluster (docs/spec/uniteddeployment.md §4): a zone whose nodes are all
// cordoned leaves its pods Pending-unschedulable; after rescheduleCriticalSeconds the subset is marked
// Schedulable=False and its replicas move to the later subsets; after unschedulableDuration, with the
// zone healthy again, the subset is schedulable again. With reserveUnschedulablePods the pending pods
// stay, labelled reserved and left out of status.replicas, while substitutes run elsewhere, and the
// substitutes go away once the reserved pods have been Ready for unschedulableDuration.
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Pod, UnitedDeployment } from '@coxswain/kruise-api';
import { isActive } from '../../src/pod/pod-state.js';
import { CLONESET_REF, UD_REF, startUnitedEnv, type UnitedEnv } from '../support/united-env.js';

let env: UnitedEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

function manifest(replicas: number, reserve: boolean): string {
  const subsets = ['a', 'b', 'c'].map((z) => `
    - name: subset-${z}
      nodeSelectorTerm: {matchExpressions: [{key: node, operator: In, values: [zone-${z}]}]}${z === 'c' ? '' : '\n      maxReplicas: 2'}`).join('');
  return `
apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: {name: web}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: web}}
  template:
    cloneSetTemplate:
      metadata: {labels: {app: web}}
      spec:
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec: {containers: [{name: app, image: nginx:1.25}]}
  topology:
    scheduleStrategy:
      type: Adaptive
      adaptive: {rescheduleCriticalSeconds: 30, unschedulableDuration: 120${reserve ? ', reserveUnschedulablePods: true' : ''}}
    subsets:${subsets}
`;
}

const ud = () => env!.get<UnitedDeployment>(UD_REF, 'web');
const allocation = async () => Object.fromEntries(((await ud()).status?.subsetStatuses ?? []).map((s) => [s.name, s.replicas]));
const schedulable = async (subset: string) => (await ud()).status?.subsetStatuses?.find((s) => s.name === subset)?.conditions?.find((c) => c.type === 'Schedulable');
const podsOf = async (subset: string): Promise<Pod[]> => (await env!.pods()).filter((p) => isActive(p) && p.metadata.labels?.['apps.kruise.io/subset-name'] === subset);
const readyIn = async (subset: string) => (await podsOf(subset)).filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')).length;

describe('Adaptive', () => {
  it('moves the replicas of a zone whose pods cannot be scheduled, and lets the subset take replicas again after it recovers', async () => {
    env = await startUnitedEnv();
    await env.cordon('sim-a-', true);
    await env.apply(manifest(6, false));
    await env.run(5000);
    // Within rescheduleCriticalSeconds: 2 / 2 / 2, subset-a's pods Pending with kube-scheduler's reason.
    expect(await allocation()).toEqual({ 'subset-a': 2, 'subset-b': 2, 'subset-c': 2 });
    const pending = await podsOf('subset-a');
    expect(pending).toHaveLength(2);
    for (const pod of pending) {
      expect(pod.status?.phase).toBe('Pending');
      expect(pod.status?.conditions?.find((c) => c.type === 'PodScheduled')).toMatchObject({ status: 'False', reason: 'Unschedulable' });
    }
    const markedAt = env.clock.now();
    await env.runUntil(async () => (await schedulable('subset-a'))?.status === 'False', 40_000);
    expect(env.clock.now() - markedAt).toBeGreaterThanOrEqual(20_000);
    expect(await schedulable('subset-a')).toMatchObject({ reason: 'reschedule', message: 'timeout pending pods found' });
    await env.runUntil(async () => (await readyIn('subset-c')) === 4 && (await podsOf('subset-a')).length === 0, 60_000);
    expect(await allocation()).toEqual({ 'subset-a': 0, 'subset-b': 2, 'subset-c': 4 });
    const plan = env.united.planNow('default', 'web')!;
    expect(plan.subsets[0]).toMatchObject({ name: 'subset-a', replicas: 0, reason: expect.stringMatching(/^unschedulable: held at its 0 ready pods/) });
    expect(plan.blockers.find((b) => b.code === 'UNSCHEDULABLE')?.message).toMatch(/^subset subset-a is unschedulable \(timeout pending pods found\) until 2026-/);
    expect((await ud()).status).toMatchObject({ replicas: 6, readyReplicas: 6 });

    // The zone heals; the mark lasts unschedulableDuration, then the subset is schedulable again.
    await env.cordon('sim-a-', false);
    await env.run(60_000);
    expect((await schedulable('subset-a'))?.status).toBe('False');
    await env.runUntil(async () => (await schedulable('subset-a'))?.status === 'True', 120_000);
    expect(await schedulable('subset-a')).toMatchObject({ reason: 'recover', message: 'unschedulable subset recovered after 120.000000 seconds' });
    // The substitutes stay where they run Ready (docs/spec/uniteddeployment.md §4.1: never shrink below running pods); new replicas go to subset-a first.
    await env.apply(manifest(8, false));
    await env.runUntil(async () => (await readyIn('subset-a')) === 2, 60_000);
    expect(await allocation()).toEqual({ 'subset-a': 2, 'subset-b': 2, 'subset-c': 4 });
    expect(env.errors).toEqual([]);
  });

  it('with reserveUnschedulablePods keeps the pending pods reserved, runs substitutes, and gives the replicas back once the zone is healthy', async () => {
    env = await startUnitedEnv();
    await env.cordon('sim-a-', true);
    await env.apply(manifest(6, true));
    await env.runUntil(async () => (await schedulable('subset-a'))?.status === 'False', 60_000);
    await env.runUntil(async () => (await readyIn('subset-c')) === 4, 60_000);
    const reserved = await podsOf('subset-a');
    expect(reserved).toHaveLength(2);
    for (const pod of reserved) expect(pod.metadata.labels?.['apps.kruise.io/united-deployment-reserved-pod']).toBe('true');
    for (const pod of [...(await podsOf('subset-b')), ...(await podsOf('subset-c'))]) {
      expect(pod.metadata.labels?.['apps.kruise.io/united-deployment-reserved-pod']).toBe('false');
    }
    expect(await allocation()).toEqual({ 'subset-a': 2, 'subset-b': 2, 'subset-c': 4 });
    expect((await ud()).status).toMatchObject({
      replicas: 6, reservedPods: 2, readyReplicas: 6,
      labelSelector: 'app=web,apps.kruise.io/united-deployment-reserved-pod=false',
    });
    expect((await ud()).status?.subsetStatuses?.find((s) => s.name === 'subset-a')).toMatchObject({ reservedPods: 2 });
    expect(await schedulable('subset-a')).toMatchObject({ status: 'False', reason: 'reschedule', message: 'reserved pods found' });

    // The zone heals: the reserved pods start, stay reserved while Ready less than unschedulableDuration, then the substitutes go.
    await env.cordon('sim-a-', false);
    await env.runUntil(async () => (await readyIn('subset-a')) === 2, 30_000);
    await env.run(60_000);
    expect((await podsOf('subset-c')).length).toBe(4);
    await env.runUntil(async () => (await podsOf('subset-c')).length === 2, 180_000);
    await env.runUntil(async () => (await ud()).status?.reservedPods === 0 && (await ud()).status?.replicas === 6, 30_000);
    expect(await allocation()).toEqual({ 'subset-a': 2, 'subset-b': 2, 'subset-c': 2 });
    expect(await schedulable('subset-a')).toMatchObject({ status: 'True', reason: 'reschedule', message: 'no reserved pods' });
    for (const pod of await podsOf('subset-a')) expect(pod.metadata.labels?.['apps.kruise.io/united-deployment-reserved-pod']).toBe('false');
    expect((await env.list<any>(CLONESET_REF)).map((s) => s.spec.replicas).sort()).toEqual([2, 2, 2]);
    expect(env.errors).toEqual([]);
  });
});
