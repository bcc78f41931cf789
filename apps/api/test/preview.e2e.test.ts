// previewRollout over GraphQL against a running server: the answer for a real change and a partition
// that stops it, that nothing is written to the cluster, and every hostile argument refused with the
// field at fault (never a stack trace). docs/preview.md is the guide.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, TestApi } from './support/api-server.js';

let api: TestApi;

const CLONESET = `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: pv, namespace: default }
spec:
  replicas: 6
  selector: { matchLabels: { app: pv } }
  template:
    metadata: { labels: { app: pv } }
    spec:
      containers: [{ name: nginx, image: "nginx:1.27-alpine" }]
  updateStrategy: { type: InPlaceIfPossible, maxUnavailable: 2 }
`;

const PREVIEW = `query P($kind: WorkloadKind!, $namespace: String!, $name: String!, $container: String, $image: String, $partition: IntOrPercent, $subset: String, $replicas: Int, $paused: Boolean, $manifest: String) {
  previewRollout(kind: $kind, namespace: $namespace, name: $name, container: $container, image: $image, partition: $partition, subset: $subset, replicas: $replicas, paused: $paused, manifest: $manifest) {
    outcome truncated durationMs
    waves { startMs endMs pods { pod action subset node zone readyAtMs } }
    stops { code message pods } hooks { code pods }
    timings { source imagePullMs containerStartMs }
    final { replicas updatedReplicas updatedReadyReplicas images health }
    forked { pods otherPods volumeClaims nodes }
  }
}`;
const address = { kind: 'CLONE_SET', namespace: 'default', name: 'pv' };

async function workload() {
  const res = await api.graphql<{ workload: { generation: number; images: string[]; status: { updatedReadyReplicas: number; replicas: number } } }>(
    `{ workload(kind: CLONE_SET, namespace: "default", name: "pv") { generation images status { replicas updatedReadyReplicas } } }`,
  );
  return res.data!.workload;
}

beforeAll(async () => {
  api = await TestApi.start();
  const applied = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: CLONESET });
  expect(applied.errors).toBeUndefined();
  await eventually(async () => ((await workload())?.status.updatedReadyReplicas === 6 ? true : undefined), 60_000, 'pv ready');
}, 120_000);

afterAll(async () => {
  await api?.close();
});

