import { describe, expect, it } from '@jest/globals';
import type { KubeObject } from '@coxswain/kruise-api';
import type { AppliedObject } from '../../src/apply/apply-merge.js';
import { applyObjects, ApplyError } from '../../src/apply/apply-objects.js';
import type { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import type { ClusterClient } from '../../src/port.js';
import { CLONESET, FlakyPersistence, NODE, POD, cloneSet, openStore, pod, record, settle } from '../store/store-fixtures.js';

/** The store seen only through the ClusterClient port, as a real cluster is: no transactions, no seeding. */
function portOnly(store: EmbeddedStore): ClusterClient {
  return {
    get: (...a) => store.get(...a),
    list: (...a) => store.list(...a),
    create: (...a) => store.create(...a),
    update: (...a) => store.update(...a),
    patch: (...a) => store.patch(...a),
    updateStatus: (...a) => store.updateStatus(...a),
    delete: (...a) => store.delete(...a),
    watch: (...a) => store.watch(...a),
  };
}

const actions = (applied: AppliedObject[]) => applied.map((a) => `${a.action} ${a.object.kind} ${a.object.metadata.name}`);

function withImage(object: KubeObject, image: string): KubeObject {
  const copy = structuredClone(object) as KubeObject & { spec: { template: { spec: { containers: { image: string }[] } } } };
  copy.spec.template.spec.containers[0]!.image = image;
  return copy;
}

async function failure(promise: Promise<unknown>): Promise<ApplyError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApplyError) return err;
    throw err;
  }
  throw new Error('expected an ApplyError');
}

describe('applyObjects in the embedded store: one transaction', () => {
  it('commits every document in one commit and publishes only after it, in document order', async () => {
    const persistence = new FlakyPersistence();
    const { store } = await openStore({ persistence });
    const pods = await record(store, POD);
    const commits = persistence.commits;
    const documents = Array.from({ length: 300 }, (_, i) => pod(`p-${i}`, { namespace: 'bulk' }));
    const applied = await applyObjects(store, documents, { seeder: store });
    expect(persistence.commits - commits).toBe(1);
    expect(persistence.batchSizes.at(-1)).toBe(301); // and the namespace
    expect(applied.every((a) => a.action === 'created')).toBe(true);
    await settle();
    expect(pods.events.map((e) => e.object.metadata.name)).toEqual(documents.map((d) => d.metadata.name));
  });

  it('a later document failing at the write leaves nothing: no commit, no event, no generation bump (issue 13 item 7)', async () => {
    const { store, persistence } = await openStore();
    const [cs] = await applyObjects(store, [cloneSet('web')], { seeder: store });
    const watch = await record(store, CLONESET);
    const rv = store.currentResourceVersion();
    const commits = persistence.commits;
    // The CloneSet changes (generation 1 -> 2), then a Pod with status claims the CloneSet's uid.
    const stolenUid = { ...pod('thief'), metadata: { name: 'thief', namespace: 'default', uid: cs!.object.metadata.uid }, status: { phase: 'Running' } };
    const error = await failure(applyObjects(store, [withImage(cloneSet('web'), 'nginx:1.27'), stolenUid], { seeder: store }));
    expect(error.documentIndex).toBe(1);
    expect(error.cause).toMatchObject({ reason: 'Invalid', details: { causes: [{ field: 'metadata.uid' }] } });
    await settle();
    expect(watch.events).toEqual([]);
    expect(persistence.commits).toBe(commits);
    expect(store.currentResourceVersion()).toBe(rv);
    expect((await store.get(CLONESET, 'default', 'web')).metadata.generation).toBe(1);
    await expect(store.get(POD, 'default', 'thief')).rejects.toMatchObject({ reason: 'NotFound' });
  });

  it('a commit the database refuses leaves nothing of the manifest', async () => {
    const persistence = new FlakyPersistence();
    const { store } = await openStore({ persistence });
    persistence.failing = true;
    await expect(applyObjects(store, [pod('a'), pod('b')], { seeder: store })).rejects.toMatchObject({ reason: 'InternalError' });
    persistence.failing = false;
    expect(store.size()).toBe(0);
    expect((await persistence.load()).objects).toEqual([]);
  });

  it('answers created / configured / unchanged, and a dry run answers exactly the same without writing (issue 13 item 9)', async () => {
    const { store, persistence } = await openStore();
    await applyObjects(store, [cloneSet('same'), cloneSet('changed')], { seeder: store });
    const manifest = [cloneSet('same'), withImage(cloneSet('changed'), 'nginx:1.27'), cloneSet('new'), pod('loaded')];
    manifest[3]!.status = { phase: 'Running' };
    const rv = store.currentResourceVersion();
    const commits = persistence.commits;
    const dryRun = await applyObjects(store, manifest, { seeder: store, dryRun: true });
    expect(store.currentResourceVersion()).toBe(rv);
    expect(persistence.commits).toBe(commits);
    expect(actions(dryRun)).toEqual(['unchanged CloneSet same', 'configured CloneSet changed', 'created CloneSet new', 'created Pod loaded']);
    const real = await applyObjects(store, manifest, { seeder: store });
    expect(actions(real)).toEqual(actions(dryRun));
    expect((await store.get(POD, 'default', 'loaded')).status).toEqual({ phase: 'Running' });
    expect(actions(await applyObjects(store, manifest, { seeder: store }))).toEqual([
      'unchanged CloneSet same', 'unchanged CloneSet changed', 'unchanged CloneSet new', 'unchanged Pod loaded',
    ]);
  });

  it('sees earlier documents: a Namespace and then its contents, a Node with status', async () => {
    const { store } = await openStore();
    const applied = await applyObjects(store, [
      { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'team', labels: { owner: 'a' } } },
      pod('p', { namespace: 'team' }),
      { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1' }, status: { conditions: [{ type: 'Ready', status: 'True' }] } },
    ], { seeder: store });
    expect(actions(applied)).toEqual(['created Namespace team', 'created Pod p', 'created Node n1']);
    expect((await store.get(NODE, undefined, 'n1')).status).toEqual({ conditions: [{ type: 'Ready', status: 'True' }] });
  });
});

