// Seeding the embedded cluster in a given state: SEED_FILE at startup, and Pods/Nodes with status
// through applyManifest.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually, TestApi } from './support/api-server.js';

const SEED = `
apiVersion: v1
kind: Node
metadata:
  name: edge-1
  labels:
    topology.kubernetes.io/zone: zone-edge
    kubernetes.io/hostname: edge-1
spec:
  taints:
    - key: dedicated
      value: edge
      effect: NoSchedule
status:
  capacity: { pods: "4" }
  allocatable: { pods: "4" }
  conditions:
    - type: Ready
      status: "True"
---
apiVersion: v1
kind: Namespace
metadata:
  name: seeded
---
apiVersion: v1
kind: Pod
metadata:
  name: edge-pod
  namespace: seeded
spec:
  nodeName: edge-1
  tolerations: [{ key: dedicated, operator: Exists }]
  containers: [{ name: app, image: registry.local/app:1 }]
`;

const OBJECT = `query($kind: String!, $ns: String, $name: String!) { object(kind: $kind, namespace: $ns, name: $name) { uid object } }`;

describe('seeding the embedded cluster', () => {
  let api: TestApi;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coxswain-seed-'));
    writeFileSync(join(dir, 'seed.yaml'), SEED);
    api = await TestApi.start({ SEED_FILE: join(dir, 'seed.yaml'), SIM_ZONES: '1', SIM_NODES_PER_ZONE: '1' });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('creates the objects of SEED_FILE at startup, Nodes with their status', async () => {
    const nodes = await api.graphql<{ nodes: { name: string; zone: string; taints: string[]; podCapacity: number; ready: boolean }[] }>(
      '{ nodes { name zone taints podCapacity ready } }',
    );
    expect(nodes.data!.nodes).toEqual(expect.arrayContaining([
      { name: 'edge-1', zone: 'zone-edge', taints: ['dedicated=edge:NoSchedule'], podCapacity: 4, ready: true },
      expect.objectContaining({ name: 'sim-a-1', zone: 'zone-a' }),
    ]));
    const pod = await eventually(async () => {
      const res = await api.graphql(OBJECT, { kind: 'Pod', ns: 'seeded', name: 'edge-pod' });
      return res.data?.object?.object?.status?.phase === 'Running' ? res.data.object.object : undefined;
    }, 10_000, 'seeded pod running on its seeded node');
    expect(pod.spec.nodeName).toBe('edge-1');
  });

  it('takes a Pod with status through applyManifest and keeps that status', async () => {
    const yaml = `
apiVersion: v1
kind: Pod
metadata: { name: finished, namespace: seeded }
spec:
  nodeName: sim-a-1
  restartPolicy: Never
  containers: [{ name: job, image: busybox:1.36 }]
status:
  phase: Succeeded
  podIP: 10.244.0.200
  containerStatuses:
    - name: job
      image: busybox:1.36
      imageID: docker-pullable://busybox@sha256:0
      ready: false
      restartCount: 0
      state: { terminated: { exitCode: 0, reason: Completed } }
`;
    const res = await api.graphql('mutation($y: String!) { applyManifest(yaml: $y) { name action } }', { y: yaml });
    expect(res.errors).toBeUndefined();
    const got = await api.graphql(OBJECT, { kind: 'Pod', ns: 'seeded', name: 'finished' });
    expect(got.data!.object.object.status).toMatchObject({ phase: 'Succeeded', podIP: '10.244.0.200' });
  });

  it('refuses status on kinds whose status a controller computes', async () => {
    const yaml = `
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: { name: web, namespace: seeded }
spec:
  replicas: 1
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web } }
    spec: { containers: [{ name: web, image: nginx }] }
status:
  replicas: 7
`;
    const res = await api.graphql('mutation($y: String!) { applyManifest(yaml: $y) { name } }', { y: yaml });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.extensions?.fieldErrors).toEqual([expect.objectContaining({ field: 'status' })]);
    const got = await api.graphql(OBJECT, { kind: 'CloneSet', ns: 'seeded', name: 'web' });
    expect(got.data!.object).toBeNull();
  });
});

describe('seeding only an empty cluster', () => {
  it('does not bring back seeded objects a user deleted when the server restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'coxswain-reseed-'));
    writeFileSync(join(dir, 'seed.yaml'), 'apiVersion: v1\nkind: Namespace\nmetadata: { name: from-seed }\n');
    const env = { SEED_FILE: join(dir, 'seed.yaml'), PGLITE_DIR: join(dir, 'pglite') };
    const seeded = async (api: TestApi) => (await api.graphql<{ object: { name: string } | null }>('{ object(kind: "namespaces", name: "from-seed") { name } }')).data!.object;
    let api = await TestApi.start(env);
    try {
      expect(await seeded(api)).toEqual({ name: 'from-seed' });
      expect((await api.graphql('mutation { deleteObject(kind: "namespaces", name: "from-seed") { name } }')).errors).toBeUndefined();
    } finally {
      await api.close();
    }
    api = await TestApi.start(env);
    try {
      expect(await seeded(api)).toBeNull();
    } finally {
      await api.close();
    }
  }, 120_000); // two starts on an on-disk database, one after the other
});
