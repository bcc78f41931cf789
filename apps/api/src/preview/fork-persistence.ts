// The fork's store keeps nothing durable: the fork lives for one preview and is never reopened, so a
// copy of every object version (what MemoryPersistence keeps, as a database would) is time and memory
// spent for no reader. Writes are acknowledged at once, as MemoryPersistence's are.
import type { PersistedChange, StorePersistence, StoreSnapshot } from '@coxswain/cluster';

export class ForkPersistence implements StorePersistence {
  async load(): Promise<StoreSnapshot> {
    return { resourceVersion: 0, objects: [] };
  }

  async commit(_changes: readonly PersistedChange[], _resourceVersion: number, _at: number): Promise<void> {}

  async close(): Promise<void> {}
}
