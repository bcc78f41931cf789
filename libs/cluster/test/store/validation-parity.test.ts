// Issue 27 item 3 in the embedded cluster: what the apiserver refuses on every write, whoever writes it
// (annotations over 256 KiB on any kind; Pods without containers; updates of a running pod beyond what
// ValidatePodUpdate allows), a create into a missing namespace when the caller asks as the apiserver
// answers, and the binding subresource through which the scheduler (and only it) sets spec.nodeName.
import { describe, expect, it } from '@jest/globals';
import type { KubeObject, Pod } from '@coxswain/kruise-api';
import { kruiseAdmission } from '../../src/admission/kruise-admission.js';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedCluster } from '../../src/embedded/embedded-cluster.js';
import { MemoryPersistence } from '../../src/embedded/store/persistence.js';
import type { ApiError } from '../../src/errors.js';
import { NODE, POD, openStore, pod } from './store-fixtures.js';

const BIG = 'x'.repeat(256 * 1024);
const TOO_LONG = 'metadata.annotations: Too long: must have at most 262144 bytes';
const FORBIDDEN = 'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,';

async function admitted() {
  return openStore({ admission: kruiseAdmission() });
}

function refusal(write: Promise<unknown>): Promise<ApiError> {
  return write.then(() => { throw new Error('the write was accepted'); }, (err: unknown) => err as ApiError);
}

