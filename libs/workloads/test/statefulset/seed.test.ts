// The OpenKruise Advanced StatefulSet document (seed 002) in the embedded cluster on a manual clock: its
// own examples, applied as written, behave as the document says.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import type { WatchHandle } from '@coxswain/cluster';
import { type Pod } from '@coxswain/kruise-api';
import { POD_REF } from '../../src/refs.js';
import { podOrdinal } from '../../src/statefulset/plan/identity.js';
import { isRunningAndReadyByCondition } from '../../src/statefulset/plan/pod-health.js';
import { ordinals, startStatefulSetEnv, type StatefulSetEnv } from '../support/statefulset-env.js';
import { environmentPerTest } from '../support/per-test.js';

let env: StatefulSetEnv;
environmentPerTest(() => startStatefulSetEnv(), (started) => (env = started));

/** A set named `name` with `replicas` pods of nginx:1.25, plus `extra` spec lines (indented two spaces). */
function manifest(name: string, replicas: number, extra = '', apiVersion = 'apps.kruise.io/v1beta1'): string {
  return `
apiVersion: ${apiVersion}
kind: StatefulSet
metadata:
  name: ${name}
spec:
  replicas: ${replicas}
  serviceName: ${name}
  selector:
    matchLabels:
      app: ${name}
  template:
    metadata:
      labels:
        app: ${name}
    spec:
      readinessGates:
      - conditionType: InPlaceUpdateReady
      containers:
      - name: main
        image: nginx:1.25
${extra}`;
}

const live = (pods: Pod[]) => pods.filter((p) => !p.metadata.deletionTimestamp);
const image = (p: Pod) => p.spec.containers[0]!.image;

async function setImage(name: string, to: string): Promise<void> {
  await env.patchSet(name, { template: { spec: { containers: [{ name: 'main', image: to }] } } });
}

async function until(check: () => Promise<boolean>, limitMs = 120_000): Promise<void> {
  await env.runUntil(check, limitMs);
}

/** Every pod change, in order, with the simulated time it was seen at. */
interface PodLog {
  /** Names of the pods by uid, as first seen. */
  names: Map<string, string>;
  deleted: Map<string, number>;
  ready: Map<string, number>;
  created: Map<string, number>;
  stop(): void;
}

/** The pods the log saw being deleted, in order. */
function order(log: PodLog): string[] {
  return [...log.deleted.entries()].sort((a, b) => a[1] - b[1]).map(([uid]) => log.names.get(uid)!);
}

async function watchPods(): Promise<PodLog> {
  const log: PodLog = { names: new Map(), deleted: new Map(), ready: new Map(), created: new Map(), stop: () => {} };
  const handle: WatchHandle = await env.cluster.store.watch<Pod>(POD_REF, { namespace: 'default', resourceVersion: env.cluster.store.currentResourceVersion() }, (e) => {
    const uid = e.object.metadata.uid!;
    const now = env.clock.now();
    if (!log.names.has(uid)) log.names.set(uid, e.object.metadata.name!);
    if (e.type === 'ADDED') log.created.set(uid, now);
    if (e.object.metadata.deletionTimestamp && !log.deleted.has(uid)) log.deleted.set(uid, now);
    // Only pods created while watching: an old pod seen Ready at its deletion did not just become ready.
    if (log.created.has(uid) && isRunningAndReadyByCondition(e.object) && !log.ready.has(uid)) log.ready.set(uid, now);
  });
  log.stop = () => handle.stop();
  return log;
}

