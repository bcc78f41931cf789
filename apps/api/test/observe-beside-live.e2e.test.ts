// Observe beside a live controller: A runs an embedded cluster with its own (active) controllers, as a
// cluster with OpenKruise does; D runs in Kubernetes mode with CONTROLLER_MODE=observe against A, with
// an operator token. D writes nothing (its controller's writes are server-side dry runs), and its
// shadowComparison shows its plan next to what A's controller did to the CloneSet's pods.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestApi, eventually } from './support/api-server.js';

let a: TestApi;
let d: TestApi;

beforeAll(async () => {
  a = await TestApi.start({ KUBE_API_PORT: '0' });
  const token = await a.createToken('observer', 'operator');
  const kubeconfig = join(mkdtempSync(join(tmpdir(), 'coxswain-observe-')), 'config');
  writeFileSync(kubeconfig, [
    'apiVersion: v1', 'kind: Config',
    `clusters: [{name: a, cluster: {server: "${a.kubeUrl()}", insecure-skip-tls-verify: true}}]`,
    `users: [{name: observer, user: {token: ${token}}}]`,
    'contexts: [{name: a, context: {cluster: a, user: observer}}]', 'current-context: a', '',
  ].join('\n'));
  d = await TestApi.start({ CLUSTER: 'kubernetes', KUBECONFIG: kubeconfig, CONTROLLER_MODE: 'observe' });
}, 180_000);

afterAll(async () => {
  await d?.close();
  await a?.close();
});

describe('observe mode beside a live controller', () => {
  it('shows Coxswain\'s plan next to what the cluster did, and writes nothing', async () => {
    await a.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, {
      y: `apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: main, image: "web:v1"}]}
`,
    });
    const query = `{ shadowComparison(kind: CLONE_SET, namespace: "shop", name: "web") {
      observing matched unplanned plan { actions { type pod } blockers { code } } clusterActions { type pod to plannedAs matched } } }`;
    type Shadow = { observing: boolean; matched: number; unplanned: number; plan: { actions: { type: string }[] } | null; clusterActions: { type: string; pod: string; matched: boolean }[] };
    const shadow = await eventually(async () => {
      const res = await d.graphql<{ shadowComparison: Shadow }>(query);
      const s = res.data?.shadowComparison;
      return s && s.clusterActions.filter((x) => x.type === 'CREATE').length === 2 && s.plan ? s : undefined;
    }, 20_000, 'D to see the two pods A created');
    expect(shadow.observing).toBe(true);
    expect(shadow.matched + shadow.unplanned).toBe(shadow.clusterActions.length);
    const podNames = async () => (await a.graphql<{ objects: { edges: { node: { name: string } }[] } }>(`{ objects(kind: "pods", namespace: "shop") { edges { node { name } } } }`))
      .data!.objects.edges.map((e) => e.node.name).sort();
    const creates = async () => (await d.graphql<{ shadowComparison: Shadow }>(query)).data?.shadowComparison.clusterActions.filter((x) => x.type === 'CREATE').length ?? 0;
    const created = shadow.clusterActions.filter((x) => x.type === 'CREATE').map((x) => x.pod).sort();
    expect(created).toEqual(await podNames());

    // What D writes depends on what A had written when D's informers synced: when A had done it all
    // (pods, ControllerRevision, KruisePodReady), D plans nothing. Each pod deleted in A is a fresh change
    // D plans for beside A's own re-create, until D has made a write.
    type Write = { verb: string; kind: string };
    let writes = (await d.runtime.host.observedWrites()) as Write[];
    for (let attempt = 0; writes.length === 0 && attempt < 10; attempt++) {
      const seen = await creates();
      const [victim] = await podNames();
      const deleted = await a.graphql(`mutation { deleteObject(kind: "pods", namespace: "shop", name: "${victim}") { name } }`);
      expect(deleted.errors).toBeUndefined();
      await eventually(async () => ((await creates()) > seen ? true : undefined), 20_000, 'D to see A re-create the deleted pod');
      writes = (await d.runtime.host.observedWrites()) as Write[];
    }
    expect(writes.length).toBeGreaterThan(0);

    // Every write D's controller made reached A as a dry run: A's audit shows nothing else by the observer.
    const log = await a.graphql<{ auditLog: { edges: { node: { actorName: string; action: string; message: string | null; result: string } }[] } }>(
      `{ auditLog(first: 200) { edges { node { actorName action message result } } } }`,
    );
    const byObserver = log.data!.auditLog.edges.map((e) => e.node).filter((n) => n.actorName === 'observer');
    expect(byObserver.length).toBeGreaterThan(0);
    for (const row of byObserver) expect(row.message ?? '').toContain('dryRun=All');
    for (const w of writes) expect(['create', 'update', 'updateStatus', 'patch', 'delete']).toContain(w.verb);
  });

  it('says so when not observing', async () => {
    const res = await a.graphql<{ shadowComparison: { observing: boolean; clusterActions: unknown[] } }>(`{ shadowComparison(kind: CLONE_SET, namespace: "shop", name: "web") { observing clusterActions { pod } } }`);
    expect(res.data!.shadowComparison).toEqual({ observing: false, clusterActions: [] });
  });
});
