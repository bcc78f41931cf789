// The StatefulSet planner, rule by rule (docs/spec/advanced-statefulset.md §2.1, §4.2–§4.7, §5, §7): each
// row sets up a set and its pods and says which writes one pass plans, in order, and what it reports.
import { describe, expect, it } from '@jest/globals';
import { FeatureGates, type PersistentVolumeClaim, type Pod } from '@coxswain/kruise-api';
import { KRUISE_STATEFULSET, NATIVE_STATEFULSET } from '../../src/statefulset/plan/flavor.js';
import { statefulSetRevisions } from '../../src/statefulset/revision/revisions.js';
import { LONG_AGO, NOW, iso, opsOf, plan, pod, withImage, world, type World } from './fixtures.js';

/** v2 rolled out over `pods` at v1 unless said otherwise. */
function rolled(w: World) {
  return withImage(w.set, 'nginx:v2');
}

function claim(name: string, extra: Partial<PersistentVolumeClaim['metadata']> = {}): PersistentVolumeClaim {
  return { apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name, namespace: 'default', uid: `uid-${name}`, ...extra }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
}

const VCT = (spec: Record<string, any>) => {
  spec['volumeClaimTemplates'] = [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }];
};

describe('docs/spec/advanced-statefulset.md §2.1 ordinals: range, reserveOrdinals, ordinals.start', () => {
  it.each<[string, (s: Record<string, any>) => void, FeatureGates | undefined, string[]]>([
    ['replicas 3', () => {}, undefined, ['create web-0@', 'create web-1@', 'create web-2@']],
    ['replicas 3, reserve [1] -> 0, 2, 3', (s) => (s['reserveOrdinals'] = [1]), undefined, ['create web-0@', 'create web-2@', 'create web-3@']],
    ['replicas 4, reserve [1, 3], start 2 with StatefulSetStartOrdinal -> 2, 4, 5, 6', (s) => {
      s['replicas'] = 4;
      s['reserveOrdinals'] = [1, 3];
      s['ordinals'] = { start: 2 };
    }, FeatureGates.from({ StatefulSetStartOrdinal: true }), ['create web-2@', 'create web-4@', 'create web-5@', 'create web-6@']],
    ['ordinals.start ignored without the gate', (s) => (s['ordinals'] = { start: 2 }), undefined, ['create web-0@', 'create web-1@', 'create web-2@']],
    ['a range "1-2" reserves both', (s) => (s['reserveOrdinals'] = ['1-2']), undefined, ['create web-0@', 'create web-3@', 'create web-4@']],
    ['one bad range empties the reserved set', (s) => (s['reserveOrdinals'] = [1, '3-1']), undefined, ['create web-0@', 'create web-1@', 'create web-2@']],
  ])('%s', (_name, edit, gates, expected) => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      edit(s);
    });
    const p = plan(w, w.set, [], { current: w.v1, update: w.v1, gates });
    expect(opsOf(p).map((o) => o.replace(/@.*/, '@'))).toEqual(expected);
  });

  it('counts reserved ordinals without reporting them as blockers, and condemns a pod at a newly reserved ordinal (worked example 4)', () => {
    const w = world((s) => (s['reserveOrdinals'] = [1]));
    const p = plan(w, w.set, [pod(w.set, 0, w.v1), pod(w.set, 2, w.v1), pod(w.set, 3, w.v1)], { current: w.v1, update: w.v1 });
    expect(opsOf(p)).toEqual([]);
    expect(p.diff.reservedOrdinals).toBe(1);
    // reserveOrdinals back to []: pod-1 is created first (OrderedReady: one creation, then exit); pod-3 goes after.
    const none = world();
    const unreserve = plan(none, none.set, [pod(none.set, 0, none.v1), pod(none.set, 2, none.v1), pod(none.set, 3, none.v1)], { current: none.v1, update: none.v1 });
    expect(opsOf(unreserve)).toEqual([`create web-1@${none.v1.metadata.name!.slice(-4)}`]);
    const later = plan(none, none.set, [0, 1, 2, 3].map((o) => pod(none.set, o, none.v1)), { current: none.v1, update: none.v1 });
    expect(opsOf(later)).toEqual(['delete web-3']);
    expect(later.actions[0]).toMatchObject({ type: 'DELETE', reason: 'scale down: ordinal 3 is beyond the 3 valid ordinals' });
  });
});

