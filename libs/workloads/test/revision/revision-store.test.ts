// ensureUpdateRevision through a real embedded store (docs/spec/cloneset.md §4.3).
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { ApiError, EmbeddedStore, ManualClock, type ClusterClient } from '@coxswain/cluster';
import type { CloneSet, ControllerRevision, KubeObject } from '@coxswain/kruise-api';
import { hashRevision, newRevision, revisionName, revisionPayload } from '../../src/revision/cloneset-revision.js';
import { CONTROLLER_REVISION_REF, ensureUpdateRevision, type EnsuredRevisions } from '../../src/revision/revision-store.js';
import { volumeClaimTemplatesHash } from '../../src/revision/volume-claim-templates-hash.js';
import { cloneSet, status } from './fixtures.js';

const VCT = 'kruise.io/cloneset-volumeclaimtemplate-hash';
const HASH = 'controller.kubernetes.io/hash';

let store: EmbeddedStore;
beforeEach(async () => {
  store = await EmbeddedStore.open({ clock: new ManualClock() });
});
afterEach(async () => {
  await store.close();
});

async function listRevisions(): Promise<ControllerRevision[]> {
  return (await store.list<ControllerRevision>(CONTROLLER_REVISION_REF, { namespace: 'demo' })).items;
}

/** One reconcile's revision step, as the reconciler runs it: list, then ensure. */
async function step(cs: CloneSet, client: ClusterClient = store): Promise<EnsuredRevisions> {
  return ensureUpdateRevision(client, cs, await listRevisions());
}

/** The CloneSet after a reconcile wrote the status fields this step produces. */
function reconciled(image: string, previous: EnsuredRevisions, current?: string): CloneSet {
  return cloneSet(image, {
    status: status({ collisionCount: previous.collisionCount, currentRevision: current ?? previous.currentRevision.metadata.name }),
  });
}

/** The store, with `update` replaced. */
function withUpdate(update: (object: KubeObject) => Promise<KubeObject>): ClusterClient {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'update') return update;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

