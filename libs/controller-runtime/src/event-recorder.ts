// client-go's EventRecorder: controllers report what they did as core/v1 Events on the object they
// acted for (what `kubectl describe` shows). Recording never blocks or fails a reconcile: writes run in
// the background and their errors are only reported. Repeats of the same event (same object, type,
// reason and message) update one Event's count and lastTimestamp instead of creating another, as the
// client-go correlator does.
import { isApiError, isoNow, type Clock, type ClusterClient, type KindRef } from '@coxswain/cluster';
import type { Event, KubeObject } from '@coxswain/kruise-api';

export const EVENT_REF: KindRef = { apiVersion: 'v1', kind: 'Event' };

export type EventType = 'Normal' | 'Warning';

export interface EventRecorder {
  event(object: KubeObject, type: EventType, reason: string, message: string): void;
}

export interface ClusterEventRecorderOptions {
  client: ClusterClient;
  clock: Clock;
  /** `source.component` / `reportingComponent`, e.g. `cloneset-controller`. */
  component: string;
  onError?: (error: unknown) => void;
  /** How many distinct events are remembered for aggregation (client-go: 4096). */
  cacheSize?: number;
}

interface Recorded {
  name: string;
  namespace: string;
  count: number;
}

export class ClusterEventRecorder implements EventRecorder {
  private readonly recent = new Map<string, Recorded>();
  private pending: Promise<void> = Promise.resolve();
  private sequence = 0;

  constructor(private readonly options: ClusterEventRecorderOptions) {}

  event(object: KubeObject, type: EventType, reason: string, message: string): void {
    const { uid, name, namespace } = object.metadata;
    if (!name) return;
    const key = `${uid ?? ''}\u0000${type}\u0000${reason}\u0000${message}`;
    this.pending = this.pending.then(() => this.write(key, object, type, reason, message)).catch((err: unknown) => this.options.onError?.(err));
  }

  /** Resolves once every event recorded so far has been written (or has failed). */
  flush(): Promise<void> {
    return this.pending;
  }

  private async write(key: string, object: KubeObject, type: EventType, reason: string, message: string): Promise<void> {
    const now = isoNow(this.options.clock);
    const seen = this.recent.get(key);
    if (seen) {
      try {
        seen.count += 1;
        await this.options.client.patch(EVENT_REF, seen.namespace, seen.name, { count: seen.count, lastTimestamp: now });
        this.touch(key, seen);
        return;
      } catch (err) {
        if (!isApiError(err, 'NotFound')) throw err;
        this.recent.delete(key);
      }
    }
    const namespace = object.metadata.namespace ?? 'default';
    const event: Event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${object.metadata.name}.${this.uniqueSuffix()}`, namespace },
      involvedObject: {
        apiVersion: object.apiVersion,
        kind: object.kind,
        namespace: object.metadata.namespace,
        name: object.metadata.name,
        uid: object.metadata.uid,
        resourceVersion: object.metadata.resourceVersion,
      },
      type,
      reason,
      message,
      count: 1,
      firstTimestamp: now,
      lastTimestamp: now,
      source: { component: this.options.component },
      reportingComponent: this.options.component,
    };
    const created = await this.options.client.create(event);
    this.touch(key, { name: created.metadata.name!, namespace, count: 1 });
  }

  /** Kubernetes names events `<object>.<hex timestamp>`; a sequence keeps two in one millisecond apart. */
  private uniqueSuffix(): string {
    this.sequence = (this.sequence + 1) % 4096;
    return (this.options.clock.now() * 4096 + this.sequence).toString(16);
  }

  private touch(key: string, recorded: Recorded): void {
    this.recent.delete(key);
    this.recent.set(key, recorded);
    const limit = this.options.cacheSize ?? 4096;
    while (this.recent.size > limit) this.recent.delete(this.recent.keys().next().value!);
  }
}
