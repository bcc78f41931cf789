// The seed document's UnitedDeployment (seed document 004, docs/README.md §4), applied verbatim in the embedded cluster:
// 6 replicas become subset-a 1, subset-b 3 (50%), subset-c 2, each an apps/v1 StatefulSet named
// <ud>-<subset>-xxxxx whose pods run only in their zone; a template change rolls each subset only down
// to its partition, and stepping one subset's partition rolls only that subset.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { Node, Pod, UnitedDeployment } from '@coxswain/kruise-api';
import { NODE_REF } from '../../src/refs.js';
import { NATIVE_STS_REF, UD_REF, livePodsOf, startUnitedEnv, type UnitedEnv } from '../support/united-env.js';

const SEED = readFileSync(new URL('./seed-004.yaml', import.meta.url), 'utf8');

let env: UnitedEnv | undefined;
afterEach(async () => {
  await env?.stop();
  env = undefined;
});

interface Row { subset: string; set: string; replicas: number; partition: number; zones: string[]; images: string[] }

async function rows(e: UnitedEnv): Promise<Row[]> {
  const sets = await e.list<any>(NATIVE_STS_REF);
  const pods = await e.pods();
  const nodes = new Map((await e.cluster.store.list<Node>(NODE_REF)).items.map((n) => [n.metadata.name!, n.metadata.labels?.['node']]));
  return sets.map((set): Row => {
    const own = livePodsOf(pods, set.metadata.uid);
    return {
      subset: set.metadata.labels['apps.kruise.io/subset-name'], set: set.metadata.name, replicas: set.spec.replicas,
      partition: set.spec.updateStrategy?.rollingUpdate?.partition ?? 0,
      zones: [...new Set(own.map((p: Pod) => nodes.get(p.spec.nodeName ?? '') ?? 'unscheduled'))].sort(),
      images: own.map((p: Pod) => p.spec.containers[0]!.image!).sort(),
    };
  }).sort((a, b) => a.subset.localeCompare(b.subset));
}

const ready = async (e: UnitedEnv) => {
  const ud = await e.get<UnitedDeployment>(UD_REF, 'sample-ud');
  return ud.status?.readyReplicas === ud.spec.replicas && ud.status?.updatedReadyReplicas === ud.spec.replicas && ud.status?.observedGeneration === ud.metadata.generation;
};