describe('previewRollout', () => {
  it('answers the waves of an image change and writes nothing', async () => {
    const before = await workload();
    const res = await api.graphql<{ previewRollout: any }>(PREVIEW, { ...address, container: 'nginx', image: 'nginx:1.26-alpine' });
    expect(res.errors).toBeUndefined();
    const p = res.data!.previewRollout;
    expect(p.outcome).toBe('COMPLETE');
    expect(p.timings.source).toBe('CONFIGURED');
    expect(p.forked.pods).toBe(6);
    // maxUnavailable 2 of 6 in place: three waves of two.
    expect(p.waves.map((w: any) => w.pods.length)).toEqual([2, 2, 2]);
    expect(p.waves.flatMap((w: any) => w.pods.map((x: any) => x.action))).toEqual(Array(6).fill('UPDATE_IN_PLACE'));
    expect(p.waves.every((w: any) => w.pods.every((x: any) => x.node && x.zone))).toBe(true);
    expect(p.final).toMatchObject({ replicas: 6, updatedReadyReplicas: 6, images: ['nginx:1.26-alpine'] });
    const after = await workload();
    expect(after.generation).toBe(before.generation);
    expect(after.images).toEqual(['nginx:1.27-alpine']);
  }, 180_000);

  it('says where a partition stops an image change, and which pods it lets through', async () => {
    const set = await api.graphql(`mutation { setPartition(kind: CLONE_SET, namespace: "default", name: "pv", partition: 4) { generation } }`);
    expect(set.errors).toBeUndefined();
    try {
      const res = await api.graphql<{ previewRollout: any }>(PREVIEW, { ...address, container: 'nginx', image: 'nginx:1.26-alpine' });
      expect(res.errors).toBeUndefined();
      const p = res.data!.previewRollout;
      expect(p.outcome).toBe('STOPPED');
      expect(p.stops.map((s: any) => s.code)).toContain('PARTITION');
      // 6 replicas, partition 4: two pods roll, in one wave (maxUnavailable 2).
      expect(p.waves.map((w: any) => w.pods.length)).toEqual([2]);
      expect(p.final).toMatchObject({ replicas: 6, updatedReadyReplicas: 2 });
    } finally {
      await api.graphql(`mutation { setPartition(kind: CLONE_SET, namespace: "default", name: "pv", partition: 0) { generation } }`);
    }
  }, 180_000);

  it('names the hook each pod will wait on', async () => {
    const hooked = CLONESET.replace(/pv/g, 'hooked').replace('metadata: { labels: { app: hooked } }', 'metadata: { labels: { app: hooked, example.com/ready-to-update: "false" } }')
      .replace('updateStrategy:', 'lifecycle: { inPlaceUpdate: { labelsHandler: { example.com/ready-to-update: "false" } } }\n  updateStrategy:');
    expect((await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: hooked })).errors).toBeUndefined();
    await eventually(async () => {
      const r = await api.graphql<{ workload: any }>(`{ workload(kind: CLONE_SET, namespace: "default", name: "hooked") { status { updatedReadyReplicas } } }`);
      return r.data?.workload?.status.updatedReadyReplicas === 6 ? true : undefined;
    }, 60_000, 'hooked ready');
    const res = await api.graphql<{ previewRollout: any }>(PREVIEW, { kind: 'CLONE_SET', namespace: 'default', name: 'hooked', container: 'nginx', image: 'nginx:1.26-alpine' });
    expect(res.errors).toBeUndefined();
    const p = res.data!.previewRollout;
    expect(p.outcome).toBe('STOPPED');
    // maxUnavailable 2: the first two pods wait on the in-place hook, each named, with who must act.
    expect(p.hooks.length).toBeGreaterThan(0);
    expect(p.hooks.every((h: any) => h.code === 'HOOK_PENDING' && h.pods.length > 0)).toBe(true);
    process.stdout.write(`preview hooks: ${JSON.stringify(p.hooks)}\n`);
    expect(p.waves).toHaveLength(1);
  }, 90_000);

  it('previews a whole manifest: the edited strategy and image together', async () => {
    const manifest = CLONESET.replace('nginx:1.27-alpine', 'nginx:1.26-alpine').replace('maxUnavailable: 2', 'maxUnavailable: 3');
    const res = await api.graphql<{ previewRollout: any }>(PREVIEW, { ...address, manifest });
    expect(res.errors).toBeUndefined();
    const p = res.data!.previewRollout;
    expect(p.outcome).toBe('COMPLETE');
    // maxUnavailable 3 of 6 in place: two waves of three (setImage alone: three of two).
    expect(p.waves.map((w: any) => w.pods.length)).toEqual([3, 3]);
    expect(p.final).toMatchObject({ replicas: 6, updatedReadyReplicas: 6, images: ['nginx:1.26-alpine'] });
    expect((await workload()).images).toEqual(['nginx:1.27-alpine']);
  }, 180_000);

  it('a partition alone rolls nothing: no wave', async () => {
    const res = await api.graphql<{ previewRollout: any }>(PREVIEW, { ...address, partition: 4 });
    expect(res.errors).toBeUndefined();
    expect(res.data!.previewRollout.outcome).not.toBe('TRUNCATED');
    expect(res.data!.previewRollout.waves).toEqual([]);
  }, 180_000);

  it('says where a pause holds the image change', async () => {
    const res = await api.graphql<{ previewRollout: any }>(PREVIEW, { ...address, paused: true });
    expect(res.errors).toBeUndefined();
    expect(res.data!.previewRollout.waves).toEqual([]);
  }, 180_000);

  // [what, arguments, text the error must name]
  const hostile: [string, Record<string, unknown>, string][] = [
    ['no change', {}, 'image'],
    ['two changes', { container: 'nginx', image: 'nginx:1', replicas: 3 }, 'replicas'],
    ['image without container', { image: 'nginx:1' }, 'container'],
    ['an unknown container', { container: 'nope', image: 'nginx:1' }, 'change.image'],
    ['an empty image', { container: 'nginx', image: '' }, 'change.image'],
    ['negative replicas', { replicas: -1 }, 'change.scale'],
    ['replicas past the fork cap', { replicas: 2147483647 }, 'change.scale.replicas'],
    ['a partition of nonsense', { partition: 'abc%' }, 'partition'],
    // Refused by the fork's admission, which is the cluster's: the message names the spec field.
    ['a partition over 100%', { partition: '150%' }, 'rollingUpdate.partition'],
    ['a negative partition', { partition: -3 }, 'partition'],
    ['a container name of 10,000 characters', { container: 'c'.repeat(10_000), image: 'nginx:1' }, 'change.image'],
    ['a manifest and an image', { manifest: CLONESET, container: 'nginx', image: 'nginx:1' }, 'manifest'],
    ['a manifest of another workload', { manifest: CLONESET.replace('name: pv', 'name: other') }, 'change.manifest.metadata.name'],
    ['a manifest of another kind', { manifest: CLONESET.replace('kind: CloneSet', 'kind: StatefulSet') }, 'change.manifest.kind'],
    ['malformed YAML', { manifest: 'kind: [CloneSet' }, 'change.manifest'],
    // Refused by the API's argument check before the preview reads it, naming the argument.
    ['a NUL byte in the manifest', { manifest: CLONESET.replace('pv', 'p\u0000v') }, 'manifest'],
    ['a manifest whose replicas are huge', { manifest: CLONESET.replace('replicas: 6', 'replicas: 99999999999999999999') }, 'change.manifest.spec.replicas'],
    ['a manifest field the kind does not declare', { manifest: CLONESET.replace('replicas: 6', 'replicas: 6\n  bogus: true') }, 'change.manifest.spec.bogus'],
  ];
  it.each(hostile)('refuses %s with BAD_USER_INPUT naming the field', async (_what, args, field) => {
    const res = await api.graphql(PREVIEW, { ...address, ...args });
    expect(res.errors).toBeDefined();
    const error = res.errors![0]!;
    expect(error.extensions?.code).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED|BAD_REQUEST/);
    expect(JSON.stringify(error)).not.toMatch(/\bat .+\.(js|ts):\d+/);
    expect(JSON.stringify({ message: error.message, extensions: error.extensions })).toContain(field);
    expect((await workload()).images).toEqual(['nginx:1.27-alpine']);
  }, 180_000);

  it('previews a UnitedDeployment: its subsets forked, each wave\'s pods with their subset, a subset\'s partition', async () => {
    const ud = `apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: { name: pvud, namespace: default }
spec:
  replicas: 4
  selector: { matchLabels: { app: pvud } }
  template:
    cloneSetTemplate:
      metadata: { labels: { app: pvud } }
      spec:
        selector: { matchLabels: { app: pvud } }
        template:
          metadata: { labels: { app: pvud } }
          spec: { containers: [{ name: nginx, image: "nginx:1.27-alpine" }] }
  topology:
    subsets:
    - { name: subset-a, nodeSelectorTerm: { matchExpressions: [{ key: node, operator: In, values: [zone-a] }] }, replicas: 2 }
    - { name: subset-b, nodeSelectorTerm: { matchExpressions: [{ key: node, operator: In, values: [zone-b] }] } }
  updateStrategy: { type: Manual, manualUpdate: { partitions: { subset-a: 0, subset-b: 2 } } }
`;
    expect((await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: ud })).errors).toBeUndefined();
    await eventually(async () => {
      const r = await api.graphql<{ workload: any }>(`{ workload(kind: UNITED_DEPLOYMENT, namespace: "default", name: "pvud") { status { updatedReadyReplicas } } }`);
      return r.data?.workload?.status.updatedReadyReplicas === 4 ? true : undefined;
    }, 60_000, 'pvud ready');
    const at = { kind: 'UNITED_DEPLOYMENT', namespace: 'default', name: 'pvud' };
    const image = await api.graphql<{ previewRollout: any }>(PREVIEW, { ...at, container: 'nginx', image: 'nginx:1.26-alpine' });
    expect(image.errors).toBeUndefined();
    const p = image.data!.previewRollout;
    expect(p.forked).toMatchObject({ pods: 4, volumeClaims: 0 });
    // subset-b's partition holds its two; subset-a's two are recreated one at a time (the subset CloneSet's
    // ReCreate, maxUnavailable 20% of 2, at least 1), each replacement created as its pod is deleted.
    expect(p.outcome).toBe('STOPPED');
    const recreate = ['subset-a:CREATE:zone-a', 'subset-a:DELETE:zone-a'];
    expect(p.waves.map((w: any) => w.pods.map((x: any) => `${x.subset}:${x.action}:${x.zone}`).sort())).toEqual([recreate, recreate]);
    const bad = await api.graphql(PREVIEW, { ...at, partition: 1, subset: 'nope' });
    expect(bad.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(bad.errors![0])).toContain('change.partition');
    const paused = await api.graphql(PREVIEW, { ...at, paused: true });
    expect(paused.errors![0]!.message).toMatch(/no pause/);
  }, 90_000);

  it('refuses every hostile manifest with its field under change.manifest, never a stack trace, and writes nothing', async () => {
    const before = await workload();
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`)].join('\n');
    const cases: [string, string][] = [
      ['', 'change.manifest'],
      ['{ not: yaml: at: all', 'change.manifest'],
      [`${CLONESET}---\n${CLONESET}`, 'change.manifest'],
      [CLONESET.replace('kind: CloneSet', 'kind: Deployment').replace('apps.kruise.io/v1alpha1', 'apps/v1'), 'change.manifest'],
      [CLONESET.replace('name: pv,', 'name: other,'), 'change.manifest.metadata.name'],
      [CLONESET.replace('name: pv,', 'name: "pv\\u0000",'), 'change.manifest.metadata.name'],
      [CLONESET.replace('replicas: 6', 'replicas: 1e300'), 'change.manifest.spec.replicas'],
      [CLONESET.replace('replicas: 6', 'replicas: "six"'), 'change.manifest.spec.replicas'],
      [CLONESET.replace('maxUnavailable: 2', 'maxUnavailable: 2, partition: "150%"'), 'change.manifest.spec.updateStrategy.partition'],
      [`${CLONESET}status: { replicas: 6 }\n`, 'change.manifest.status'],
      [CLONESET.replace('replicas: 6', 'replicas: 6\n  bogus: 1'), 'change.manifest.spec.bogus'],
      // Over the manifest's bound, the request is over the HTTP body's too: 413 in words.
      [`x: "${'y'.repeat(1_000_001)}"`, '413'],
      [bomb, 'change.manifest'],
      ['['.repeat(100_000), 'change.manifest'],
    ];
    for (const [manifest, field] of cases) {
      const res = await api.graphql(PREVIEW, { ...address, manifest });
      const what = `manifest ${JSON.stringify(manifest.slice(0, 80))}`;
      if (field === '413') {
        expect(res).toEqual({ statusCode: 413, message: 'request entity too large' });
        continue;
      }
      expect([what, res.errors?.[0]?.extensions?.code]).toEqual([what, 'BAD_USER_INPUT']);
      const text = JSON.stringify(res.errors);
      expect([what, text.includes(field)]).toEqual([what, true]);
      expect([what, /\bat .*\.(js|ts):\d+/.test(text)]).toEqual([what, false]);
    }
    // Nothing written, and the server still previews.
    expect((await workload()).generation).toBe(before.generation);
    const ok = await api.graphql<{ previewRollout: any }>(PREVIEW, { ...address, manifest: CLONESET.replace('nginx:1.27-alpine', 'nginx:1.26-alpine') });
    expect(ok.errors).toBeUndefined();
    expect(ok.data!.previewRollout.outcome).toBe('COMPLETE');
  }, 120_000);

  it('answers NOT_FOUND for a workload that is not there', async () => {
    const ud = await api.graphql(PREVIEW, { kind: 'UNITED_DEPLOYMENT', namespace: 'default', name: 'pv', replicas: 2 });
    expect(ud.errors![0]!.extensions?.code).toBe('NOT_FOUND');
    const missing = await api.graphql(PREVIEW, { ...address, name: 'x'.repeat(300), paused: true });
    expect(missing.errors![0]!.extensions?.code).toMatch(/NOT_FOUND|BAD_USER_INPUT/);
  }, 180_000);
});