describe('plan blockers: a reserved ordinal holds nothing back', () => {
  it.each<[string, (s: Record<string, any>) => void, number[], 'v1' | 'v2', boolean, string[]]>([
    ['complete with reserve [1]: complete, no blockers', (s) => (s['reserveOrdinals'] = [1]), [0, 2, 3], 'v1', true, []],
    ['complete with reserve ["1-2", 5]: complete, no blockers', (s) => {
      s['replicas'] = 4;
      s['reserveOrdinals'] = ['1-2', 5];
    }, [0, 3, 4, 6], 'v1', true, []],
    ['partition-held with reserve [1]: the partition is the only blocker', (s) => {
      s['reserveOrdinals'] = [1];
      s['updateStrategy'] = { rollingUpdate: { partition: 2 } };
    }, [0, 2, 3], 'v2', false, ['PARTITION']],
  ])('%s', (_name, edit, ordinals, top, complete, codes) => {
    const w = world(edit);
    const set = top === 'v2' ? rolled(w) : w.set;
    // With v2 rolled out, the highest ordinal already runs it and the partition keeps the others.
    const pods = ordinals.map((o, i) => pod(set, o, top === 'v2' && i === ordinals.length - 1 ? w.v2 : w.v1));
    const p = plan(w, set, pods, top === 'v2' ? {} : { current: w.v1, update: w.v1 });
    expect(opsOf(p)).toEqual([]);
    expect(p.complete).toBe(complete);
    expect(p.blockers.map((b) => b.code)).toEqual(codes);
  });
});

describe('docs/spec/advanced-statefulset.md §4.3 replicas: OrderedReady', () => {
  const w = world();
  const v = w.v1;
  const at = (pods: Pod[], options = {}) => plan(w, w.set, pods, { current: v, update: v, ...options });

  it('creates only the lowest missing ordinal and says who waits', () => {
    const p = at([pod(w.set, 0, v)]);
    expect(opsOf(p)).toEqual([`create web-1@${v.metadata.name!.slice(-4)}`]);
    expect(p.blockers).toContainEqual({ code: 'ORDERED_READY', message: 'OrderedReady: web-2 waits for web-1 to be Running and Ready', pods: ['web-1'] });
    expect(p.diff).toMatchObject({ toCreate: 1, missing: 2, podManagementPolicy: 'OrderedReady' });
  });

  it.each<[string, Pod[], string]>([
    ['a Pending pod', [pod(w.set, 0, v, { phase: 'Pending', ready: false })], 'OrderedReady: web-1 waits for web-0 to be Running and Ready'],
    ['a Running pod not Ready', [pod(w.set, 0, v, { ready: false })], 'OrderedReady: web-1 waits for web-0 to be Running and Ready'],
    ['a terminating pod', [pod(w.set, 0, v, { terminating: true })], 'OrderedReady: web-1 waits for web-0 to finish terminating'],
    ['a pod in PreparingNormal (lifecycle not Normal)', [pod(w.set, 0, v, { lifecycle: 'PreparingNormal' })], 'OrderedReady: web-1 waits for web-0 to be Running and Ready'],
  ])('waits on %s before creating the next ordinal', (_name, pods, message) => {
    const p = at(pods);
    expect(opsOf(p).filter((o) => o.startsWith('create'))).toEqual([]);
    expect(p.blockers.map((b) => b.message)).toContain(message);
  });

  it('minReadySeconds: waits for the rest and looks again then; equality counts as available', () => {
    const w10 = world((s) => (s['updateStrategy'] = { rollingUpdate: { minReadySeconds: 10 } }));
    const fresh = plan(w10, w10.set, [pod(w10.set, 0, w10.v1, { readySince: iso(NOW - 4_000) })], { current: w10.v1, update: w10.v1 });
    expect(opsOf(fresh)).toEqual([]);
    expect(fresh.requeueAfterMs).toBe(6_000);
    expect(fresh.blockers[0]).toMatchObject({ code: 'MIN_READY_SECONDS', message: 'OrderedReady: web-1 waits for web-0 to be available (minReadySeconds 10)', until: NOW + 6_000 });
    const exactly = plan(w10, w10.set, [pod(w10.set, 0, w10.v1, { readySince: iso(NOW - 10_000) })], { current: w10.v1, update: w10.v1 });
    expect(opsOf(exactly)).toEqual([`create web-1@${w10.v1.metadata.name!.slice(-4)}`]);
  });

  it('a Failed pod is deleted to be recreated, and the pass stops there', () => {
    const p = at([pod(w.set, 0, v, { phase: 'Failed', ready: false })]);
    expect(opsOf(p)).toEqual(['recreate web-0']);
    expect(p.actions[0]).toMatchObject({ type: 'RECREATE', reason: 'phase Failed: deleted to be recreated' });
  });

  it('a pod missing its pod-name label or claim volume is repaired', () => {
    const wv = world(VCT);
    const broken = pod(wv.set, 0, wv.v1);
    delete broken.metadata.labels!['statefulset.kubernetes.io/pod-name'];
    const noVolume = pod(wv.set, 1, wv.v1);
    noVolume.spec.volumes = [];
    const p = plan(wv, wv.set, [broken, noVolume, pod(wv.set, 2, wv.v1)], { current: wv.v1, update: wv.v1, pvcs: [claim('data-web-0'), claim('data-web-1'), claim('data-web-2')] });
    expect(opsOf(p)).toEqual(['repair web-0', 'repair web-1']);
  });
});