describe('MaxUnavailable: P0..P4 with maxUnavailable 3 (seed §MaxUnavailable)', () => {
  it('partition 4 updates only P4; partition 0 then updates P1, P2, P3 at once, and P0 starts as soon as one of them finishes', async () => {
    await env.apply(manifest('sample', 5, `  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 3
      partition: 4`));
    await until(async () => (await env.set('sample')).status?.availableReplicas === 5);
    const before = await env.pods('sample');
    const uid = (pods: Pod[], o: number) => pods.find((p) => podOrdinal(p) === o && !p.metadata.deletionTimestamp)?.metadata.uid;

    // 1–2: maxUnavailable 3, partition 4: only P4 moves, even though 3 may be unavailable.
    await setImage('sample', 'nginx:1.27');
    await until(async () => {
      const s = (await env.set('sample')).status;
      return s?.observedGeneration === 2 && s.updatedReplicas === 1 && s.availableReplicas === 5;
    });
    await env.run(5_000);
    const atFour = live(await env.pods('sample'));
    expect(atFour.map((p) => [podOrdinal(p), image(p)])).toEqual([[0, 'nginx:1.25'], [1, 'nginx:1.25'], [2, 'nginx:1.25'], [3, 'nginx:1.25'], [4, 'nginx:1.27']]);
    for (const o of [0, 1, 2, 3]) expect(uid(atFour, o)).toBe(uid(before, o));
    expect(env.controller.lastPlan('default', 'sample')!.blockers).toContainEqual(expect.objectContaining({
      code: 'PARTITION', message: expect.stringMatching(/^partition keeps sample-0\.\.sample-3 on revision sample-/),
    }));

    // 3–4: partition 0: P3, P2, P1 go in one pass; P0 waits for a free slot. One of the three (the new P3)
    // is kept from ever becoming ready, so P0 can only start because another one finished.
    const log = await watchPods();
    const heldBack = new Set<string>();
    const hold = await env.cluster.store.watch<Pod>(POD_REF, { namespace: 'default', resourceVersion: env.cluster.store.currentResourceVersion() }, (e) => {
      if (e.type === 'ADDED' && e.object.metadata.name === 'sample-3') heldBack.add(e.object.metadata.name);
    });
    await env.patchSet('sample', { updateStrategy: { rollingUpdate: { partition: 0 } } });
    await until(async () => heldBack.size > 0);
    await env.cluster.store.patch(POD_REF, 'default', 'sample-3', { metadata: { annotations: { 'sim.coxswain.io/never-ready': 'true' } } });
    await until(async () => live(await env.pods('sample')).filter((p) => image(p) === 'nginx:1.27').length === 5 && log.deleted.size === 4, 60_000);
    hold.stop();
    log.stop();
    const deletedAt = (o: number) => log.deleted.get(uid(atFour, o)!)!;
    expect(deletedAt(1)).toBe(deletedAt(3));
    expect(deletedAt(2)).toBe(deletedAt(3));
    const after = live(await env.pods('sample'));
    const readyAt = (o: number) => log.ready.get(uid(after, o)!);
    expect(readyAt(3)).toBeUndefined();
    const firstDone = Math.min(readyAt(1)!, readyAt(2)!);
    // P0 went only once one of P1/P2 was back, and at once (within one reconcile of that).
    expect(deletedAt(0)).toBeGreaterThanOrEqual(firstDone);
    expect(deletedAt(0) - firstDone).toBeLessThanOrEqual(200);

    await env.cluster.store.patch(POD_REF, 'default', 'sample-3', { metadata: { annotations: { 'sim.coxswain.io/never-ready': null } } });
    await until(async () => {
      const s = (await env.set('sample')).status;
      return s?.updatedReplicas === 5 && s.readyReplicas === 5 && s.currentRevision === s.updateRevision;
    });
  });

  it('maxUnavailable 20% of 5 pods updates one pod at a time (percent rounds down, at least 1)', async () => {
    await env.apply(manifest('sample', 5, `  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 20%`));
    await until(async () => (await env.set('sample')).status?.availableReplicas === 5);
    const log = await watchPods();
    await setImage('sample', 'nginx:1.27');
    await until(async () => (await env.set('sample')).status?.updatedReplicas === 5 && (await env.set('sample')).status?.availableReplicas === 5);
    log.stop();
    const deletions = [...log.deleted.values()].sort((a, b) => a - b);
    const readies = [...log.ready.values()].sort((a, b) => a - b);
    expect(deletions).toHaveLength(5);
    expect(readies).toHaveLength(5);
    // Each deletion after the previous replacement was ready again.
    for (let i = 1; i < deletions.length; i++) expect(deletions[i]!).toBeGreaterThanOrEqual(readies[i - 1]!);
  });
});

