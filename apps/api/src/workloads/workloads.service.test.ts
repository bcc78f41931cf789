// Workload changes racing the controller's own writes, deterministically: an in-memory store with a
// client that lets "the controller" write just before the service's first write lands. Without
// expectedGeneration the edit is made again on the fresh object (nothing of either write is lost);
// with it, a spec change in between is CONFLICT.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { EmbeddedStore, ManualClock, MemoryPersistence, type ClusterClient } from '@coxswain/cluster';
import type { CloneSet, KubeObject, Pod } from '@coxswain/kruise-api';
import { CLONESET_REF } from '@coxswain/workloads';
import { AuditTrail } from '../audit/audit-trail.js';
import { ClusterCache } from '../cluster/cluster-cache.js';
import { isDomainError } from '../errors/domain-error.js';
import type { Runtime } from '../runtime.js';
import { WorkloadKind } from './workload-kind.js';
import { WorkloadsService } from './workloads.service.js';

const ns = 'shop';
const address = { kind: WorkloadKind.CLONE_SET, namespace: ns, name: 'web' };

let store: EmbeddedStore;
let cache: ClusterCache;
let racer: ((object: KubeObject) => Promise<void>) | undefined;

/** The store, except that the first workload update first lets `racer` write (as the controller would). */
function racingClient(inner: EmbeddedStore): ClusterClient {
  const client = inner.localClient();
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'update') return Reflect.get(target, prop, receiver);
      return async (object: KubeObject, options?: unknown) => {
        const race = racer;
        racer = undefined;
        if (race && object.kind === 'CloneSet') await race(object);
        return target.update(object, options as never);
      };
    },
  });
}

function pod(name: string, uid: string): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name, namespace: ns, labels: { app: 'web' },
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet', name: 'web', uid, controller: true }],
    },
    spec: { containers: [{ name: 'main', image: 'nginx:1' }] },
  };
}

async function controllerEdit(change: (cs: CloneSet) => void): Promise<void> {
  const cs = structuredClone(await store.get<CloneSet>(CLONESET_REF, ns, 'web'));
  change(cs);
  await store.update(cs);
}

function service(): WorkloadsService {
  const clock = new ManualClock(Date.parse('2026-11-24T10:00:00Z'));
  return new WorkloadsService(racingClient(store), { clock } as unknown as Runtime, cache, new AuditTrail());
}

beforeEach(async () => {
  const clock = new ManualClock(Date.parse('2026-11-24T10:00:00Z'));
  store = await EmbeddedStore.open({ clock, persistence: new MemoryPersistence() });
  const cs = await store.create<CloneSet>({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: ns },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'main', image: 'nginx:1' }] } },
    },
  } as CloneSet);
  for (const name of ['web-a', 'web-b', 'web-c']) await store.create(pod(name, cs.metadata.uid!));
  cache = new ClusterCache(store.localClient(), clock);
  await cache.onApplicationBootstrap();
});

afterEach(async () => {
  racer = undefined;
  cache.onModuleDestroy();
  await store.close();
});

describe('WorkloadsService changes racing the controller', () => {
  it('deletePods made again on the fresh spec when the controller edited it in between (no CONFLICT, neither edit lost)', async () => {
    racer = () => controllerEdit((cs) => {
      cs.spec.scaleStrategy = { podsToDelete: ['web-c'] };
    });
    const view = await service().deletePods(address, ['web-a'], false);
    const stored = await store.get<CloneSet>(CLONESET_REF, ns, 'web');
    expect(stored.spec.scaleStrategy?.podsToDelete).toEqual(['web-c', 'web-a']);
    expect(view.generation).toBe(stored.metadata.generation);
  });

  it('setImage without expectedGeneration applies to the latest spec', async () => {
    racer = () => controllerEdit((cs) => {
      cs.spec.minReadySeconds = 7;
    });
    await service().setImage(address, 'main', 'nginx:2', null);
    const stored = await store.get<CloneSet>(CLONESET_REF, ns, 'web');
    expect(stored.spec.template.spec.containers[0]!.image).toBe('nginx:2');
    expect(stored.spec.minReadySeconds).toBe(7);
  });

  it('setImage with expectedGeneration is CONFLICT when the spec changed in between, and writes nothing', async () => {
    const generation = (await store.get<CloneSet>(CLONESET_REF, ns, 'web')).metadata.generation!;
    racer = () => controllerEdit((cs) => {
      cs.spec.minReadySeconds = 7;
    });
    const failure = await service().setImage(address, 'main', 'nginx:2', generation).catch((err: unknown) => err);
    expect(isDomainError(failure, 'CONFLICT')).toBe(true);
    const stored = await store.get<CloneSet>(CLONESET_REF, ns, 'web');
    expect(stored.spec.template.spec.containers[0]!.image).toBe('nginx:1');
  });

  it('a status write in between is retried even with expectedGeneration', async () => {
    const generation = (await store.get<CloneSet>(CLONESET_REF, ns, 'web')).metadata.generation!;
    racer = async () => {
      const cs = structuredClone(await store.get<CloneSet>(CLONESET_REF, ns, 'web'));
      cs.status = { observedGeneration: generation, replicas: 3, readyReplicas: 3, availableReplicas: 3, updatedReplicas: 3, updatedReadyReplicas: 3, updatedAvailableReplicas: 3, expectedUpdatedReplicas: 3 } as CloneSet['status'];
      await store.updateStatus(cs);
    };
    await service().setImage(address, 'main', 'nginx:2', generation);
    expect((await store.get<CloneSet>(CLONESET_REF, ns, 'web')).spec.template.spec.containers[0]!.image).toBe('nginx:2');
  });
});