describe('docs/spec/advanced-statefulset.md §4.3 replicas: Parallel and scaleStrategy.maxUnavailable', () => {
  it('creates every missing pod in one pass, and recreates a Failed pod without stopping', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['replicas'] = 4;
    });
    const p = plan(w, w.set, [pod(w.set, 0, w.v1, { phase: 'Failed', ready: false }), pod(w.set, 2, w.v1, { ready: false })], { current: w.v1, update: w.v1 });
    expect(opsOf(p).map((o) => o.replace(/@.*/, ''))).toEqual(['recreate web-0', 'create web-1', 'create web-3']);
  });

  it('stops once scaleStrategy.maxUnavailable unavailable-ish pods are counted, in ordinal order', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['replicas'] = 6;
      s['scaleStrategy'] = { maxUnavailable: 2 };
    });
    // web-0 not ready (1), web-1 missing -> created (2): break; web-2.. wait.
    const p = plan(w, w.set, [pod(w.set, 0, w.v1, { ready: false })], { current: w.v1, update: w.v1 });
    expect(opsOf(p).map((o) => o.replace(/@.*/, ''))).toEqual(['create web-1']);
    expect(p.blockers).toContainEqual({ code: 'SCALE_UP_LIMITED', message: 'scaleStrategy.maxUnavailable is used up at web-1 (just created); web-2..web-5 wait', pods: ['web-1'] });
    expect(p.diff.scaleMaxUnavailable).toBe(2);
  });

  it('scaleStrategy.maxUnavailable "50%" of 5 rounds down (2)', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['replicas'] = 5;
      s['scaleStrategy'] = { maxUnavailable: '50%' };
    });
    expect(plan(w, w.set, [], { current: w.v1, update: w.v1 }).operations.filter((o) => o.op === 'create')).toHaveLength(2);
  });
});

describe('docs/spec/advanced-statefulset.md §4.4 condemned pods', () => {
  const scaledDown = (policy: string) => world((s) => {
    s['podManagementPolicy'] = policy;
    s['replicas'] = 2;
  });

  it('OrderedReady removes the highest ordinal first, one per pass', () => {
    const w = scaledDown('OrderedReady');
    const p = plan(w, w.set, [0, 1, 2, 3, 4].map((o) => pod(w.set, o, w.v1)), { current: w.v1, update: w.v1 });
    expect(opsOf(p)).toEqual(['delete web-4']);
  });

  it('OrderedReady waits when a condemned pod below the top is not Ready, unless it is the first unhealthy pod', () => {
    const w = scaledDown('OrderedReady');
    const notReadyTop = plan(w, w.set, [pod(w.set, 0, w.v1), pod(w.set, 1, w.v1), pod(w.set, 2, w.v1), pod(w.set, 3, w.v1, { ready: false })], { current: w.v1, update: w.v1 });
    // web-3 is the first unhealthy pod: it may go.
    expect(opsOf(notReadyTop)).toEqual(['delete web-3']);
    const waits = plan(w, w.set, [pod(w.set, 0, w.v1), pod(w.set, 1, w.v1), pod(w.set, 2, w.v1, { ready: false }), pod(w.set, 3, w.v1, { ready: false })], { current: w.v1, update: w.v1 });
    expect(opsOf(waits)).toEqual([]);
    expect(waits.blockers.map((b) => b.message)).toContain('OrderedReady: scale-down of web-3 waits for it to be Running and Ready');
  });

  it('OrderedReady does not remove anything while a replica is unavailable, and waits on a terminating condemned pod', () => {
    const w = scaledDown('OrderedReady');
    expect(opsOf(plan(w, w.set, [pod(w.set, 0, w.v1, { ready: false }), pod(w.set, 1, w.v1), pod(w.set, 2, w.v1)], { current: w.v1, update: w.v1 }))).toEqual([]);
    expect(opsOf(plan(w, w.set, [pod(w.set, 0, w.v1), pod(w.set, 1, w.v1), pod(w.set, 2, w.v1), pod(w.set, 3, w.v1, { terminating: true })], { current: w.v1, update: w.v1 }))).toEqual([]);
  });

  it('Parallel deletes every condemned pod together', () => {
    const w = scaledDown('Parallel');
    const p = plan(w, w.set, [0, 1, 2, 3, 4].map((o) => pod(w.set, o, w.v1, o === 3 ? { ready: false } : {})), { current: w.v1, update: w.v1 });
    expect(opsOf(p)).toEqual(['delete web-4', 'delete web-3', 'delete web-2']);
    expect(p.operations.every((o) => o.op === 'delete' && o.parallel)).toBe(true);
  });

  it('a preDelete hook moves the pod to PreparingDelete instead (markPodNotReady adds the key); no delete until released', () => {
    const w = world((s) => {
      s['replicas'] = 1;
      s['lifecycle'] = { preDelete: { labelsHandler: { hold: 'true' }, markPodNotReady: true } };
    });
    const hooked = pod(w.set, 1, w.v1, { labels: { hold: 'true' } });
    const p = plan(w, w.set, [pod(w.set, 0, w.v1), hooked], { current: w.v1, update: w.v1 });
    expect(opsOf(p)).toEqual(['lifecycle web-1 PreparingDelete']);
    expect(p.operations[0]).toMatchObject({ change: { rule: 15, podReady: { op: 'add', key: 'preDeleteHook' } } });
    const waiting = pod(w.set, 1, w.v1, { labels: { hold: 'true' }, lifecycle: 'PreparingDelete' });
    expect(opsOf(plan(w, w.set, [pod(w.set, 0, w.v1), waiting], { current: w.v1, update: w.v1 })).filter((o) => o.startsWith('delete'))).toEqual([]);
    const released = pod(w.set, 1, w.v1, { lifecycle: 'PreparingDelete' });
    expect(opsOf(plan(w, w.set, [pod(w.set, 0, w.v1), released], { current: w.v1, update: w.v1 }))).toEqual(['delete web-1']);
  });
});