describe('In-place update with gracePeriodSeconds (seed §In-Place Pod Update Strategy)', () => {
  it('marks the pod not ready, waits the grace period, then changes the image; name, uid, IP, node and PVC stay', async () => {
    await env.apply(manifest('sample', 3, `  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      podUpdatePolicy: InPlaceIfPossible
      maxUnavailable: 2
      inPlaceUpdateStrategy:
        gracePeriodSeconds: 10
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}`));
    await until(async () => (await env.set('sample')).status?.availableReplicas === 3);
    const identity = (p: Pod) => ({ name: p.metadata.name, uid: p.metadata.uid, ip: p.status?.podIP, node: p.spec.nodeName, claim: p.spec.volumes?.[0]?.persistentVolumeClaim?.claimName });
    const before = live(await env.pods('sample')).map(identity);
    const claimsBefore = (await env.claims()).map((c) => `${c.metadata.name}/${c.metadata.uid}`).sort();
    expect(claimsBefore.map((c) => c.split('/')[0])).toEqual(['data-sample-0', 'data-sample-1', 'data-sample-2']);

    await setImage('sample', 'nginx:1.27');
    let started = 0;
    await until(async () => {
      const p = live(await env.pods('sample')).find((x) => x.status?.conditions?.find((c) => c.type === 'InPlaceUpdateReady')?.status === 'False');
      if (p) started = env.clock.now();
      return p !== undefined;
    });
    await env.run(5_000);
    const inGrace = live(await env.pods('sample')).filter((p) => p.metadata.annotations?.['apps.kruise.io/inplace-update-grace'] !== undefined);
    expect(inGrace).toHaveLength(2);
    for (const p of inGrace) {
      expect(image(p)).toBe('nginx:1.25');
      expect(isRunningAndReadyByCondition(p)).toBe(false);
    }
    await until(async () => live(await env.pods('sample')).some((p) => image(p) === 'nginx:1.27'));
    expect(env.clock.now() - started).toBeGreaterThanOrEqual(10_000);
    await until(async () => {
      const s = (await env.set('sample')).status;
      return s?.updatedReplicas === 3 && s.availableReplicas === 3 && s.currentRevision === s.updateRevision;
    });
    const after = live(await env.pods('sample'));
    expect(after.map(identity)).toEqual(before);
    for (const p of after) {
      expect(image(p)).toBe('nginx:1.27');
      expect(p.status!.containerStatuses![0]!.restartCount).toBe(1);
    }
    expect((await env.claims()).map((c) => `${c.metadata.name}/${c.metadata.uid}`).sort()).toEqual(claimsBefore);
    const reasons = (await env.events()).map((e) => e.reason);
    expect(reasons.filter((r) => r === 'SuccessfulUpdatePodInPlace')).toHaveLength(3);
    expect(reasons).not.toContain('SuccessfulDelete');
  });
});