describe('ensureUpdateRevision', () => {
  it('creates revision #1 for a new CloneSet; current falls back to it', async () => {
    const cs = cloneSet('nginx:1');
    const result = await step(cs);
    const candidate = newRevision(cs, 1, 0);

    expect(result.collisionCount).toBe(0);
    expect(result.revisions).toEqual([]);
    expect(result.updateRevision.metadata.name).toBe(candidate.metadata.name);
    expect(result.currentRevision).toBe(result.updateRevision);

    const listed = await listRevisions();
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ revision: 1, data: candidate.data, metadata: candidate.metadata });
    expect(listed[0]!.metadata.uid).toBeDefined();
  });

  it('reuses the latest revision when the template is unchanged, writing nothing', async () => {
    const first = await step(cloneSet('nginx:1'));
    const again = await step(reconciled('nginx:1', first));
    expect(again.updateRevision).toEqual(first.updateRevision);
    expect(again.updateRevision.metadata.resourceVersion).toBe(first.updateRevision.metadata.resourceVersion);
    expect(await listRevisions()).toHaveLength(1);
  });

  it('creates the next revision for a new template and keeps the current one from status', async () => {
    const first = await step(cloneSet('nginx:1'));
    const second = await step(reconciled('nginx:2', first));
    expect(second.updateRevision.revision).toBe(2);
    expect(second.currentRevision.metadata.name).toBe(first.updateRevision.metadata.name);
    expect(second.revisions.map((r) => r.metadata.name)).toEqual([first.updateRevision.metadata.name]);
    expect(await listRevisions()).toHaveLength(2);
  });

  it('rolls back by persisting the old revision with number last+1 and a refreshed VCT hash', async () => {
    const first = await step(cloneSet('nginx:1'));
    const second = await step(reconciled('nginx:2', first));
    const back = reconciled('nginx:1', second);
    back.spec.volumeClaimTemplates = [{ metadata: { name: 'logs' }, spec: { accessModes: ['ReadWriteMany'] } }];
    const third = await step(back);

    expect(third.updateRevision.metadata.name).toBe(first.updateRevision.metadata.name);
    expect(third.updateRevision.revision).toBe(3);
    const persisted = await store.get<ControllerRevision>(CONTROLLER_REVISION_REF, 'demo', first.updateRevision.metadata.name!);
    expect(persisted.revision).toBe(3);
    expect(persisted.metadata.annotations![VCT]).toBe(volumeClaimTemplatesHash(back));
    expect(persisted.metadata.annotations![VCT]).not.toBe(first.updateRevision.metadata.annotations![VCT]);
    expect(await listRevisions()).toHaveLength(2);
  });

  it('on a name collision with different data raises collisionCount and creates under a new name', async () => {
    const cs = cloneSet('nginx:1');
    const payload = revisionPayload(cs);
    const original = newRevision(cs, 1, 0);
    // Same name, other data, controlled by someone else: not listed as ours, but the name is taken.
    const squatter = newRevision(cloneSet('busybox'), 1, 0);
    squatter.metadata.name = original.metadata.name;
    squatter.metadata.ownerReferences = [{ ...squatter.metadata.ownerReferences![0]!, uid: 'someone-else' }];
    await store.create(squatter);

    const result = await step(cs);
    expect(result.collisionCount).toBe(1);
    expect(result.updateRevision.metadata.name).toBe(revisionName('web', hashRevision(payload, 1)));
    expect(result.updateRevision.metadata.name).not.toBe(original.metadata.name);
    // Only the name changes: the hash label keeps the value computed with collisionCount 0.
    expect(result.updateRevision.metadata.labels![HASH]).toBe(hashRevision(payload, 0));
    expect(result.updateRevision.data).toEqual(original.data);
    expect(await listRevisions()).toHaveLength(2);

    // The next reconcile, with status.collisionCount = 1, finds it and writes nothing.
    const again = await step(reconciled('nginx:1', result));
    expect(again.updateRevision.metadata.name).toBe(result.updateRevision.metadata.name);
    expect(again.collisionCount).toBe(1);
    expect(await listRevisions()).toHaveLength(2);
  });

  it('uses an existing revision with the same name and data (a stale list) without raising collisionCount', async () => {
    const cs = cloneSet('nginx:1');
    const existing = await store.create(newRevision(cs, 1, 0));
    const result = await ensureUpdateRevision(store, cs, []);
    expect(result.collisionCount).toBe(0);
    expect(result.updateRevision).toEqual(existing);
    expect(await listRevisions()).toHaveLength(1);
  });

  it('retries the rollback write on Conflict, keeping the concurrent change', async () => {
    const first = await step(cloneSet('nginx:1'));
    const second = await step(reconciled('nginx:2', first));
    let calls = 0;
    const racing = withUpdate(async (object) => {
      calls += 1;
      if (calls === 1) {
        // Another writer gets in between our list and our update.
        await store.patch(CONTROLLER_REVISION_REF, 'demo', object.metadata.name!, { metadata: { labels: { touched: 'yes' } } });
      }
      return store.update(object);
    });
    const third = await step(reconciled('nginx:1', second), racing);

    expect(calls).toBe(2);
    expect(third.updateRevision.revision).toBe(3);
    const persisted = await store.get<ControllerRevision>(CONTROLLER_REVISION_REF, 'demo', first.updateRevision.metadata.name!);
    expect(persisted.revision).toBe(3);
    expect(persisted.metadata.labels!['touched']).toBe('yes');
  });

  it('gives up the rollback after 4 Conflicts and reports the error', async () => {
    const first = await step(cloneSet('nginx:1'));
    const second = await step(reconciled('nginx:2', first));
    let calls = 0;
    const alwaysConflict = withUpdate(async (object) => {
      calls += 1;
      throw ApiError.conflict('ControllerRevision', object.metadata.name!, 'stale');
    });
    await expect(step(reconciled('nginx:1', second), alwaysConflict)).rejects.toMatchObject({ reason: 'Conflict' });
    expect(calls).toBe(4);
  });

  it('falls back to the update revision when status.currentRevision names no listed revision', async () => {
    const first = await step(cloneSet('nginx:1'));
    const cs = cloneSet('nginx:2', { status: status({ currentRevision: 'web-unknown', collisionCount: first.collisionCount }) });
    const result = await step(cs);
    expect(result.currentRevision).toBe(result.updateRevision);
    expect(result.updateRevision.revision).toBe(2);
  });

  it('ignores revisions that are not the CloneSet\'s when numbering', async () => {
    const foreign = newRevision(cloneSet('busybox'), 41, 0);
    foreign.metadata.ownerReferences = [{ ...foreign.metadata.ownerReferences![0]!, uid: 'someone-else' }];
    await store.create(foreign);
    const result = await step(cloneSet('nginx:1'));
    expect(result.updateRevision.revision).toBe(1);
  });
});
