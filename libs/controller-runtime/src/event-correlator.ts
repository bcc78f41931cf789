// client-go's EventCorrelator, which every Kubernetes controller's recorder runs before it writes:
// - aggregation: the 10th distinct message of one (source, object, type, reason) within 10 minutes and
//   every one after it become one Event, "(combined from similar events): <latest message>";
// - de-duplication: an Event seen before (same source, object, type, reason, message) is patched
//   (count + 1, lastTimestamp, message) instead of created again;
// - spam filtering: one source may write 25 events about one object at once, then one per 5 minutes;
//   the rest are dropped.
// So a 10,000-pod CloneSet has a couple of dozen Events, as on a real cluster, not one per pod.
import type { Event } from '@coxswain/kruise-api';

export const AGGREGATE_MAX_EVENTS = 10;
export const AGGREGATE_INTERVAL_MS = 600_000;
export const SPAM_BURST = 25;
export const SPAM_REFILL_PER_MS = 1 / 300_000;
export const CORRELATOR_CACHE_SIZE = 4096;
export const COMBINED_PREFIX = '(combined from similar events): ';

const SEP = '\u0000';

/** What to do with a recorded event: drop it, create it, or patch the existing one of that name. */
export type Correlation =
  | { skip: true }
  | { skip: false; event: Event; patch?: { count: number; lastTimestamp: string; message: string } };

interface Observation {
  name: string;
  count: number;
  firstTimestamp: string;
}

/** Source and involved object: the spam filter's key. */
function sourceObjectKey(event: Event): string {
  const o = event.involvedObject;
  return [event.source?.component ?? '', event.source?.host ?? '', o.kind ?? '', o.namespace ?? '', o.name ?? '', o.uid ?? '', o.apiVersion ?? ''].join(SEP);
}

/** The group an event aggregates in: varies only by message. */
function aggregateKey(event: Event): string {
  return [sourceObjectKey(event), event.type ?? '', event.reason ?? '', event.reportingComponent ?? '', event.reportingInstance ?? ''].join(SEP);
}

/** The full identity of an event: a repeat of it is a count on the same Event. */
export function eventKey(event: Event): string {
  return [sourceObjectKey(event), event.involvedObject.fieldPath ?? '', event.type ?? '', event.reason ?? '', event.message ?? ''].join(SEP);
}

/** A Map used as a least-recently-used cache of a fixed size (client-go's lru.Cache). */
class Lru<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly size: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
  }
}

/** A token bucket that starts full (golang.org/x/time/rate, as flowcontrol uses it). */
class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(private readonly burst: number, private readonly perMs: number, now: number) {
    this.tokens = burst;
    this.last = now;
  }

  tryAccept(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + Math.max(0, now - this.last) * this.perMs);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export class EventCorrelator {
  private readonly aggregates: Lru<{ messages: Set<string>; last: number }>;
  private readonly observed: Lru<Observation>;
  private readonly spam: Lru<TokenBucket>;

  /** `newName` names a new Event about an object (Kubernetes: `<object>.<hex time>`). */
  constructor(private readonly newName: (objectName: string) => string, cacheSize = CORRELATOR_CACHE_SIZE) {
    this.aggregates = new Lru(cacheSize);
    this.observed = new Lru(cacheSize);
    this.spam = new Lru(cacheSize);
  }

  /** Aggregate, then de-duplicate, then filter: the order client-go uses (a filtered event still counts). */
  correlate(incoming: Event, now: number, nowIso: string): Correlation {
    const { event, key } = this.aggregate(incoming, now, nowIso);
    const seen = this.observed.get(key);
    const observed: Event = seen
      ? { ...event, metadata: { ...event.metadata, name: seen.name }, firstTimestamp: seen.firstTimestamp, count: seen.count + 1 }
      : event;
    this.observed.set(key, { name: observed.metadata.name!, count: observed.count ?? 1, firstTimestamp: observed.firstTimestamp! });
    if (!this.accept(observed, now)) return { skip: true };
    return seen
      ? { skip: false, event: observed, patch: { count: observed.count!, lastTimestamp: nowIso, message: observed.message ?? '' } }
      : { skip: false, event: observed };
  }

  /** The server's answer to a write: what later repeats patch (its name and count). */
  updateState(written: Event): void {
    this.observed.set(eventKey(written), { name: written.metadata.name!, count: written.count ?? 1, firstTimestamp: written.firstTimestamp ?? '' });
  }

  private aggregate(event: Event, now: number, nowIso: string): { event: Event; key: string } {
    const group = aggregateKey(event);
    let record = this.aggregates.get(group);
    if (!record || now - record.last > AGGREGATE_INTERVAL_MS) record = { messages: new Set(), last: now };
    record.messages.add(event.message ?? '');
    record.last = now;
    this.aggregates.set(group, record);
    if (record.messages.size < AGGREGATE_MAX_EVENTS) return { event, key: eventKey(event) };
    // Keep the set at its maximum: one message leaves for each one that joins.
    record.messages.delete(record.messages.values().next().value!);
    const combined: Event = {
      ...event,
      metadata: { name: this.newName(event.involvedObject.name ?? ''), namespace: event.metadata.namespace },
      count: 1,
      firstTimestamp: nowIso,
      lastTimestamp: nowIso,
      message: COMBINED_PREFIX + (event.message ?? ''),
    };
    return { event: combined, key: group };
  }

  private accept(event: Event, now: number): boolean {
    const key = sourceObjectKey(event);
    let bucket = this.spam.get(key);
    if (!bucket) bucket = new TokenBucket(SPAM_BURST, SPAM_REFILL_PER_MS, now);
    this.spam.set(key, bucket);
    return bucket.tryAccept(now);
  }
}
