import { describe, it, expect } from '@jest/globals';
import fc from 'fast-check';
import { EmbeddedStore, ManualClock } from '@coxswain/cluster';
import type { Event, KubeObject } from '@coxswain/kruise-api';
import { AGGREGATE_INTERVAL_MS, AGGREGATE_MAX_EVENTS, COMBINED_PREFIX, EventCorrelator, SPAM_BURST } from '../src/event-correlator.js';
import { ClusterEventRecorder, EVENT_REF } from '../src/event-recorder.js';

const owner = (name = 'web', uid = `uid-${name}`): KubeObject => ({
  apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name, namespace: 'default', uid, resourceVersion: '1' },
});

function event(message: string, { object = owner(), reason = 'SuccessfulCreate', type = 'Normal' as const, name = undefined as string | undefined }: { object?: KubeObject; reason?: string; type?: 'Normal' | 'Warning'; name?: string } = {}): Event {
  name ??= `${object.metadata.name}.${message}`;
  return {
    apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' },
    involvedObject: { apiVersion: object.apiVersion, kind: object.kind, namespace: 'default', name: object.metadata.name, uid: object.metadata.uid },
    type, reason, message, count: 1, source: { component: 'cloneset-controller' }, reportingComponent: 'cloneset-controller',
  };
}

const SECOND = 1000;
let names = 0;
const correlator = () => new EventCorrelator((objectName) => `${objectName}.combined-${++names}`);
const at = (ms: number) => new Date(ms).toISOString();

/** An embedded store on a manual clock at 2026-01-01 for `body`, closed after it whatever happened. */
async function withStore(body: (store: EmbeddedStore, clock: ManualClock) => Promise<void>): Promise<void> {
  const clock = new ManualClock(Date.parse('2026-01-01T00:00:00Z'));
  const store = await EmbeddedStore.open({ clock });
  try {
    await body(store, clock);
  } finally {
    await store.close();
  }
}

describe('EventCorrelator (client-go)', () => {
  it('counts a repeat on the first Event: same name, count + 1, patch of count, lastTimestamp and message', () => {
    const c = correlator();
    const first = c.correlate(event('boom'), 0, at(0));
    expect(first).toMatchObject({ skip: false, event: { metadata: { name: 'web.boom' } } });
    expect(first.skip === false && first.patch).toBeUndefined();
    const again = c.correlate(event('boom', { name: 'web.other-name' }), SECOND, at(SECOND));
    expect(again).toEqual(expect.objectContaining({ skip: false, patch: { count: 2, lastTimestamp: at(SECOND), message: 'boom' } }));
    expect(again.skip === false && again.event.metadata.name).toBe('web.boom');
  });

  it.each([
    { label: 'the 9th distinct message is still its own Event', messages: 9, combined: 0 },
    { label: 'the 10th distinct message becomes a combined Event', messages: 10, combined: 1 },
    { label: 'every later one counts on that combined Event', messages: 14, combined: 5 },
  ])('$label', ({ messages, combined }) => {
    const c = correlator();
    const results = Array.from({ length: messages }, (_, i) => c.correlate(event(`succeed to create pod web-${i}`), i * SECOND, at(i * SECOND)));
    const combinedResults = results.filter((r) => r.skip === false && r.event.message!.startsWith(COMBINED_PREFIX));
    expect(combinedResults).toHaveLength(combined);
    if (combined > 0) {
      const last = combinedResults.at(-1)!;
      expect(last.skip === false && last.event.message).toBe(`${COMBINED_PREFIX}succeed to create pod web-${messages - 1}`);
      expect(last.skip === false && last.event.count).toBe(combined);
      expect(new Set(combinedResults.map((r) => r.skip === false && r.event.metadata.name)).size).toBe(1);
    }
  });

  it('starts a new group after 10 minutes without a similar event', () => {
    const c = correlator();
    for (let i = 0; i < AGGREGATE_MAX_EVENTS - 1; i++) c.correlate(event(`m${i}`), 0, at(0));
    const later = AGGREGATE_INTERVAL_MS + 1;
    const result = c.correlate(event('m-late'), later, at(later));
    expect(result.skip === false && result.event.message).toBe('m-late');
  });

  it('groups by reason and object: other reasons and other objects are not combined with them', () => {
    const c = correlator();
    for (let i = 0; i < AGGREGATE_MAX_EVENTS - 1; i++) c.correlate(event(`m${i}`), 0, at(0));
    const otherReason = c.correlate(event('d', { reason: 'SuccessfulDelete' }), 0, at(0));
    const otherObject = c.correlate(event('m-x', { object: owner('api') }), 0, at(0));
    expect(otherReason.skip === false && otherReason.event.message).toBe('d');
    expect(otherObject.skip === false && otherObject.event.message).toBe('m-x');
  });

  it('lets one source write 25 events about one object, then one per 5 minutes; the skipped ones still count', () => {
    const c = correlator();
    const results = Array.from({ length: SPAM_BURST + 5 }, () => c.correlate(event('same'), 0, at(0)));
    expect(results.filter((r) => !r.skip)).toHaveLength(SPAM_BURST);
    expect(results[SPAM_BURST]).toEqual({ skip: true });
    expect(c.correlate(event('same'), 299 * SECOND, at(299 * SECOND))).toEqual({ skip: true });
    const refilled = c.correlate(event('same'), 300 * SECOND, at(300 * SECOND));
    expect(refilled.skip === false && refilled.patch?.count).toBe(SPAM_BURST + 7);
    expect(c.correlate(event('same', { object: owner('other') }), 300 * SECOND, at(300 * SECOND)).skip).toBe(false);
  });

  it('never lets more than 25 + elapsed/5min writes through for one object (property)', () => {
    fc.assert(fc.property(
      fc.array(fc.record({ gapMs: fc.integer({ min: 0, max: 400 * SECOND }), message: fc.integer({ min: 0, max: 30 }), reason: fc.constantFrom('A', 'B') }), { maxLength: 200 }),
      (steps) => {
        const c = correlator();
        let now = 0;
        let written = 0;
        for (const step of steps) {
          now += step.gapMs;
          if (!c.correlate(event(`m${step.message}`, { reason: step.reason }), now, at(now)).skip) written++;
        }
        expect(written).toBeLessThanOrEqual(SPAM_BURST + Math.floor(now / (300 * SECOND)));
      },
    ));
  });
});