describe('docs/spec/advanced-statefulset.md §4.5–§4.6 rolling update', () => {
  it('worked example 1: OrderedReady, partition 0, ReCreate: web-2 first, one at a time; currentReplicas drops', () => {
    const w = world();
    const set = rolled(w);
    const pods = [0, 1, 2].map((o) => pod(set, o, w.v1));
    const p = plan(w, set, pods);
    expect(opsOf(p)).toEqual(['recreate web-2']);
    expect(p.status).toMatchObject({ currentReplicas: 2, updatedReplicas: 0, currentRevision: w.v1.metadata.name });
    // web-2 recreated at v2 and ready: web-1 next.
    const next = plan(w, set, [pod(set, 0, w.v1), pod(set, 1, w.v1), pod(set, 2, w.v2)]);
    expect(opsOf(next)).toEqual(['recreate web-1']);
  });

  it('worked example 2: partition 2 updates web-2 only; a deleted web-0 comes back at the current revision', () => {
    const w = world((s) => (s['updateStrategy'] = { rollingUpdate: { partition: 2 } }));
    const set = rolled(w);
    expect(opsOf(plan(w, set, [0, 1, 2].map((o) => pod(set, o, w.v1))))).toEqual(['recreate web-2']);
    const done = plan(w, set, [pod(set, 0, w.v1), pod(set, 1, w.v1), pod(set, 2, w.v2)]);
    expect(opsOf(done)).toEqual([]);
    expect(done.blockers).toContainEqual({ code: 'PARTITION', message: `partition keeps web-0..web-1 on revision ${w.v1.metadata.name}`, pods: ['web-0', 'web-1'] });
    const recreated = plan(w, set, [pod(set, 1, w.v1), pod(set, 2, w.v2)]);
    expect(opsOf(recreated)).toEqual([`create web-0@${w.v1.metadata.name!.slice(-4)}`]);
  });

  it('partition greater than replicas updates nothing', () => {
    const w = world((s) => (s['updateStrategy'] = { rollingUpdate: { partition: 5 } }));
    expect(opsOf(plan(w, rolled(w), [0, 1, 2].map((o) => pod(w.set, o, w.v1))))).toEqual([]);
  });

  it('Parallel with maxUnavailable 2: two at once, then a healthy outdated pod that does not fit stops the loop (no skipping)', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['replicas'] = 5;
      s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 2 } };
    });
    const set = rolled(w);
    expect(opsOf(plan(w, set, [0, 1, 2, 3, 4].map((o) => pod(set, o, w.v1))))).toEqual(['recreate web-4', 'recreate web-3']);
    // web-1 is unavailable (outdated, not ready): it is in the budget already and may always be updated,
    // but web-4 (healthy, first in order) does not fit once web-1 and web-3 are unavailable.
    const p = plan(w, set, [pod(set, 0, w.v1), pod(set, 1, w.v1, { ready: false }), pod(set, 2, w.v1), pod(set, 3, w.v2, { ready: false }), pod(set, 4, w.v1)]);
    expect(opsOf(p)).toEqual([]);
    expect(p.blockers).toContainEqual({ code: 'MAX_UNAVAILABLE', message: '2 of 2 allowed unavailable pods are unavailable: web-1, web-3', pods: ['web-1', 'web-3'] });
  });

  it('worked example 3: Parallel, unorderedUpdate by weight, partition 6, pods 6 and 7 already updated: at most two more, heaviest first', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['replicas'] = 10;
      s['updateStrategy'] = { rollingUpdate: { partition: 6, maxUnavailable: 10, unorderedUpdate: { priorityStrategy: { weightPriority: [{ weight: 50, matchSelector: { matchLabels: { 'test-key': 'foo' } } }, { weight: 30, matchSelector: { matchLabels: { 'test-key': 'bar' } } }] } } } };
    });
    const set = rolled(w);
    const key = (o: number): Record<string, string> => (o === 1 ? { 'test-key': 'foo' } : o === 3 ? { 'test-key': 'bar' } : {});
    const pods = Array.from({ length: 10 }, (_, o) => pod(set, o, o === 6 || o === 7 ? w.v2 : w.v1, { labels: key(o) }));
    expect(opsOf(plan(w, set, pods))).toEqual(['recreate web-1', 'recreate web-3']);
  });

  it('unorderedUpdate by orderPriority: the trailing number of the label value, highest first', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { maxUnavailable: 1, unorderedUpdate: { priorityStrategy: { orderPriority: [{ orderedKey: 'rank' }] } } } };
    });
    const set = rolled(w);
    const pods = [pod(set, 0, w.v1, { labels: { rank: 'sts-10' } }), pod(set, 1, w.v1, { labels: { rank: 'sts-2' } }), pod(set, 2, w.v1, { labels: { rank: 'sts-5' } })];
    expect(opsOf(plan(w, set, pods))).toEqual(['recreate web-0']);
  });

  it('unordered partition: a pod to create takes the current revision while fewer than partition pods are not updated', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { partition: 2, unorderedUpdate: {} } };
    });
    const set = rolled(w);
    const p = plan(w, set, [pod(set, 1, w.v2), pod(set, 2, w.v1)]);
    // Others not updated: web-2 only (1 < 2): web-0 is created at v1.
    expect(opsOf(p)).toEqual([`create web-0@${w.v1.metadata.name!.slice(-4)}`]);
  });

  // Kruise's isCurrentRevisionNeeded counts the non-nil slots below the ordinal, but its caller fills the
  // empty slots in ascending order first, so a missing pod below already holds an in-memory pod: the
  // count is the new pod's rank among the valid ordinals, not the number of existing pods below it.
  // Rows marked * are where counting only existing pods would answer differently.
  it.each<[string, (s: Record<string, any>) => void, [number, 'v1' | 'v2'][], string[], FeatureGates | undefined]>([
    ['* replicas 4, partition 2, only web-3: web-2 ranks third, so it takes the update revision', (s) => {
      s['replicas'] = 4;
      s['updateStrategy'] = { rollingUpdate: { partition: 2, maxUnavailable: 4 } };
    }, [[3, 'v2']], ['web-0@v1', 'web-1@v1', 'web-2@v2'], undefined],
    ['* replicas 4, partition 2, web-1 and web-3 exist: web-2 has one existing pod below but ranks third', (s) => {
      s['replicas'] = 4;
      s['updateStrategy'] = { rollingUpdate: { partition: 2, maxUnavailable: 4 } };
    }, [[1, 'v1'], [3, 'v2']], ['web-0@v1', 'web-2@v2'], undefined],
    ['* replicas 3, partition 1, only web-2: web-1 ranks second', (s) => {
      s['updateStrategy'] = { rollingUpdate: { partition: 1, maxUnavailable: 3 } };
    }, [[2, 'v2']], ['web-0@v1', 'web-1@v2'], undefined],
    ['reserve [1], partition 2: web-2 ranks second (the reserved slot does not count)', (s) => {
      s['reserveOrdinals'] = [1];
      s['updateStrategy'] = { rollingUpdate: { partition: 2, maxUnavailable: 3 } };
    }, [[0, 'v1'], [3, 'v2']], ['web-2@v1'], undefined],
    ['start 2, reserve [3], partition 2: web-4 ranks second', (s) => {
      s['ordinals'] = { start: 2 };
      s['reserveOrdinals'] = [3];
      s['updateStrategy'] = { rollingUpdate: { partition: 2, maxUnavailable: 3 } };
    }, [[2, 'v1'], [5, 'v2']], ['web-4@v1'], FeatureGates.from({ StatefulSetStartOrdinal: true })],
  ])('docs/spec/advanced-statefulset.md §4.6 ordered: revision of a pod to create — %s', (_name, edit, existing, expected, gates) => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      edit(s);
    });
    const set = rolled(w);
    const short = { v1: w.v1.metadata.name!.slice(-4), v2: w.v2.metadata.name!.slice(-4) };
    const pods = existing.map(([o, r]) => pod(set, o, r === 'v1' ? w.v1 : w.v2, {}, gates));
    const creates = opsOf(plan(w, set, pods, { gates })).filter((o) => o.startsWith('create ')).map((o) => o.slice('create '.length));
    expect(creates).toEqual(expected.map((e) => e.replace(/@(v1|v2)$/, (_m, r: 'v1' | 'v2') => `@${short[r]}`)));
  });

  it('rollingUpdate absent: a recreated pod takes the current revision below status.currentReplicas', () => {
    const w = world((s, set) => {
      s['updateStrategy'] = { type: 'RollingUpdate' };
      set['status'] = { replicas: 3, currentReplicas: 2 };
    });
    const set = structuredClone(rolled(w));
    delete set.spec.updateStrategy!.rollingUpdate;
    set.status = { replicas: 3, readyReplicas: 3, availableReplicas: 3, currentReplicas: 2, updatedReplicas: 1 };
    expect(opsOf(plan(w, set, [pod(set, 0, w.v1), pod(set, 2, w.v2)]))).toEqual([`create web-1@${w.v1.metadata.name!.slice(-4)}`]);
    expect(opsOf(plan(w, set, [pod(set, 0, w.v1), pod(set, 1, w.v1)]))).toEqual([`create web-2@${w.v2.metadata.name!.slice(-4)}`]);
  });

  it('paused: scaling goes on, the update waits; OnDelete never updates', () => {
    const paused = world((s) => (s['updateStrategy'] = { rollingUpdate: { paused: true } }));
    const set = rolled(paused);
    const p = plan(paused, set, [pod(set, 0, paused.v1), pod(set, 1, paused.v1)]);
    expect(opsOf(p)).toEqual([`create web-2@${paused.v2.metadata.name!.slice(-4)}`]);
    const scaled = plan(paused, set, [0, 1, 2].map((o) => pod(set, o, paused.v1)));
    expect(opsOf(scaled)).toEqual([]);
    expect(scaled.blockers[0]).toMatchObject({ code: 'PAUSED' });
    const onDelete = world((s) => (s['updateStrategy'] = { type: 'OnDelete' }));
    const od = plan(onDelete, rolled(onDelete), [0, 1, 2].map((o) => pod(onDelete.set, o, onDelete.v1)));
    expect(opsOf(od)).toEqual([]);
    expect(od.blockers[0]).toMatchObject({ code: 'ON_DELETE', message: 'updateStrategy OnDelete: 3 pod(s) change revision only when deleted' });
  });

  it('waits while pods updated in place are not yet seen at the update revision', () => {
    const w = world((s) => (s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible' } }));
    const set = rolled(w);
    const p = plan(w, set, [0, 1, 2].map((o) => pod(set, o, w.v1)), { pending: ['web-2'] });
    expect(opsOf(p)).toEqual([]);
    expect(p.blockers[0]).toMatchObject({ code: 'UPDATE_EXPECTATIONS', pods: ['web-2'] });
  });
});