describe('reserveOrdinals (seed §序号保留)', () => {
  const reserving = (replicas: number, reserve: string) => manifest('sample', replicas, `  reserveOrdinals: ${reserve}`);
  const running = async () => ordinals(await env.pods('sample'));
  const settled = async (want: number[]) => {
    await until(async () => {
      const pods = live(await env.pods('sample'));
      return JSON.stringify(pods.map(podOrdinal)) === JSON.stringify(want) && pods.every(isRunningAndReadyByCondition) && (await env.pods('sample')).length === want.length;
    });
  };

  it('replicas 4 with reserveOrdinals [1] runs ordinals 0, 2, 3, 4; adding 3 migrates pod 3 to a new ordinal 5', async () => {
    await env.apply(reserving(4, '[1]'));
    await settled([0, 2, 3, 4]);
    expect(await running()).toEqual([0, 2, 3, 4]);
    // Done: the reserved ordinal is a gap, not something holding the set back.
    expect(env.controller.lastPlan('default', 'sample')).toMatchObject({ complete: true, blockers: [] });
    await env.apply(reserving(4, '[1, 3]'));
    await settled([0, 2, 4, 5]);
  });

  it('adding 3 to reserveOrdinals while lowering replicas to 3 deletes pod 3 only: 0, 2, 4', async () => {
    await env.apply(reserving(4, '[1]'));
    await settled([0, 2, 3, 4]);
    const uids = (await env.pods('sample')).map((p) => p.metadata.uid);
    await env.apply(reserving(3, '[1, 3]'));
    await settled([0, 2, 4]);
    const after = await env.pods('sample');
    expect(after.map((p) => p.metadata.uid)).toEqual([uids[0], uids[1], uids[3]]);
  });
});

describe('OrderedReady (the native default)', () => {
  it('creates pods strictly one by one: pod N only once pod N-1 is Running and Ready', async () => {
    const log = await watchPods();
    await env.apply(manifest('ordered', 4));
    await until(async () => (await env.set('ordered')).status?.availableReplicas === 4);
    log.stop();
    const pods = await env.pods('ordered');
    for (let i = 1; i < pods.length; i++) {
      const created = log.created.get(pods[i]!.metadata.uid!)!;
      const previousReady = log.ready.get(pods[i - 1]!.metadata.uid!)!;
      expect(created).toBeGreaterThanOrEqual(previousReady);
    }
    // Scale-down goes from the highest ordinal, one at a time.
    const down = await watchPods();
    await env.patchSet('ordered', { replicas: 1 });
    await until(async () => (await env.pods('ordered')).length === 1);
    down.stop();
    const order = [...down.deleted.entries()].sort((a, b) => a[1] - b[1]).map(([uid]) => pods.find((p) => p.metadata.uid === uid)!.metadata.name);
    expect(order).toEqual(['ordered-3', 'ordered-2', 'ordered-1']);
    const times = [...down.deleted.values()].sort((a, b) => a - b);
    expect(new Set(times).size).toBe(3);
  });
});