describe('ClusterEventRecorder', () => {
  it('writes a 1,000-pod creation as a few Events on the CloneSet: 9 single, 1 combined with the count of the rest', async () => {
    await withStore(async (store, clock) => {
      const recorder = new ClusterEventRecorder({ client: store, clock, component: 'cloneset-controller' });
      for (let i = 0; i < 1000; i++) recorder.event(owner(), 'Normal', 'SuccessfulCreate', `succeed to create pod web-${i}`);
      await recorder.flush();
      const { items } = await store.list<Event>(EVENT_REF, { namespace: 'default' });
      expect(items).toHaveLength(AGGREGATE_MAX_EVENTS);
      const combined = items.find((e) => e.message!.startsWith(COMBINED_PREFIX))!;
      // 25 writes pass the spam filter: 9 singles, the combined create and 15 patches of it.
      expect(combined.count).toBe(SPAM_BURST - (AGGREGATE_MAX_EVENTS - 1));
      expect(combined.message).toBe(`${COMBINED_PREFIX}succeed to create pod web-${SPAM_BURST - 1}`);
    });
  });

  it('creates the Event again when the one a repeat would count on was deleted', async () => {
    await withStore(async (store, clock) => {
      const recorder = new ClusterEventRecorder({ client: store, clock, component: 'cloneset-controller' });
      recorder.event(owner(), 'Warning', 'FailedCreate', 'quota');
      await recorder.flush();
      const [first] = (await store.list<Event>(EVENT_REF, { namespace: 'default' })).items;
      await store.delete(EVENT_REF, 'default', first!.metadata.name!);
      recorder.event(owner(), 'Warning', 'FailedCreate', 'quota');
      await recorder.flush();
      const { items } = await store.list<Event>(EVENT_REF, { namespace: 'default' });
      expect(items.map((e) => [e.metadata.name, e.count])).toEqual([[first!.metadata.name, 2]]);
    });
  });

  it('names each controller as the source of its own events, writing them through one queue', async () => {
    await withStore(async (store, clock) => {
      const recorder = new ClusterEventRecorder({ client: store, clock, component: 'kruise-manager' });
      recorder.forComponent('cloneset-controller').event(owner('web'), 'Normal', 'SuccessfulCreate', 'succeed to create pod web-1');
      recorder.forComponent('statefulset-controller').event(owner('db'), 'Normal', 'SuccessfulCreate', 'create Pod db-0 in StatefulSet db successful');
      await recorder.flush();
      const { items } = await store.list<Event>(EVENT_REF, { namespace: 'default' });
      expect(items.map((e) => [e.involvedObject.name, e.source?.component, e.reportingComponent]).sort()).toEqual([
        ['db', 'statefulset-controller', 'statefulset-controller'], ['web', 'cloneset-controller', 'cloneset-controller'],
      ]);
    });
  });
});
