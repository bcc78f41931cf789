// The @kubernetes/client-node adapter of the ClusterClient port, against the Kubernetes API served over
// an embedded store: each port operation one to one, errors as ApiError reasons, and watches that resume
// after the server ends them, retry with backoff while it is down, and end with Gone (so informers
// relist) when the history to resume from is compacted.
import { afterEach, describe, expect, it } from '@jest/globals';
import { EmbeddedStore, kruiseAdmission, RealClock, isApiError, type ClusterClient, type WatchEvent } from '@coxswain/cluster';
import { KubernetesClusterClient } from '@coxswain/cluster/kubernetes';
import { Informer, LeaderElector } from '@coxswain/controller-runtime';
import type { KubeObject } from '@coxswain/kruise-api';
import { KubeFacade } from './support/kube-facade.js';
import { eventually } from './support/api-server.js';

const POD = { apiVersion: 'v1', kind: 'Pod' };
const CLONESET_V1BETA1 = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };
const clock = new RealClock();
const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

function pod(name: string, labels: Record<string, string> = { app: 'web' }): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'demo', labels }, spec: { containers: [{ name: 'main', image: 'nginx:1' }] } };
}

async function setup(options: { watchHistory?: number } = {}) {
  const store = await EmbeddedStore.open({ clock, admission: kruiseAdmission(), watchHistory: options.watchHistory });
  // As on a real cluster, the namespaces exist before anything is created in them (the API answers 404 otherwise).
  for (const name of ['demo', 'kube-system']) await store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  const facade = await KubeFacade.start(store, clock);
  const retries: { err: Error; delayMs: number }[] = [];
  const client = KubernetesClusterClient.fromConfig({ kubeconfig: facade.kubeconfigFile() }, {
    initialBackoffMs: 50, maxBackoffMs: 400, onWatchRetry: (err, delayMs) => retries.push({ err, delayMs }),
  });
  cleanup.push(() => store.close(), () => facade.close());
  return { store, facade, client, retries };
}

function record(client: ClusterClient, options: { resourceVersion?: string } = {}) {
  const events: WatchEvent[] = [];
  const closed: (Error | undefined)[] = [];
  const started = client.watch(POD, { namespace: 'demo', ...options }, (e) => events.push(e), (err) => closed.push(err));
  void started.then((h) => cleanup.push(() => h.stop()));
  return { events, closed, started };
}

const names = (events: WatchEvent[]) => events.map((e) => `${e.type} ${e.object.metadata.name}`);

