// client-go's EventRecorder: controllers report what they did as core/v1 Events on the object they
// acted for (what `kubectl describe` shows). Recording never blocks or fails a reconcile: writes run in
// the background and their errors are only reported. Every event goes through client-go's correlator
// first (event-correlator.ts): repeats become counts, floods of similar events one combined Event, and
// a source's events about one object are rate limited.
import { isApiError, isoNow, type Clock, type ClusterClient, type KindRef } from '@coxswain/cluster';
import type { Event, KubeObject } from '@coxswain/kruise-api';
import { EventCorrelator } from './event-correlator.js';

export const EVENT_REF: KindRef = { apiVersion: 'v1', kind: 'Event' };

export type EventType = 'Normal' | 'Warning';

export interface EventRecorder {
  event(object: KubeObject, type: EventType, reason: string, message: string): void;
}

/** Hands each controller a recorder in its own name (controller-runtime's manager.GetEventRecorderFor). */
export interface EventRecorders {
  forComponent(component: string): EventRecorder;
}

export interface ClusterEventRecorderOptions {
  client: ClusterClient;
  clock: Clock;
  /** `source.component` / `reportingComponent`, e.g. `cloneset-controller`. */
  component: string;
  onError?: (error: unknown) => void;
  /** How many distinct events, groups and objects the correlator remembers (client-go: 4096). */
  cacheSize?: number;
}

export class ClusterEventRecorder implements EventRecorder, EventRecorders {
  private readonly correlator: EventCorrelator;
  private pending: Promise<void> = Promise.resolve();
  private sequence = 0;

  constructor(private readonly options: ClusterEventRecorderOptions) {
    this.correlator = new EventCorrelator((objectName) => `${objectName}.${this.uniqueSuffix()}`, options.cacheSize);
  }

  event(object: KubeObject, type: EventType, reason: string, message: string): void {
    this.record(object, type, reason, message, this.options.component);
  }

  /**
   * A recorder whose events name `component` as their source (`cloneset-controller`, as Kruise names its
   * recorders), sharing this one's correlator and write queue as the recorders of one client-go
   * broadcaster do.
   */
  forComponent(component: string): EventRecorder {
    return { event: (object, type, reason, message) => this.record(object, type, reason, message, component) };
  }

  private record(object: KubeObject, type: EventType, reason: string, message: string, component: string): void {
    if (!object.metadata.name) return;
    const event = this.newEvent(object, type, reason, message, component);
    this.pending = this.pending.then(() => this.write(event)).catch((err: unknown) => this.options.onError?.(err));
  }

  /** Resolves once every event recorded so far has been written (or has failed). */
  flush(): Promise<void> {
    return this.pending;
  }

  private newEvent(object: KubeObject, type: EventType, reason: string, message: string, component: string): Event {
    const now = isoNow(this.options.clock);
    return {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${object.metadata.name}.${this.uniqueSuffix()}`, namespace: object.metadata.namespace ?? 'default' },
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
      source: { component },
      reportingComponent: component,
    };
  }

  /** Correlated when its turn comes, so repeats see the names and counts of the writes before them. */
  private async write(event: Event): Promise<void> {
    const result = this.correlator.correlate(event, this.options.clock.now(), event.lastTimestamp!);
    if (result.skip) return;
    if (result.patch) {
      try {
        const patched = await this.options.client.patch<Event>(EVENT_REF, result.event.metadata.namespace, result.event.metadata.name!, result.patch);
        this.correlator.updateState(patched);
        return;
      } catch (err) {
        if (!isApiError(err, 'NotFound')) throw err;
      }
    }
    // New, or the Event a repeat would count on is gone (expired or deleted): create it afresh.
    const { resourceVersion: _ignored, ...metadata } = result.event.metadata;
    const created = await this.options.client.create<Event>({ ...result.event, metadata });
    this.correlator.updateState(created);
  }

  /** Kubernetes names events `<object>.<hex timestamp>`; a sequence keeps two in one millisecond apart. */
  private uniqueSuffix(): string {
    this.sequence = (this.sequence + 1) % 4096;
    return (this.options.clock.now() * 4096 + this.sequence).toString(16);
  }
}
