// The pods of one workload, kept current from a full list plus podChanged events. Outside React on
// purpose: the canvas grid repaints from it directly, and components read a versioned snapshot
// (useSyncExternalStore) so a flush of 1,000 changes is one render, not 1,000.
import type { Pod, PodEvent } from '../api/types';

/** When a not-yet-available pod turns available with time alone (the API's availableAt), in ms. */
function availableAtMillis(pod: Pod): number | undefined {
  if (pod.available || !pod.availableAt) return undefined;
  const at = Date.parse(pod.availableAt);
  return Number.isNaN(at) ? undefined : at;
}

export class PodStore {
  private pods = new Map<string, Pod>();
  private listeners = new Set<() => void>();
  private cached: Pod[] | null = null;
  private versionNumber = 0;
  loaded = false;
  /** When each pod last changed (ms, from the caller's clock): the grid's "recently changed" outline and the benchmark read it. */
  readonly changedAt = new Map<string, number>();

  get version(): number {
    return this.versionNumber;
  }

  get size(): number {
    return this.pods.size;
  }

  get(name: string): Pod | undefined {
    return this.pods.get(name);
  }

  replaceAll(pods: readonly Pod[]): void {
    this.pods = new Map(pods.map((p) => [p.name, p]));
    this.loaded = true;
    this.bump();
  }

  /** Applies a batch (one event per pod, the latest); returns the names that changed. */
  apply(batch: ReadonlyMap<string, PodEvent>, now = Date.now()): string[] {
    const changed: string[] = [];
    for (const [name, event] of batch) {
      if (event.type === 'DELETED') {
        if (this.pods.delete(name)) changed.push(name);
        this.changedAt.delete(name);
      } else {
        this.pods.set(name, event.pod);
        this.changedAt.set(name, now);
        changed.push(name);
      }
    }
    if (changed.length) this.bump();
    return changed;
  }

  /** All pods sorted by name; the same array until the next change (a snapshot for useSyncExternalStore). */
  snapshot = (): Pod[] => {
    if (!this.cached) this.cached = [...this.pods.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    return this.cached;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * The earliest moment a pod here turns available with time alone (minReadySeconds: no event marks
   * it, so the store does), in ms; undefined when none waits.
   */
  nextAvailableAt(): number | undefined {
    let next: number | undefined;
    for (const pod of this.pods.values()) {
      const at = availableAtMillis(pod);
      if (at !== undefined && (next === undefined || at < next)) next = at;
    }
    return next;
  }

  /** Pods whose availableAt has passed by `now` turn available; true when any did. */
  promoteAvailable(now: number): boolean {
    let promoted = false;
    for (const [name, pod] of this.pods) {
      const at = availableAtMillis(pod);
      if (at === undefined || at >= now) continue;
      this.pods.set(name, { ...pod, available: true, availableAt: null });
      promoted = true;
    }
    if (promoted) this.bump();
    return promoted;
  }

  private bump(): void {
    this.cached = null;
    this.versionNumber++;
    this.listeners.forEach((l) => l());
  }
}