describe('KubernetesClusterClient', () => {
  it('gets, lists in pages, creates, updates with resourceVersion, merge-patches, writes status and deletes with preconditions', async () => {
    const { client } = await setup();
    for (const n of ['a', 'b', 'c', 'd', 'e']) await client.create(pod(n));
    const page1 = await client.list(POD, { namespace: 'demo', limit: 2 });
    expect(page1.items.map((p) => p.metadata.name)).toEqual(['a', 'b']);
    expect(page1.items[0]).toMatchObject({ apiVersion: 'v1', kind: 'Pod' });
    const page2 = await client.list(POD, { namespace: 'demo', limit: 2, continue: page1.continue });
    const page3 = await client.list(POD, { namespace: 'demo', limit: 2, continue: page2.continue });
    expect([...page2.items, ...page3.items].map((p) => p.metadata.name)).toEqual(['c', 'd', 'e']);
    expect(page3.continue).toBeUndefined();
    expect((await client.list(POD, { namespace: 'demo', labelSelector: { matchLabels: { app: 'nope' } } })).items).toEqual([]);

    const a = await client.get(POD, 'demo', 'a');
    const updated = await client.update({ ...a, metadata: { ...a.metadata, labels: { app: 'web', v: '2' } } });
    expect(updated.metadata.labels).toEqual({ app: 'web', v: '2' });
    const stale = client.update({ ...a, metadata: { ...a.metadata, labels: { app: 'web', v: '3' } } });
    await expect(stale).rejects.toMatchObject({ reason: 'Conflict' });
    const patched = await client.patch(POD, 'demo', 'a', { metadata: { labels: { v: null, tier: 'x' } } });
    expect(patched.metadata.labels).toEqual({ app: 'web', tier: 'x' });
    const withStatus = await client.updateStatus({ ...patched, status: { phase: 'Running' }, spec: { containers: [] } });
    expect(withStatus.status).toEqual({ phase: 'Running' });
    expect((withStatus.spec as { containers: unknown[] }).containers).toHaveLength(1);

    await expect(client.delete(POD, 'demo', 'b', { preconditions: { uid: 'not-its-uid' } })).rejects.toMatchObject({ reason: 'Conflict' });
    const deleted = await client.delete(POD, 'demo', 'b');
    expect(deleted.metadata.name).toBe('b');
    await expect(client.get(POD, 'demo', 'b')).rejects.toMatchObject({ reason: 'NotFound' });
    const dry = await client.create(pod('dry'), { dryRun: true });
    expect(dry.metadata.uid).toBeDefined();
    await expect(client.get(POD, 'demo', 'dry')).rejects.toMatchObject({ reason: 'NotFound' });
  });

  it('maps the apiserver\'s Status errors to ApiError reasons, with field causes', async () => {
    const { client } = await setup();
    await client.create(pod('a'));
    await expect(client.create(pod('a'))).rejects.toMatchObject({ reason: 'AlreadyExists', code: 409 });
    const invalid = await client.create({
      apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'bad', namespace: 'demo' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'x' } }, template: { metadata: { labels: { app: 'y' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } },
    }).catch((e: unknown) => e);
    expect(isApiError(invalid, 'Invalid')).toBe(true);
    expect((invalid as { details: { causes: { field: string }[] } }).details.causes.map((c) => c.field)).toContain('spec.template.metadata.labels');
    await expect(client.watch(POD, { namespace: 'demo', labelSelector: 'a in (' }, () => {})).rejects.toMatchObject({ reason: 'BadRequest' });
  });

  it('reads and writes Kruise kinds in the version asked for', async () => {
    const { client, store } = await setup();
    await client.create({
      apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'web', namespace: 'demo' },
      spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'i' }] } }, updateStrategy: { partition: 1 } },
    });
    const beta = await client.get<KubeObject & { spec: any }>(CLONESET_V1BETA1, 'demo', 'web');
    expect(beta.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(beta.spec.updateStrategy.rollingUpdate.partition).toBe(1);
    const alpha = await client.get<KubeObject & { spec: any }>({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet' }, 'demo', 'web');
    expect(alpha.spec.updateStrategy.partition).toBe(1);
    await client.patch(CLONESET_V1BETA1, 'demo', 'web', { spec: { updateStrategy: { rollingUpdate: { partition: 0 } } } });
    expect(((await store.get(CLONESET_V1BETA1, 'demo', 'web')).spec as any).updateStrategy.rollingUpdate.partition).toBe(0);
  });

  it('serves a UnitedDeployment in v1alpha1\'s shape, and stores a v1alpha1 status write in v1beta1\'s', async () => {
    const { client, store } = await setup();
    const UD_V1ALPHA1 = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'UnitedDeployment' };
    const UD_V1BETA1 = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment' };
    await store.create({
      apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment', metadata: { name: 'ud', namespace: 'demo' },
      spec: {
        replicas: 3, selector: { matchLabels: { app: 'ud' } },
        template: { deploymentTemplate: { metadata: { labels: { app: 'ud' } }, spec: { selector: { matchLabels: { app: 'ud' } }, template: { metadata: { labels: { app: 'ud' } }, spec: { containers: [{ name: 'c', image: 'i' }] } } } } },
        topology: { subsets: [{ name: 'a' }, { name: 'b' }] },
      },
    } as KubeObject);
    const stored = await store.get<KubeObject & { status?: unknown }>(UD_V1BETA1, 'demo', 'ud');
    await store.updateStatus({ ...stored, status: { replicas: 3, updatedRevision: 'ud-1', subsetStatuses: [{ name: 'a', replicas: 2, readyReplicas: 2, partition: 0 }, { name: 'b', replicas: 1, readyReplicas: 0, partition: 1 }] } });

    const alpha = await client.get<KubeObject & { status: any }>(UD_V1ALPHA1, 'demo', 'ud');
    expect(alpha.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(alpha.status).toMatchObject({ subsetReplicas: { a: 2, b: 1 }, updateStatus: { updatedRevision: 'ud-1', currentPartitions: { a: 0, b: 1 } } });
    expect(alpha.status.updatedRevision).toBeUndefined();

    await client.updateStatus({ ...alpha, status: { ...alpha.status, updateStatus: { updatedRevision: 'ud-2', currentPartitions: { a: 0, b: 0 } } } });
    const after = await store.get<KubeObject & { status: any }>(UD_V1BETA1, 'demo', 'ud');
    expect(after.status.updatedRevision).toBe('ud-2');
    expect(after.status.subsetReplicas).toBeUndefined();
    expect(after.status.updateStatus).toBeUndefined();
  });

  it('watches from a resourceVersion and resumes after the server ends the stream, missing and repeating nothing', async () => {
    const { client, facade, retries } = await setup();
    const start = await client.list(POD, { namespace: 'demo' });
    const w = record(client, { resourceVersion: start.resourceVersion });
    await w.started;
    await client.create(pod('a'));
    await eventually(async () => (w.events.length === 1 ? true : undefined), 5000, 'the first event');
    for (let round = 0; round < 3; round++) {
      facade.dropConnections();
      await client.create(pod(`r${round}`));
      await client.patch(POD, 'demo', 'a', { metadata: { labels: { round: String(round) } } });
      // The next cut falls on a stream that has delivered again (a stream cut before its first line
      // would rightly back off further).
      await eventually(async () => (w.events.length === 3 + 2 * round ? true : undefined), 10_000, `the changes of round ${round}`);
    }
    expect(names(w.events)).toEqual(['ADDED a', 'ADDED r0', 'MODIFIED a', 'ADDED r1', 'MODIFIED a', 'ADDED r2', 'MODIFIED a']);
    const versions = w.events.map((e) => Number(e.object.metadata.resourceVersion));
    expect([...versions].sort((x, y) => x - y)).toEqual(versions);
    expect(w.closed).toEqual([]);
    // A connection cut mid-stream is a failure (retried after the first backoff step), not an end.
    expect(retries.every((r) => r.delayMs === 50)).toBe(true);
  });

  it('without a resourceVersion starts from now, without replaying what exists', async () => {
    const { client } = await setup();
    await client.create(pod('old'));
    const w = record(client);
    await w.started;
    await client.create(pod('new'));
    await eventually(async () => (w.events.length >= 1 ? true : undefined), 5000, 'an event');
    await new Promise((r) => setTimeout(r, 200));
    expect(names(w.events)).toEqual(['ADDED new']);
  });

  it('retries with growing backoff while the server is down, then resumes where it was', async () => {
    const { client, facade, store, retries } = await setup();
    const w = record(client, { resourceVersion: (await store.list(POD)).resourceVersion });
    await w.started;
    await client.create(pod('before'));
    await eventually(async () => (w.events.length === 1 ? true : undefined), 5000, 'the first event');
    const port = facade.port;
    await facade.close();
    await store.create(pod('while-down-1'));
    await store.create(pod('while-down-2'));
    await eventually(async () => (retries.length >= 3 ? true : undefined), 5000, 'three retries');
    expect(retries.slice(0, 3).map((r) => r.delayMs)).toEqual([50, 100, 200]);
    expect(retries[0]!.err.message).toMatch(/cannot reach the cluster at https:\/\/127\.0\.0\.1/);
    const again = await KubeFacade.start(store, clock, { port });
    cleanup.push(() => again.close());
    await eventually(async () => (w.events.length === 3 ? true : undefined), 10_000, 'the changes made while down');
    expect(names(w.events)).toEqual(['ADDED before', 'ADDED while-down-1', 'ADDED while-down-2']);
    expect(w.closed).toEqual([]);
  });

  it('ends with Gone when the history to resume from is compacted, and an informer over it relists (deletions included)', async () => {
    const { client, facade, store } = await setup({ watchHistory: 100 });
    for (const n of ['keep', 'drop']) await store.create(pod(n));
    const informer = new Informer(client, POD, { clock, namespace: 'demo', initialBackoffMs: 50 });
    const deleted: string[] = [];
    informer.addEventHandler({ onDelete: (o) => deleted.push(o.metadata.name!) });
    informer.start();
    cleanup.push(() => informer.stop());
    await informer.waitForSync();

    // A watch of its own: dropped while more changes than the history keeps happen, it cannot resume.
    const w = record(client, { resourceVersion: (await store.list(POD)).resourceVersion });
    await w.started;
    await store.delete(POD, 'demo', 'drop');
    await eventually(async () => (deleted.includes('drop') ? true : undefined), 5000, 'the informer seeing the first delete');
    const port = facade.port;
    await facade.close();
    for (let i = 0; i < 150; i++) await store.create(pod(`p${i}`, { app: 'churn' }));
    await store.delete(POD, 'demo', 'keep');
    const again = await KubeFacade.start(store, clock, { port });
    cleanup.push(() => again.close());

    await eventually(async () => (w.closed.length === 1 ? true : undefined), 10_000, 'the watch to end');
    expect(isApiError(w.closed[0], 'Gone')).toBe(true);
    // The informer relisted: it has every pod, and told its handlers about the delete it missed.
    await eventually(async () => (informer.list('demo').length === 150 && deleted.includes('keep') ? true : undefined), 10_000, 'the informer to relist');
    expect(informer.get('demo', 'keep')).toBeUndefined();
  });

  it('carries leader election: acquire, renew, and release to the next candidate', async () => {
    const { client, store } = await setup();
    const log: string[] = [];
    const elector = (identity: string) => new LeaderElector({
      client, clock, namespace: 'kube-system', name: 'election', identity,
      leaseDurationMs: 2000, renewDeadlineMs: 1500, retryPeriodMs: 300,
      onStartedLeading: () => log.push(`${identity} started`),
      onStoppedLeading: () => log.push(`${identity} stopped`),
    });
    const [x, y] = [elector('x'), elector('y')];
    cleanup.push(() => x.stop(), () => y.stop());
    x.start();
    await eventually(async () => (x.isLeader() ? true : undefined), 5000, 'x to lead');
    y.start();
    const lease = () => store.get<KubeObject & { spec: { holderIdentity: string; renewTime: string; leaseTransitions: number } }>({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease' }, 'kube-system', 'election');
    const first = (await lease()).spec.renewTime;
    await new Promise((r) => setTimeout(r, 2500));
    // Renewed through the adapter all along; y never got it.
    expect((await lease()).spec.renewTime > first).toBe(true);
    expect(log).toEqual(['x started']);
    await x.stop();
    expect((await lease()).spec.holderIdentity).toBe('');
    await eventually(async () => (y.isLeader() ? true : undefined), 3000, 'y to take the released lease');
    expect(log).toEqual(['x started', 'x stopped', 'y started']);
    expect((await lease()).spec).toMatchObject({ holderIdentity: 'y', leaseTransitions: 1 });
  });
});