describe('lifecycle preDelete hook', () => {
  it('holds a scale-down in PreparingDelete until the hook label is removed, then deletes the pod', async () => {
    await env.apply(manifest('guarded', 3, `  lifecycle:
    preDelete:
      labelsHandler: {example.io/block: "true"}
      markPodNotReady: true`).replace('        app: guarded\n    spec:', '        app: guarded\n        example.io/block: "true"\n    spec:'));
    await until(async () => (await env.set('guarded')).status?.availableReplicas === 3);
    await env.patchSet('guarded', { replicas: 2 });
    await until(async () => (await env.pods('guarded')).find((p) => podOrdinal(p) === 2)?.metadata.labels?.['lifecycle.apps.kruise.io/state'] === 'PreparingDelete');
    await env.run(10_000);
    const held = (await env.pods('guarded')).find((p) => podOrdinal(p) === 2)!;
    expect(held.metadata.deletionTimestamp).toBeUndefined();
    expect(held.status!.conditions!.find((c) => c.type === 'KruisePodReady')).toMatchObject({ status: 'False', message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]' });
    expect(env.controller.lastPlan('default', 'guarded')!.blockers).toContainEqual({ code: 'HOOK_PENDING', message: 'pod guarded-2 waits for its preDelete hook to be acknowledged', pods: ['guarded-2'] });

    await env.cluster.store.patch(POD_REF, 'default', 'guarded-2', { metadata: { labels: { 'example.io/block': null } } });
    await until(async () => ordinals(await env.pods('guarded')).join() === '0,1' && (await env.pods('guarded')).length === 2);
    await until(async () => (await env.set('guarded')).status?.replicas === 2);
  });
});

describe('paused (seed §发布暂停)', () => {
  it('holds the rollout while replicas are still managed', async () => {
    await env.apply(manifest('sample', 2, `  updateStrategy:
    rollingUpdate:
      paused: true`));
    await until(async () => (await env.set('sample')).status?.availableReplicas === 2);
    await setImage('sample', 'nginx:1.27');
    await env.patchSet('sample', { replicas: 3 });
    await until(async () => (await env.set('sample')).status?.availableReplicas === 3);
    await env.run(5_000);
    const pods = live(await env.pods('sample'));
    // The new pod is created at the update revision (partition 0); the old ones wait.
    expect(pods.map(image)).toEqual(['nginx:1.25', 'nginx:1.25', 'nginx:1.27']);
    expect(env.controller.lastPlan('default', 'sample')!.blockers.map((b) => b.code)).toContain('PAUSED');
    await env.patchSet('sample', { updateStrategy: { rollingUpdate: { paused: false } } });
    await until(async () => live(await env.pods('sample')).every((p) => image(p) === 'nginx:1.27') && (await env.set('sample')).status?.availableReplicas === 3);
  });
});

describe('migration from apps/v1: only the apiVersion changes', () => {
  it('a native StatefulSet and the same manifest as an Advanced StatefulSet run the same pods with the same labels and defaults', async () => {
    await env.apply(manifest('native', 2, '', 'apps/v1').replace('      readinessGates:\n      - conditionType: InPlaceUpdateReady\n', ''));
    await env.apply(manifest('kruise', 2).replace('      readinessGates:\n      - conditionType: InPlaceUpdateReady\n', ''));
    await until(async () => (await env.nativeSet('native')).status?.readyReplicas === 2 && (await env.set('kruise')).status?.readyReplicas === 2);
    const native = await env.nativeSet('native');
    const kruise = await env.set('kruise');
    expect(native.spec.podManagementPolicy).toBe(kruise.spec.podManagementPolicy);
    expect(native.spec.updateStrategy?.rollingUpdate?.partition).toBe(kruise.spec.updateStrategy?.rollingUpdate?.partition);
    expect(native.spec.template).toEqual(JSON.parse(JSON.stringify(kruise.spec.template).replaceAll('kruise', 'native')));
    const strip = (p: Pod, name: string) => ({
      name: p.metadata.name!.replace(name, 'x'),
      labels: Object.fromEntries(Object.entries(p.metadata.labels!).filter(([k]) => !k.startsWith('lifecycle.') && k !== 'controller-revision-hash').map(([k, v]) => [k, v.replace(name, 'x')])),
      hostname: p.spec.hostname!.replace(name, 'x'),
    });
    expect((await env.pods('native', true)).map((p) => strip(p, 'native'))).toEqual((await env.pods('kruise')).map((p) => strip(p, 'kruise')));
    expect(native.status).toMatchObject({ replicas: 2, readyReplicas: 2, currentReplicas: 2, updatedReplicas: 2 });
    expect(native.status).not.toHaveProperty('updatedReadyReplicas');
  });
});

// The document's snippets, character for character. All but the complete example elide the rest of the
// spec with "# ..."; that rest is the base below (the complete example's selector and template).
const DOC_SNIPPETS: Record<string, string> = {
  maxUnavailable: `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
spec:
  # ...
  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      maxUnavailable: 20%`,
  gracePeriod: `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
spec:
  # ...
  podManagementPolicy: Parallel
  updateStrategy:
    type: RollingUpdate
    rollingUpdate:
      podUpdatePolicy: InPlaceIfPossible
      inPlaceUpdateStrategy:
        gracePeriodSeconds: 10`,
  weightPriority: `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
spec:
  # ...
  updateStrategy:
    rollingUpdate:
      unorderedUpdate:
        priorityStrategy:
          weightPriority:
          - weight: 50
            matchSelector:
              matchLabels:
                test-key: foo
          - weight: 30
            matchSelector:
              matchLabels:
                test-key: bar`,
  orderPriority: `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
spec:
  # ...
  updateStrategy:
    rollingUpdate:
      unorderedUpdate:
        priorityStrategy:
          orderPriority:
            - orderedKey: some-label-key`,
  paused: `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
spec:
  # ...
  updateStrategy:
    rollingUpdate:
      paused: true`,
  reserveOrdinals: `apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
spec:
  # ...
  replicas: 4
  reserveOrdinals:
  - 1`,
};

/** "# ..." filled in: name, selector and template (and Parallel, which unorderedUpdate needs), then the snippet's own spec lines. */
function fillIn(snippet: string, name: string, replicas: number, parallel: boolean): string {
  const [head, spec] = snippet.split('spec:\n');
  const rest = [
    `  serviceName: ${name}`,
    ...(spec!.includes('replicas:') ? [] : [`  replicas: ${replicas}`]),
    ...(parallel && !spec!.includes('podManagementPolicy') ? ['  podManagementPolicy: Parallel'] : []),
    '  selector:', '    matchLabels:', `      app: ${name}`,
    '  template:', '    metadata:', '      labels:', `        app: ${name}`,
    '    spec:', '      readinessGates:', '      - conditionType: InPlaceUpdateReady',
    '      containers:', '      - name: main', '        image: nginx:alpine',
  ].join('\n');
  return `${head}metadata:\n  name: ${name}\nspec:\n${rest}\n${spec}\n`;
}

describe('every YAML of the document applies as written', () => {
  it('the complete in-place example runs 3 pods with the readiness gate, Parallel, in place', async () => {
    await env.apply(readFileSync(new URL('../../../kruise-api/test/fixtures/advanced-statefulset.yaml', import.meta.url), 'utf8'));
    await until(async () => (await env.set('sample')).status?.availableReplicas === 3);
    const set = await env.set('sample');
    expect(set.spec.updateStrategy!.rollingUpdate).toMatchObject({ podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: 2, partition: 0 });
    await setImage('sample', 'nginx:1.27');
    await until(async () => (await env.set('sample')).status?.updatedReplicas === 3 && (await env.set('sample')).status?.availableReplicas === 3);
    expect((await env.events()).map((e) => e.reason)).not.toContain('SuccessfulDelete');
  });

  it.each(Object.keys(DOC_SNIPPETS))('the %s snippet is accepted with the rest of the spec filled in', async (key) => {
    await env.apply(fillIn(DOC_SNIPPETS[key]!, 'doc', 3, true));
    await until(async () => (await env.set('doc')).status?.readyReplicas === (key === 'reserveOrdinals' ? 4 : 3));
    if (key === 'reserveOrdinals') expect(ordinals(await env.pods('doc'))).toEqual([0, 2, 3, 4]);
  });

  it.each([
    ['weightPriority', 'test-key', ['bar', 'foo', ''], ['doc-1', 'doc-0', 'doc-2']],
    ['orderPriority', 'some-label-key', ['sts-2', 'sts-10', 'sts-5'], ['doc-1', 'doc-2', 'doc-0']],
  ])('%s orders the update by the pods\' labels', async (key, label, values, expected) => {
    await env.apply(fillIn(DOC_SNIPPETS[key]!, 'doc', 3, true));
    await until(async () => (await env.set('doc')).status?.availableReplicas === 3);
    for (const [o, value] of values.entries()) {
      if (value !== '') await env.cluster.store.patch(POD_REF, 'default', `doc-${o}`, { metadata: { labels: { [label]: value } } });
    }
    const log = await watchPods();
    await setImage('doc', 'nginx:1.27');
    await until(async () => (await env.set('doc')).status?.updatedReplicas === 3 && (await env.set('doc')).status?.availableReplicas === 3);
    log.stop();
    expect(order(log)).toEqual(expected);
  });
});
