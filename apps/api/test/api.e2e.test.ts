// The API over real HTTP and WebSocket against the embedded cluster.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, TestApi } from './support/api-server.js';

const POD_YAML = (ns: string, name: string, image = 'nginx:1.25') => `
apiVersion: v1
kind: Pod
metadata:
  name: ${name}
  namespace: ${ns}
  labels:
    app: ${name}
spec:
  containers:
    - name: main
      image: ${image}
`;

const OBJECT = `query($kind: String!, $ns: String, $name: String!) {
  object(kind: $kind, namespace: $ns, name: $name) { name uid resourceVersion deletionTimestamp object }
}`;
const APPLY = `mutation($yaml: String!, $dryRun: Boolean) {
  applyManifest(yaml: $yaml, dryRun: $dryRun) { apiVersion kind namespace name uid action }
}`;
const LIST = `query($kind: String!, $ns: String, $sel: String, $first: Int, $after: String) {
  objects(kind: $kind, namespace: $ns, labelSelector: $sel, first: $first, after: $after) {
    totalCount resourceVersion edges { cursor node { name } } pageInfo { hasNextPage endCursor }
  }
}`;

describe('API over HTTP', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await TestApi.start();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers health, readiness and metrics', async () => {
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
    const metrics = await fetch(`${api.url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toMatch(/^process_cpu_user_seconds_total \d/m);
  });

  it('lists the simulated nodes: 3 zones x 3 nodes, Ready', async () => {
    const res = await api.graphql<{ nodes: { name: string; zone: string; ready: boolean; status: string; podCapacity: number }[] }>(
      '{ nodes { name zone ready status podCapacity } }',
    );
    expect(res.errors).toBeUndefined();
    const nodes = res.data!.nodes;
    expect(nodes).toHaveLength(9);
    expect(new Set(nodes.map((n) => n.zone))).toEqual(new Set(['zone-a', 'zone-b', 'zone-c']));
    expect(nodes.every((n) => n.ready && n.status === 'Ready' && n.podCapacity === 110)).toBe(true);
  });

  it('applies a Pod that gets scheduled, Running and Ready', async () => {
    const applied = await api.graphql(APPLY, { yaml: POD_YAML('e2e', 'web') });
    expect(applied.errors).toBeUndefined();
    expect(applied.data!.applyManifest).toEqual([
      expect.objectContaining({ apiVersion: 'v1', kind: 'Pod', namespace: 'e2e', name: 'web', action: 'created' }),
    ]);
    const pod = await eventually(async () => {
      const res = await api.graphql(OBJECT, { kind: 'Pod', ns: 'e2e', name: 'web' });
      const obj = res.data?.object?.object;
      const ready = obj?.status?.conditions?.find((c: { type: string }) => c.type === 'Ready')?.status === 'True';
      return obj?.status?.phase === 'Running' && ready ? obj : undefined;
    }, 10_000, 'pod web Running and Ready');
    expect(pod.spec.nodeName).toMatch(/^sim-/);
    expect(pod.status.podIP).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(pod.status.containerStatuses[0]).toMatchObject({ name: 'main', image: 'nginx:1.25', ready: true, restartCount: 0 });
  });

  it('refuses malformed YAML with BAD_USER_INPUT naming the document and stores nothing', async () => {
    const yaml = `${POD_YAML('bad', 'first')}---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: second\n   namespace: bad\n`;
    const res = await api.graphql(APPLY, { yaml });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/document 2/);
    expect(res.errors?.[0]?.extensions?.documentIndex).toBe(1);
    const list = await api.graphql(LIST, { kind: 'pods', ns: 'bad' });
    expect(list.data!.objects.totalCount).toBe(0);
  });

  it('applies all documents or none: an unknown kind in document 2 leaves document 1 unwritten', async () => {
    const yaml = `${POD_YAML('atomic', 'one')}---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: two\n`;
    const res = await api.graphql(APPLY, { yaml });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.message).toMatch(/Deployment/);
    const list = await api.graphql(LIST, { kind: 'pods', ns: 'atomic' });
    expect(list.data!.objects.totalCount).toBe(0);
  });

  it('names the field of an invalid object', async () => {
    const res = await api.graphql(APPLY, { yaml: POD_YAML('fields', 'Not_A_Name') });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0]?.extensions?.fieldErrors).toEqual([expect.objectContaining({ field: 'metadata.name' })]);
  });

  it('dry-runs without writing', async () => {
    const res = await api.graphql(APPLY, { yaml: POD_YAML('dry', 'ghost'), dryRun: true });
    expect(res.errors).toBeUndefined();
    expect(res.data!.applyManifest[0]).toMatchObject({ name: 'ghost', action: 'created' });
    const found = await api.graphql(OBJECT, { kind: 'Pod', ns: 'dry', name: 'ghost' });
    expect(found.data!.object).toBeNull();
  });

  it('paginates object lists with cursors and filters by label selector', async () => {
    const yaml = Array.from({ length: 5 }, (_, i) => POD_YAML('paged', `p${i}`)).join('---\n');
    expect((await api.graphql(APPLY, { yaml })).errors).toBeUndefined();
    const first = await api.graphql(LIST, { kind: 'pods', ns: 'paged', first: 2 });
    expect(first.data!.objects.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['p0', 'p1']);
    expect(first.data!.objects.pageInfo.hasNextPage).toBe(true);
    const second = await api.graphql(LIST, { kind: 'pods', ns: 'paged', first: 2, after: first.data!.objects.pageInfo.endCursor });
    expect(second.data!.objects.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['p2', 'p3']);
    const selected = await api.graphql(LIST, { kind: 'pods', ns: 'paged', sel: 'app in (p1,p4)' });
    expect(selected.data!.objects.edges.map((e: { node: { name: string } }) => e.node.name)).toEqual(['p1', 'p4']);
    const badSelector = await api.graphql(LIST, { kind: 'pods', sel: 'app in (' });
    expect(badSelector.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badKind = await api.graphql(LIST, { kind: 'daemonsets' });
    expect(badKind.errors?.[0]?.extensions?.fieldErrors?.[0]?.field).toBe('kind');
  });

  it('streams object changes over graphql-ws and deletes gracefully', async () => {
    // List-then-watch, as informers do: the watch resumes from the list's resourceVersion, so the
    // pod created right after cannot be missed however late the subscription starts.
    const listedAt = (await api.graphql(LIST, { kind: 'pods', ns: 'ws' })).data!.objects.resourceVersion;
    const client = api.ws();
    const events: { type: string; name: string; deleting: boolean }[] = [];
    const done = new Promise<void>((resolve, reject) => {
      client.subscribe<{ objectChanged: { type: string; object: { name: string; deletionTimestamp: string | null } } }>(
        { query: `subscription { objectChanged(kind: "pods", namespace: "ws", resourceVersion: "${listedAt}") { type object { name deletionTimestamp } } }` },
        {
          next: ({ data }) => {
            const e = data!.objectChanged;
            events.push({ type: e.type, name: e.object.name, deleting: e.object.deletionTimestamp !== null });
            if (e.type === 'DELETED') resolve();
          },
          error: reject,
          complete: () => resolve(),
        },
      );
    });
    expect((await api.graphql(APPLY, { yaml: POD_YAML('ws', 'live') })).errors).toBeUndefined();
    await eventually(async () => (events.some((e) => e.type === 'MODIFIED') ? true : undefined), 10_000, 'pod status changes');
    const deleted = await api.graphql(`mutation { deleteObject(kind: "Pod", namespace: "ws", name: "live") { name deletionTimestamp } }`);
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data!.deleteObject.deletionTimestamp).not.toBeNull(); // running pod: graceful termination first
    await done;
    await client.dispose();
    expect(events[0]).toEqual({ type: 'ADDED', name: 'live', deleting: false });
    expect(events.some((e) => e.type === 'MODIFIED' && e.deleting)).toBe(true);
    expect(events[events.length - 1]!.type).toBe('DELETED');
  });

  it('merge-patches labels and annotations of an object and keeps the rest; a stale resourceVersion is CONFLICT', async () => {
    await api.graphql(APPLY, { yaml: POD_YAML('e2e', 'patched') });
    const PATCH = `mutation($p: JSON!) { patchObject(kind: "pods", namespace: "e2e", name: "patched", patch: $p) { resourceVersion labels annotations object } }`;
    const first = await api.graphql(PATCH, { p: { metadata: { labels: { tier: 'front' }, annotations: { 'example.io/owner': 'team-a' } } } });
    expect(first.errors).toBeUndefined();
    expect(first.data!.patchObject.labels).toMatchObject({ tier: 'front' });
    expect(first.data!.patchObject.annotations).toEqual({ 'example.io/owner': 'team-a' });
    expect(first.data!.patchObject.object.spec.containers[0].image).toBe('nginx:1.25');
    const removed = await api.graphql(PATCH, { p: { metadata: { labels: { tier: null } } } });
    expect(removed.data!.patchObject.labels.tier).toBeUndefined();
    const stale = await api.graphql(PATCH, { p: { metadata: { resourceVersion: first.data!.patchObject.resourceVersion, labels: { x: 'y' } } } });
    expect(stale.errors?.[0]?.extensions?.code).toBe('CONFLICT');
    const status = await api.graphql(PATCH, { p: { status: { phase: 'Failed' } } });
    expect(status.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'patch.status' }] });
    const missing = await api.graphql(`mutation { patchObject(kind: "pods", namespace: "e2e", name: "nobody", patch: { metadata: { labels: { a: "b" } } }) { name } }`);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers NOT_FOUND for deleting an unknown object', async () => {
    const res = await api.graphql(`mutation { deleteObject(kind: "Pod", namespace: "nowhere", name: "nobody") { name } }`);
    expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(res.errors?.[0]?.message).toContain('nobody');
  });
});