describe('annotations over 256 KiB (ValidateAnnotations), on every kind', () => {
  it.each([
    ['a Pod', pod('big')],
    ['a Node', { apiVersion: 'v1', kind: 'Node', metadata: { name: 'big' } }],
    ['a CloneSet', { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', metadata: { name: 'big', namespace: 'default' }, spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'm', image: 'x' }] } } } }],
  ] as [string, KubeObject][])('%s is refused on create and on update, with one byte over the limit', async (_what, object) => {
    const { store } = await admitted();
    const justFits = { 'a': 'x'.repeat(256 * 1024 - 1) };
    const created = await store.create({ ...object, metadata: { ...object.metadata, annotations: justFits } });
    const over = await refusal(store.update({ ...created, metadata: { ...created.metadata, annotations: { ...justFits, b: '' } } }));
    expect(over).toMatchObject({ reason: 'Invalid', details: { causes: [{ field: 'metadata.annotations', message: 'Too long: must have at most 262144 bytes' }] } });
    const fresh = await refusal(store.create({ ...object, metadata: { ...object.metadata, name: 'other', annotations: { big: BIG } } }));
    expect(fresh.message).toContain(TOO_LONG);
    // Multi-byte characters count as the bytes they take.
    const wide = await refusal(store.create({ ...object, metadata: { ...object.metadata, name: 'wide', annotations: { w: 'é'.repeat(128 * 1024) } } }));
    expect(wide.message).toContain(TOO_LONG);
  });
});

describe('a create into a namespace that does not exist', () => {
  it('is NotFound in the apiserver\'s words when the caller asks (createNamespace: false), and creates nothing', async () => {
    const { store } = await openStore();
    const missing = await refusal(store.create(pod('p', { namespace: 'nowhere' }), { createNamespace: false }));
    expect(missing).toMatchObject({ reason: 'NotFound', message: 'namespaces "nowhere" not found', details: { kind: 'Namespace', name: 'nowhere' } });
    const dry = await refusal(store.create(pod('p', { namespace: 'nowhere' }), { createNamespace: false, dryRun: true }));
    expect(dry.reason).toBe('NotFound');
    expect((await store.list({ apiVersion: 'v1', kind: 'Namespace' })).items.map((n) => n.metadata.name)).not.toContain('nowhere');
    // The store's own policy is unchanged: without the option the namespace comes with the object.
    await store.create(pod('p', { namespace: 'elsewhere' }));
    expect((await store.list({ apiVersion: 'v1', kind: 'Namespace' })).items.map((n) => n.metadata.name)).toContain('elsewhere');
  });
});

describe('Pods through the admission (ValidatePodCreate, ValidatePodUpdate)', () => {
  it('refuses a Pod without a spec or without containers', async () => {
    const { store } = await admitted();
    const { spec: _spec, ...noSpec } = pod('nospec');
    expect((await refusal(store.create(noSpec as KubeObject))).message).toBe('Pod "nospec" is invalid: spec.containers: Required value');
    const empty = await refusal(store.create({ ...pod('empty'), spec: { containers: [] } }));
    expect(empty.message).toBe('Pod "empty" is invalid: spec.containers: Required value');
  });

  it('lets an update change images, and refuses any other change of a running pod\'s spec', async () => {
    const { store } = await admitted();
    const running = await store.create(pod('run', { nodeName: 'node-a' })) as Pod;
    const image = await store.update({ ...running, spec: { ...running.spec, containers: [{ name: 'main', image: 'nginx:1.27' }] } });
    expect((image as Pod).spec.containers[0]!.image).toBe('nginx:1.27');
    const moved = await refusal(store.patch(POD, 'default', 'run', { spec: { nodeName: 'node-b' } }));
    expect(moved.message).toContain(`Pod "run" is invalid: ${FORBIDDEN}`);
    expect(moved.message).toContain('changed: spec.nodeName');
    const emptied = await refusal(store.patch(POD, 'default', 'run', { spec: { containers: [] } }));
    expect(emptied.message).toContain('spec.containers: Forbidden: pod updates may not add or remove containers');
    expect(((await store.get(POD, 'default', 'run')) as Pod).spec).toEqual((image as Pod).spec);
  });

  it('keeps a pod stored before these checks writable: an update is refused only for what it makes invalid', async () => {
    const { store, persistence } = await openStore();
    const legacy = pod('legacy', { nodeName: 'node-a' }) as Pod;
    legacy.spec.terminationGracePeriodSeconds = -1;
    await store.create(legacy);
    await store.close();
    // The same data, now with the apiserver's validation.
    const reopened = await openStore({ persistence, admission: kruiseAdmission() });
    const stored = await reopened.store.get<Pod>(POD, 'default', 'legacy');
    const labelled = await reopened.store.update({ ...stored, metadata: { ...stored.metadata, labels: { state: 'Normal' } } });
    expect(labelled.metadata.labels).toEqual({ state: 'Normal' });
    const worse = await refusal(reopened.store.patch(POD, 'default', 'legacy', { spec: { containers: [{ name: 'main', image: 'nginx:1.25', resources: { limits: { cpu: '-1' } } }] } }));
    expect(worse.message).toContain('spec.containers[0].resources.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0');
    expect(worse.message).not.toContain('terminationGracePeriodSeconds');
  });

  it('refuses a client\'s update that binds a pod: binding is the scheduler\'s subresource', async () => {
    const { store } = await admitted();
    const pending = await store.create(pod('pending')) as Pod;
    const bound = await refusal(store.update({ ...pending, spec: { ...pending.spec, nodeName: 'node-a' } }));
    expect(bound.message).toContain(FORBIDDEN);
    const written = await store.bindPod({ namespace: 'default', name: 'pending', nodeName: 'node-a', resourceVersion: pending.metadata.resourceVersion });
    expect(written.spec.nodeName).toBe('node-a');
    expect(written.metadata.generation).toBe(2);
    const again = await refusal(store.bindPod({ namespace: 'default', name: 'pending', nodeName: 'node-b' }));
    expect(again).toMatchObject({ reason: 'Conflict', message: 'Operation cannot be fulfilled on pods/binding "pending": pod pending is already assigned to node "node-a"' });
    const stale = await store.create(pod('stale')) as Pod;
    await store.patch(POD, 'default', 'stale', { metadata: { labels: { moved: 'on' } } });
    expect((await refusal(store.bindPod({ namespace: 'default', name: 'stale', nodeName: 'node-a', resourceVersion: stale.metadata.resourceVersion }))).reason).toBe('Conflict');
    expect((await refusal(store.bindPod({ namespace: 'default', name: 'gone', nodeName: 'node-a' }))).reason).toBe('NotFound');
  });

  it('the embedded cluster\'s scheduler still binds pods, and its kubelet still runs them', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const cluster = await EmbeddedCluster.start({ clock, persistence: new MemoryPersistence(), kubelet: { imagePullMs: 10, containerStartMs: 10 } });
    try {
      await cluster.store.create(pod('web'));
      for (let i = 0; i < 20; i++) {
        await clock.advance(10);
        await cluster.scheduler.idle();
        await cluster.kubelet.idle();
      }
      const running = await cluster.store.get<Pod>(POD, 'default', 'web');
      expect(running.spec.nodeName).toMatch(/^sim-/);
      expect(running.status?.phase).toBe('Running');
      expect((await cluster.store.list(NODE)).items.length).toBeGreaterThan(0);
    } finally {
      await cluster.stop();
    }
  });
});

describe('PersistentVolumeClaims through the admission', () => {
  it('refuses a claim without a storage request, lets its metadata change and refuses a change of its spec', async () => {
    const { store } = await admitted();
    const claim = (spec: Record<string, unknown>): KubeObject => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name: 'data', namespace: 'default' }, spec });
    const missing = await refusal(store.create(claim({ accessModes: ['ReadWriteOnce'] })));
    expect(missing.message).toBe('PersistentVolumeClaim "data" is invalid: spec.resources[storage]: Required value');
    const created = await store.create(claim({ accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } }));
    const owned = await store.update({ ...created, metadata: { ...created.metadata, labels: { owner: 'web-0' } } });
    expect(owned.metadata.labels).toEqual({ owner: 'web-0' });
    const changed = await refusal(store.patch({ apiVersion: 'v1', kind: 'PersistentVolumeClaim' }, 'default', 'data', { spec: { accessModes: ['ReadWriteMany'] } }));
    expect(changed.message).toContain('spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims');
  });
});

describe('the system namespaces', () => {
  it('exist from the embedded cluster\'s first start, as the apiserver creates them (and Kruise\'s installation its kruise-daemon-config), and come back on a restart', async () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const persistence = new MemoryPersistence();
    const names = async (cluster: EmbeddedCluster) => (await cluster.store.list({ apiVersion: 'v1', kind: 'Namespace' })).items.map((n) => n.metadata.name);
    const first = await EmbeddedCluster.start({ clock, persistence });
    expect(first.fresh).toBe(true);
    expect(await names(first)).toEqual(['default', 'kruise-daemon-config', 'kube-node-lease', 'kube-public', 'kube-system']);
    await first.store.delete({ apiVersion: 'v1', kind: 'Namespace' }, undefined, 'kube-public');
    await first.stop();
    const cluster = await EmbeddedCluster.start({ clock, persistence });
    try {
      expect(cluster.fresh).toBe(false);
      expect(await names(cluster)).toEqual(['default', 'kruise-daemon-config', 'kube-node-lease', 'kube-public', 'kube-system']);
    } finally {
      await cluster.stop();
    }
  });
});
