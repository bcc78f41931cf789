import { describe, it, expect } from '@jest/globals';
import type { KubeObject, Pod } from '@coxswain/kruise-api';
import { ManualClock } from '../../src/clock.js';
import { EmbeddedStore } from '../../src/embedded/store/embedded-store.js';
import { MemoryPersistence } from '../../src/embedded/store/persistence.js';
import { KubeletSimulator } from '../../src/embedded/sim/kubelet.js';
import { simulatedNodes } from '../../src/embedded/sim/nodes.js';
import { Scheduler } from '../../src/embedded/sim/scheduler.js';
import type { ClusterClient, WriteOptions } from '../../src/port.js';
import { CountingClient, POD, START, condition, makePod } from './sim-fixtures.js';

/**
 * Before each of the simulator's first pod status writes, another writer slips in a condition of its own, so
 * the simulator's write conflicts. (Limited, or two simulator writers in flight would be kept stale forever.)
 */
class RacingClient extends CountingClient {
  conflicts = 0;
  private racesLeft = 3;

  constructor(private readonly store: EmbeddedStore) {
    super(store);
  }

  override updateStatus: ClusterClient['updateStatus'] = async <T extends KubeObject>(object: T, options?: WriteOptions): Promise<T> => {
    if (this.racesLeft > 0 && object.kind === 'Pod') {
      this.racesLeft--;
      const current = await this.store.get<Pod>(POD, object.metadata.namespace, object.metadata.name!);
      const type = `example.com/other-${this.conflicts}`;
      await this.store.updateStatus<Pod>({ ...current, status: { ...current.status, conditions: [...(current.status?.conditions ?? []), { type, status: 'True' }] } });
      this.conflicts++;
    }
    return this.store.updateStatus(object, options);
  };
}

describe('status writes under contention', () => {
  it('re-reads on Conflict and never drops conditions written by others', async () => {
    const clock = new ManualClock(START);
    const store = await EmbeddedStore.open({ clock, persistence: new MemoryPersistence() });
    await store.seed(simulatedNodes({ zones: 1, nodesPerZone: 1 }));
    const client = new RacingClient(store);
    const errors: unknown[] = [];
    const scheduler = new Scheduler(client, clock, { onError: (err) => errors.push(err) });
    const kubelet = new KubeletSimulator(client, clock, { onError: (err) => errors.push(err) });
    try {
      await scheduler.start();
      await kubelet.start();
      await store.create(makePod('web-0'));
      for (const ms of [0, 2000, 500]) {
        await clock.advance(ms);
        await scheduler.idle();
        await kubelet.idle();
      }
      const pod = await store.get<Pod>(POD, 'default', 'web-0');
      expect(errors).toEqual([]);
      expect(client.conflicts).toBeGreaterThanOrEqual(2);
      expect(pod.status?.phase).toBe('Running');
      expect(condition(pod, 'Ready')).toMatchObject({ status: 'True' });
      for (let i = 0; i < client.conflicts; i++) expect(condition(pod, `example.com/other-${i}`)).toMatchObject({ status: 'True' });
    } finally {
      await scheduler.stop();
      await kubelet.stop();
      await store.close();
    }
  });
});