describe('docs/spec/advanced-statefulset.md §4.5 in-place update and hooks', () => {
  const inPlace = (policy: string, extra: (s: Record<string, any>) => void = () => {}) => world((s) => {
    s['updateStrategy'] = { rollingUpdate: { podUpdatePolicy: policy, inPlaceUpdateStrategy: { gracePeriodSeconds: 10 } } };
    extra(s);
  });

  it('InPlaceIfPossible updates an image change in place (with the grace period) and counts the pod unavailable', () => {
    const w = inPlace('InPlaceIfPossible');
    const set = rolled(w);
    const p = plan(w, set, [0, 1, 2].map((o) => pod(set, o, w.v1)));
    expect(opsOf(p)).toEqual(['inplace web-2']);
    expect(p.operations[0]).toMatchObject({ spec: { revision: w.v2.metadata.name, containerImages: { main: 'nginx:v2' }, graceSeconds: 10 } });
    expect(p.actions[0]).toMatchObject({ type: 'UPDATE_IN_PLACE', revision: w.v2.metadata.name });
    expect(p.status.currentReplicas).toBe(2);
  });

  it('a change that is not in-place-able: InPlaceIfPossible recreates, InPlaceOnly stops with its error', () => {
    for (const [policy, expected] of [['InPlaceIfPossible', ['recreate web-2']], ['InPlaceOnly', []]] as const) {
      const w = inPlace(policy);
      const envSet = structuredClone(w.set);
      envSet.spec.template.spec.containers[0]!.env = [{ name: 'A', value: '1' }];
      const v3 = statefulSetRevisions(KRUISE_STATEFULSET).newRevision(envSet, 3, 0);
      const p = plan(w, envSet, [0, 1, 2].map((o) => pod(envSet, o, w.v1)), { update: v3 });
      expect([policy, opsOf(p)]).toEqual([policy, expected]);
      if (policy === 'InPlaceOnly') expect(p.error).toEqual({ message: 'find Pod web-2 update strategy is InPlaceOnly but can not update in-place' });
    }
  });

  it('an inPlaceUpdate hook moves the pod to PreparingUpdate first (rule 6), and the update waits while it holds', () => {
    // Parallel: with OrderedReady a pod outside Normal stops the pass before the rolling update (docs/spec/advanced-statefulset.md §5.3).
    const w = inPlace('InPlaceIfPossible', (s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['lifecycle'] = { inPlaceUpdate: { labelsHandler: { hold: 'true' } } };
    });
    const set = rolled(w);
    const pods = [0, 1].map((o) => pod(set, o, w.v1)).concat(pod(set, 2, w.v1, { labels: { hold: 'true' } }));
    expect(opsOf(plan(w, set, pods))).toEqual(['lifecycle web-2 PreparingUpdate']);
    const waiting = [0, 1].map((o) => pod(set, o, w.v1)).concat(pod(set, 2, w.v1, { labels: { hold: 'true' }, lifecycle: 'PreparingUpdate' }));
    const p = plan(w, set, waiting);
    expect(opsOf(p)).toEqual([]);
    expect(p.blockers).toContainEqual({ code: 'HOOK_PENDING', message: 'pod web-2: inPlaceUpdate hook still holds the pod', pods: ['web-2'] });
    const released = [0, 1].map((o) => pod(set, o, w.v1)).concat(pod(set, 2, w.v1, { lifecycle: 'PreparingUpdate' }));
    expect(opsOf(plan(w, set, released))).toEqual(['inplace web-2']);
  });

  it('refresh: a PreparingNormal pod whose preNormal hook is all-hooked becomes Normal (rule 5), and the rolling update waits that pass', () => {
    const w = world((s) => (s['lifecycle'] = { preNormal: { labelsHandler: { online: 'true' } } }));
    const set = rolled(w);
    const pods = [pod(set, 0, w.v1), pod(set, 1, w.v1), pod(set, 2, w.v1, { lifecycle: 'PreparingNormal', labels: { online: 'true' } })];
    const p = plan(w, set, pods);
    expect(opsOf(p)).toEqual(['lifecycle web-2 Normal']);
  });

  it('new pods are born PreparingNormal when a preNormal hook is not yet all-hooked, Normal otherwise', () => {
    const hooked = world((s) => (s['lifecycle'] = { preNormal: { labelsHandler: { online: 'true' } } }));
    const create = plan(hooked, hooked.set, [], { current: hooked.v1, update: hooked.v1 }).operations[0]!;
    expect(create.op === 'create' && create.pod.metadata.labels!['lifecycle.apps.kruise.io/state']).toBe('PreparingNormal');
    const plain = world();
    const normal = plan(plain, plain.set, [], { current: plain.v1, update: plain.v1 }).operations[0]!;
    expect(normal.op === 'create' && normal.pod.metadata.labels!['lifecycle.apps.kruise.io/state']).toBe('Normal');
    // The template's gates only: KruisePodReady is the pod webhook's, appended at admission.
    expect(normal.op === 'create' && normal.pod.spec.readinessGates).toEqual([{ conditionType: 'InPlaceUpdateReady' }]);
  });
});