describe('applyObjects: checks before anything is written', () => {
  it.each([
    ['twice the same object', [pod('a'), pod('b'), pod('a')], 2, 'metadata.name: Duplicate value: "a": document 1 already applies this Pod; a manifest may name each object once'],
    ['the namespace defaulted', [pod('a', { namespace: 'default' }), { ...pod('a'), metadata: { name: 'a' } }], 1, 'document 1 already applies'],
    ['one CloneSet in two versions', [cloneSet('web'), { ...cloneSet('web'), apiVersion: 'apps.kruise.io/v1beta1' }], 1, 'document 1 already applies this CloneSet'],
  ])('refuses %s', async (_what, manifest, index, message) => {
    const { store } = await openStore();
    for (const client of [store, portOnly(store)]) {
      const error = await failure(applyObjects(client, manifest as KubeObject[], { seeder: client === store ? store : undefined }));
      expect(error.documentIndex).toBe(index);
      expect(error.message).toContain(message);
    }
    expect(store.size()).toBe(0);
  });

  it('lets the same name live in two namespaces and generateName repeat', async () => {
    const { store } = await openStore();
    const generated = { ...pod('x'), metadata: { generateName: 'web-', namespace: 'default' } };
    const applied = await applyObjects(store, [pod('a'), pod('a', { namespace: 'other' }), generated, generated], { seeder: store });
    expect(applied).toHaveLength(4);
  });
});

describe('applyObjects against a cluster without transactions (a real cluster)', () => {
  it('dry-runs with the exact actions the apply then reports', async () => {
    const { store } = await openStore();
    const client = portOnly(store);
    await applyObjects(client, [cloneSet('same'), cloneSet('changed')]);
    const manifest = [cloneSet('same'), withImage(cloneSet('changed'), 'nginx:1.27'), cloneSet('new')];
    const dryRun = await applyObjects(client, manifest, { dryRun: true });
    expect(actions(dryRun)).toEqual(['unchanged CloneSet same', 'configured CloneSet changed', 'created CloneSet new']);
    expect(actions(await applyObjects(client, manifest))).toEqual(actions(dryRun));
  });

  it('applies a Namespace and its contents in one manifest, though a dry run of the contents finds no namespace (as on a real cluster)', async () => {
    const { store } = await openStore({ autoCreateNamespaces: false });
    const client = portOnly(store);
    const manifest = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } }, pod('a', { namespace: 'shop' })];
    expect(actions(await applyObjects(client, manifest, { dryRun: true }))).toEqual(['created Namespace shop', 'created Pod a']);
    expect(actions(await applyObjects(client, manifest))).toEqual(['created Namespace shop', 'created Pod a']);
    expect((await store.get(POD, 'shop', 'a')).metadata.name).toBe('a');
    // A namespace no document creates is still the manifest's error.
    const missing = await failure(applyObjects(client, [pod('b', { namespace: 'nowhere' })]));
    expect(missing.message).toBe('document 1 (Pod "nowhere/b"): namespaces "nowhere" not found');
  });

  it('undoes what it wrote when a later write fails', async () => {
    const { store } = await openStore();
    const client = portOnly(store);
    const failing: ClusterClient = { ...client, create: async (object, options) => {
      if (!options?.dryRun && object.metadata.name === 'b') throw (await store.create(pod('Bad_Name')).catch((e: unknown) => e));
      return client.create(object, options);
    } };
    const error = await failure(applyObjects(failing, [pod('a'), pod('b')]));
    expect(error.documentIndex).toBe(1);
    await settle();
    await expect(store.get(POD, 'default', 'a')).rejects.toMatchObject({ reason: 'NotFound' });
  });
});