describe('the seed\'s UnitedDeployment', () => {
  it('spreads 6 replicas as 1 / 3 (50%) / 2 over three zones, one apps/v1 StatefulSet per subset', async () => {
    env = await startUnitedEnv();
    await env.apply(SEED);
    await env.runUntil(() => ready(env!));
    const table = await rows(env);
    expect(table.map(({ subset, replicas, zones }) => ({ subset, replicas, zones }))).toEqual([
      { subset: 'subset-a', replicas: 1, zones: ['zone-a'] },
      { subset: 'subset-b', replicas: 3, zones: ['zone-b'] },
      { subset: 'subset-c', replicas: 2, zones: ['zone-c'] },
    ]);
    for (const row of table) expect(row.set).toMatch(new RegExp(`^sample-ud-${row.subset}-[a-z0-9]{5}$`));
    const ud = await env.get<UnitedDeployment>(UD_REF, 'sample-ud');
    expect(ud.status).toMatchObject({ replicas: 6, readyReplicas: 6, updatedReplicas: 6, updatedReadyReplicas: 6, labelSelector: 'app=sample' });
    expect(ud.status?.subsetStatuses?.map((s) => [s.name, s.replicas, s.readyReplicas, s.partition])).toEqual([
      ['subset-a', 1, 1, 0], ['subset-b', 3, 3, 0], ['subset-c', 2, 2, 0],
    ]);
    expect(ud.status?.currentRevision).toBe(ud.status?.updatedRevision);
    expect(ud.status?.conditions?.map((c) => [c.type, c.status])).toEqual(expect.arrayContaining([['UnitedDeploymentUpdated', 'True'], ['SubsetProvisioned', 'True'], ['SubsetUpdated', 'True']]));
    const plan = env.united.planNow('default', 'sample-ud')!;
    expect(plan.subsets.map((s) => [s.name, s.replicas, s.reason])).toEqual([
      ['subset-a', 1, 'replicas 1'],
      ['subset-b', 3, 'replicas 50% of 6 = 3 (rounded half up)'],
      ['subset-c', 2, 'the rest (2 of 6) shared by 1 subset without replicas: 2'],
    ]);
    expect(plan.complete).toBe(true);
    expect(env.errors).toEqual([]);
  });

  it('rolls a template change in each subset only down to its partition, and one subset at a time when stepped', async () => {
    env = await startUnitedEnv();
    await env.apply(SEED);
    await env.runUntil(() => ready(env!));
    const partitions = (a: number, b: number, c: number) => SEED.replace('subset-a: 0', `subset-a: ${a}`).replace('subset-b: 0', `subset-b: ${b}`).replace('subset-c: 0', `subset-c: ${c}`);
    // Hold every pod back, then change the image: nothing moves.
    await env.apply(partitions(1, 3, 2));
    await env.run(3000);
    const image = (yaml: string) => yaml.replace('image: nginx:alpine', 'image: nginx:1.27-alpine');
    await env.apply(image(partitions(1, 3, 2)));
    await env.run(10_000);
    expect((await rows(env)).map((r) => [r.subset, r.partition, r.images])).toEqual([
      ['subset-a', 1, ['nginx:alpine']],
      ['subset-b', 3, Array(3).fill('nginx:alpine')],
      ['subset-c', 2, Array(2).fill('nginx:alpine')],
    ]);
    const held = env.united.planNow('default', 'sample-ud')!;
    expect(held.blockers.filter((b) => b.code === 'PARTITION').map((b) => b.message)).toEqual([
      expect.stringMatching(/^subset subset-a: partition 1 keeps 1 of its 1 pods on the previous revision/),
      expect.stringMatching(/^subset subset-b: partition 3 keeps 3 of its 3 pods/),
      expect.stringMatching(/^subset subset-c: partition 2 keeps 2 of its 2 pods/),
    ]);

    // Step subset-b to 1: only subset-b rolls, and only its two highest ordinals.
    await env.apply(image(partitions(1, 1, 2)));
    await env.runUntil(async () => (await rows(env!)).find((r) => r.subset === 'subset-b')!.images.filter((i) => i === 'nginx:1.27-alpine').length === 2, 60_000);
    await env.run(5000);
    expect((await rows(env)).map((r) => [r.subset, r.partition, r.images])).toEqual([
      ['subset-a', 1, ['nginx:alpine']],
      ['subset-b', 1, ['nginx:1.27-alpine', 'nginx:1.27-alpine', 'nginx:alpine']],
      ['subset-c', 2, ['nginx:alpine', 'nginx:alpine']],
    ]);
    const bPods = (await env.pods()).filter((p) => p.metadata.labels?.['apps.kruise.io/subset-name'] === 'subset-b' && !p.metadata.deletionTimestamp);
    expect(bPods.filter((p) => p.spec.containers[0]!.image === 'nginx:alpine').map((p) => p.metadata.name!.slice(-2))).toEqual(['-0']);

    // Release everything: all six pods end at the new revision and the current revision follows.
    await env.apply(image(partitions(0, 0, 0)));
    await env.runUntil(() => ready(env!), 120_000);
    const ud = await env.get<UnitedDeployment>(UD_REF, 'sample-ud');
    expect(ud.status?.currentRevision).toBe(ud.status?.updatedRevision);
    expect((await rows(env)).flatMap((r) => r.images)).toEqual(Array(6).fill('nginx:1.27-alpine'));
    expect(env.errors).toEqual([]);
  });
});