describe('docs/spec/advanced-statefulset.md §4.7 specified delete', () => {
  it('deletes a labelled pod whatever the partition, from the highest ordinal, within maxUnavailable', () => {
    const w = world((s) => {
      s['podManagementPolicy'] = 'Parallel';
      s['updateStrategy'] = { rollingUpdate: { partition: 3, maxUnavailable: 1 } };
    });
    const mark = { labels: { 'apps.kruise.io/specified-delete': 'true' } };
    const set = rolled(w);
    const p = plan(w, set, [pod(set, 0, w.v1, mark), pod(set, 1, w.v1), pod(set, 2, w.v1, mark)]);
    // web-2 goes; web-0 is healthy and the budget (1) is used up: skipped, not stopped.
    expect(opsOf(p)).toEqual(['recreate web-2']);
    expect(p.blockers).toContainEqual({ code: 'MAX_UNAVAILABLE', message: 'specified delete of web-0 waits: 1 of 1 allowed unavailable pods are unavailable', pods: ['web-0'] });
    expect(p.status.currentReplicas).toBe(2);
  });

  it('is not done while paused', () => {
    const w = world((s) => (s['updateStrategy'] = { rollingUpdate: { paused: true } }));
    expect(opsOf(plan(w, w.set, [pod(w.set, 0, w.v1), pod(w.set, 1, w.v1), pod(w.set, 2, w.v1, { labels: { 'apps.kruise.io/specified-delete': '' } })], { current: w.v1, update: w.v1 }))).toEqual([]);
  });
});

describe('docs/spec/advanced-statefulset.md §4.8 claims and the retention policy', () => {
  it('creates missing claims with the new pod, owned by the set when whenDeleted is Delete', () => {
    const w = world((s) => {
      VCT(s);
      s['persistentVolumeClaimRetentionPolicy'] = { whenDeleted: 'Delete', whenScaled: 'Retain' };
    });
    const create = plan(w, w.set, [], { current: w.v1, update: w.v1 }).operations[0]!;
    if (create.op !== 'create') throw new Error('expected a create');
    expect(create.claims.map((c) => [c.metadata.name, c.metadata.labels, c.metadata.ownerReferences])).toEqual([
      ['data-web-0', { app: 'web' }, [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', name: 'web', uid: 'sts-uid' }]],
    ]);
    expect(create.pod.spec.volumes).toEqual([{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-0', readOnly: false } }]);
  });

  it('whenScaled Delete: a condemned pod\'s claim gets the pod as owner before the pod goes', () => {
    const w = world((s) => {
      VCT(s);
      s['replicas'] = 1;
      s['persistentVolumeClaimRetentionPolicy'] = { whenDeleted: 'Retain', whenScaled: 'Delete' };
    });
    const p = plan(w, w.set, [pod(w.set, 0, w.v1), pod(w.set, 1, w.v1)], { current: w.v1, update: w.v1, pvcs: [claim('data-web-0'), claim('data-web-1')] });
    expect(opsOf(p)).toEqual(['claim data-web-1', 'delete web-1']);
    const update = p.operations[0]!;
    expect(update.op === 'updateClaim' && update.claim.metadata.ownerReferences).toEqual([{ apiVersion: 'v1', kind: 'Pod', name: 'web-1', uid: `uid-1-${w.v1.metadata.name}` }]);
  });

  it('a stale claim (owned by a previous pod of the ordinal) blocks the creation; a claim being deleted fails it with FailedCreatePod', () => {
    const w = world((s) => {
      VCT(s);
      s['persistentVolumeClaimRetentionPolicy'] = { whenDeleted: 'Retain', whenScaled: 'Delete' };
    });
    const stale = plan(w, w.set, [], { current: w.v1, update: w.v1, pvcs: [claim('data-web-0', { ownerReferences: [{ apiVersion: 'v1', kind: 'Pod', name: 'web-0', uid: 'old' }] })] });
    expect(opsOf(stale)).toEqual([]);
    expect(stale.blockers[0]).toMatchObject({ code: 'STALE_PVC', message: 'web-0 waits for PVC data-web-0 of a previous web-0 to go (whenScaled Delete)' });
    const deleting = plan(w, w.set, [], { current: w.v1, update: w.v1, pvcs: [claim('data-web-0', { deletionTimestamp: LONG_AGO })] });
    expect(deleting.error).toEqual({ message: 'pvc data-web-0 is to be deleted', condition: 'FailedCreatePod' });
  });
});

describe('docs/spec/advanced-statefulset.md §4.3 step 6 refresh: the KruisePodReady condition is not the StatefulSet controller\'s to write', () => {
  // Kruise's pod webhook gives every pod of an apps.kruise.io workload the gate, and its pod-readiness
  // controller (podreadiness/) writes the condition; the StatefulSet pass writes only what Kruise's
  // refreshPodState does (InPlaceUpdateReady).
  const without = (p: Pod, ...types: string[]): Pod => ({ ...p, status: { ...p.status, conditions: p.status!.conditions!.filter((c) => !types.includes(c.type)) } });
  it.each<[string, (p: Pod) => Pod, string[], string[] | undefined]>([
    ['InPlaceUpdateReady True, no KruisePodReady condition: nothing written', (p) => without(p, 'KruisePodReady'), [], undefined],
    ['neither condition (a new pod): InPlaceUpdateReady alone is written', (p) => without(p, 'KruisePodReady', 'InPlaceUpdateReady'), ['write web-0 status'], ['Ready', 'InPlaceUpdateReady']],
    ['KruisePodReady held by a hook: left as it is', (p) => ({ ...p, status: { ...p.status, conditions: p.status!.conditions!.map((c) => (c.type === 'KruisePodReady' ? { ...c, status: 'False', message: '[{"userAgent":"Lifecycle","key":"preDeleteHook"}]' } : c)) } }), [], undefined],
  ])('%s', (_name, edit, expected, writtenConditions) => {
    const w = world((s) => (s['replicas'] = 1));
    const p = plan(w, w.set, [edit(pod(w.set, 0, w.v1))], { current: w.v1, update: w.v1 });
    expect(opsOf(p)).toEqual(expected);
    const write = p.operations.find((o) => o.op === 'writePod');
    expect(write?.op === 'writePod' ? write.pod.status!.conditions!.map((c) => c.type) : undefined).toEqual(writtenConditions);
  });
});

describe('docs/spec/advanced-statefulset.md §6 status', () => {
  it('counts created pods, ready, available, current and updated; completes only when all are updated and ready', () => {
    const w = world();
    const set = rolled(w);
    const partial = plan(w, set, [pod(set, 0, w.v1), pod(set, 1, w.v2), pod(set, 2, w.v2, { ready: false })]);
    expect(partial.status).toMatchObject({
      replicas: 3, readyReplicas: 2, availableReplicas: 2, currentReplicas: 1, updatedReplicas: 2, updatedReadyReplicas: 1, updatedAvailableReplicas: 1,
      currentRevision: w.v1.metadata.name, updateRevision: w.v2.metadata.name, labelSelector: 'app=web', observedGeneration: 1,
    });
    const notReady = plan(w, set, [pod(set, 0, w.v2), pod(set, 1, w.v2), pod(set, 2, w.v2, { ready: false })]);
    expect(notReady.status.currentRevision).toBe(w.v1.metadata.name);
    const done = plan(w, set, [0, 1, 2].map((o) => pod(set, o, w.v2)));
    expect(done.status).toMatchObject({ currentRevision: w.v2.metadata.name, currentReplicas: 3 });
    expect(done.complete).toBe(true);
  });

  it('the native flavor keeps every Kruise extension off: reserveOrdinals, hooks, in-place policy, lifecycle label', () => {
    const w = world((s) => {
      s['reserveOrdinals'] = [1];
      s['lifecycle'] = { preNormal: { labelsHandler: { online: 'true' } } };
      s['podManagementPolicy'] = 'Parallel';
    });
    const p = plan(w, w.set, [], { current: w.v1, update: w.v1, flavor: NATIVE_STATEFULSET });
    expect(opsOf(p).map((o) => o.replace(/@.*/, ''))).toEqual(['create web-0', 'create web-1', 'create web-2']);
    const created = p.operations[0]!;
    if (created.op !== 'create') throw new Error('expected a create');
    expect(created.pod.metadata.labels!['lifecycle.apps.kruise.io/state']).toBeUndefined();
    expect(created.pod.spec.readinessGates).toEqual([{ conditionType: 'InPlaceUpdateReady' }]);
    expect(created.pod.metadata.ownerReferences![0]).toMatchObject({ apiVersion: 'apps/v1', kind: 'StatefulSet' });
    expect(p.status.volumeClaims).toBeUndefined();
  });
});
