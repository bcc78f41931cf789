// Randomized Advanced StatefulSet runs against the embedded cluster: random spec edits (image, replicas,
// partition, maxUnavailable, reserveOrdinals, paused), injected failures (images that fail to pull,
// never-ready pods, pods deleted behind the controller's back, specified deletes, node outages) and time
// passing, under OrderedReady and Parallel, ReCreate and in place. Every controller write is held to the
// invariants below, against the snapshot the pass planned with; after the sequence the failures are
// healed and the set must converge.
//
// Replay a failure: fast-check prints `seed` and `path`; run with FC_SEED=<seed> FC_PATH=<path>
// (FC_SHRINK=1 to shrink). Longer hunts: FC_RUNS=<n> FC_MAX_ACTIONS=<n> (default 30 runs of at most 14).
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { WatchHandle } from '@coxswain/cluster';
import { type KubeObject, type Node, type Pod, type StatefulSet } from '@coxswain/kruise-api';
import { NODE_REF, POD_REF } from '../../src/refs.js';
import { assertScenarios, chaosContext, convergeWithin, heal, ignoreGone, pickPod, playActions, SwitchablePattern, TapClient, combineHooks, type CommonAction, type TapHooks, type TappedWrite } from '../support/chaos.js';
import { ASTS_REF, startStatefulSetEnv, type StatefulSetEnv } from '../support/statefulset-env.js';

const NAME = 'prop';
const NS = 'default';
const GOOD_IMAGES = ['nginx:1.25', 'nginx:1.26', 'nginx:1.27'] as const;
const BAD_IMAGES = ['nginx:bad-1'] as const;
const FINAL_IMAGE = 'nginx:final';
const CONVERGENCE_LIMIT_MS = 180_000;
const NODE_COUNT = 4;

type IntOrString = number | string;

// ---------------------------------------------------------------------------------------------
// The oracle: docs/spec/advanced-statefulset.md §2.1, §4.5 and §5.1 re-derived here, so a bug in the library cannot hide behind itself.

function ordinalOf(name: string): number {
  const m = /^(.*)-([0-9]+)$/.exec(name);
  return m && m[1] === NAME ? Number(m[2]) : -1;
}

/** docs/spec/advanced-statefulset.md §2.1 for the ints and "a-b" ranges this test generates. */
function reservedSet(items: readonly IntOrString[] | undefined): Set<number> {
  const out = new Set<number>();
  for (const item of items ?? []) {
    if (typeof item === 'number') out.add(item);
    else {
      const [a, b] = item.split('-').map(Number);
      for (let o = a!; o <= b!; o++) out.add(o);
    }
  }
  return out;
}

function validOrdinals(set: StatefulSet): number[] {
  const reserved = reservedSet(set.spec.reserveOrdinals);
  const out: number[] = [];
  for (let o = 0; out.length < (set.spec.replicas ?? 1); o++) if (!reserved.has(o)) out.push(o);
  return out;
}

/** docs/spec/advanced-statefulset.md §5.1 with minReadySeconds 0: lifecycle ''/Normal, Running, Ready, not terminating. */
function isAvailable(p: Pod): boolean {
  const state = p.metadata.labels?.['lifecycle.apps.kruise.io/state'] ?? '';
  return (state === '' || state === 'Normal') && p.status?.phase === 'Running' && !p.metadata.deletionTimestamp
    && (p.status.conditions ?? []).find((c) => c.type === 'Ready')?.status === 'True';
}

/** Parser K, floor, at least 1 (docs/spec/advanced-statefulset.md §4.5). */
function maxUnavailableOf(set: StatefulSet): number {
  const value = set.spec.updateStrategy?.rollingUpdate?.maxUnavailable ?? 1;
  const replicas = set.spec.replicas ?? 1;
  const n = typeof value === 'number' ? value : Math.floor((Number(value.replace(/%/g, '')) * replicas) / 100);
  return Math.max(n, 1);
}

// ---------------------------------------------------------------------------------------------
// The monitor.
//
// Invariant 1 — unavailability (docs/spec/advanced-statefulset.md §4.5): the rolling update takes an available replica pod out of service
// (deletes it, or starts an in-place update: InPlaceUpdateReady False) only while fewer than
// maxUnavailable replica pods are unavailable; the pods it took out earlier in the pass count. Judged
// against the pass's snapshot S: a node outage between the controller's read and its write is a race it
// cannot see, not a violation.
// Invariant 2 — OrderedReady: a pod at ordinal N is created only when every valid ordinal below N has a
// pod in S that is Running, Ready, Normal and not terminating.
// Invariant 3 — identity: creations only at valid (non-reserved, in-range) ordinals and never for a name
// S still holds (two pods with one ordinal); no pod uid deleted twice; every pod is `prop-<ordinal>`.
// Invariant 4 — convergence (checked after healing): pods exactly at the valid ordinals, all available at
// the final image, status says so, and no reserved ordinal is alive.

interface Pass {
  id: number;
  set: StatefulSet;
  pods: Map<string, Pod>;
  valid: Set<number>;
  unavailable: Set<string>;
  maxUnavailable: number;
}

class InvariantMonitor {
  readonly violations: string[] = [];
  readonly stats = { passes: 0, creates: 0, orderedCreates: 0, disruptions: 0, availableDisruptions: 0, podEvents: 0, externalDeletes: 0 };
  private pass: Pass | undefined;
  private readonly deleteAccepted = new Set<string>();
  private readonly truth = new Map<string, Pod>();

  constructor(private readonly clock: () => number) {}

  private violation(message: string): void {
    this.violations.push(`t=${new Date(this.clock()).toISOString()} ${message}`);
  }

  startPass(set: StatefulSet, namespacePods: readonly Pod[]): void {
    const pods = namespacePods.filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === set.metadata.uid));
    const valid = new Set(validOrdinals(set));
    this.pass = {
      id: ++this.stats.passes,
      set,
      pods: new Map(pods.map((p) => [p.metadata.name!, p])),
      valid,
      unavailable: new Set(pods.filter((p) => valid.has(ordinalOf(p.metadata.name!)) && !isAvailable(p)).map((p) => p.metadata.name!)),
      maxUnavailable: maxUnavailableOf(set),
    };
  }

  readonly hooks: TapHooks = {
    before: (w) => {
      if (w.kind !== 'Pod') return;
      if (w.verb === 'create') this.create(w);
      else if (w.verb === 'delete') this.disrupt(w, 'delete');
      else if (w.verb === 'updateStatus') {
        const conditions = (w.object as Pod).status?.conditions ?? [];
        const starting = conditions.find((c) => c.type === 'InPlaceUpdateReady' && c.status === 'False' && c.reason === 'StartInPlaceUpdate');
        const before = this.pass?.pods.get(w.name)?.status?.conditions?.find((c) => c.type === 'InPlaceUpdateReady');
        if (starting && before?.status !== 'False') this.disrupt(w, 'in-place update');
      }
    },
    after: (w, result, error) => {
      if (w.kind === 'Pod' && w.verb === 'delete' && !error && result) this.deleteAccepted.add(result.metadata.uid!);
    },
  };

  private create(w: TappedWrite): void {
    this.stats.creates++;
    const pass = this.pass;
    if (!pass) return this.violation(`controller created pod ${w.name} outside a reconcile pass`);
    const ordinal = ordinalOf(w.name);
    if (!pass.valid.has(ordinal)) this.violation(`(3) pass ${pass.id} created ${w.name} at ordinal ${ordinal}, not one of the valid ordinals ${[...pass.valid].join(',')}`);
    if (pass.pods.has(w.name)) this.violation(`(3) pass ${pass.id} created ${w.name} while its snapshot still holds a pod of that name`);
    if (pass.set.spec.podManagementPolicy !== 'Parallel') {
      this.stats.orderedCreates++;
      for (const o of [...pass.valid].filter((v) => v < ordinal)) {
        const predecessor = pass.pods.get(`${NAME}-${o}`);
        if (!predecessor || !isAvailable(predecessor)) {
          this.violation(`(2) pass ${pass.id} created ${w.name} while ${NAME}-${o} is ${predecessor ? 'not Running and Ready' : 'missing'}`);
        }
      }
    }
  }

  private disrupt(w: TappedWrite, how: string): void {
    const pass = this.pass;
    if (!pass) return this.violation(`controller disrupted pod ${w.name} outside a reconcile pass`);
    const pod = pass.pods.get(w.name);
    if (!pod) return this.violation(`(3) pass ${pass.id} wrote pod ${w.name}, which is not in its snapshot`);
    if (w.verb === 'delete') {
      const uid = w.deleteOptions?.preconditions?.uid ?? pod.metadata.uid!;
      if (this.deleteAccepted.has(uid)) this.violation(`(3) pass ${pass.id} deleted ${w.name} (uid ${uid}) a second time`);
    }
    if (!pass.valid.has(ordinalOf(w.name))) return; // a condemned pod: scale-down, not the update budget
    this.stats.disruptions++;
    if (!isAvailable(pod) || pass.unavailable.has(w.name)) return;
    this.stats.availableDisruptions++;
    if (pass.unavailable.size + 1 > pass.maxUnavailable) {
      this.violation(`(1) pass ${pass.id}: ${how} of available ${w.name} with ${pass.unavailable.size} unavailable (${[...pass.unavailable].join(', ')}) and maxUnavailable ${pass.maxUnavailable}`);
    }
    pass.unavailable.add(w.name);
  }

  externalDelete(): void {
    this.stats.externalDeletes++;
  }

  podEvent(type: 'ADDED' | 'MODIFIED' | 'DELETED', pod: Pod): void {
    this.stats.podEvents++;
    if (type === 'DELETED') this.truth.delete(pod.metadata.uid!);
    else this.truth.set(pod.metadata.uid!, pod);
    const seen = new Map<number, string>();
    for (const p of this.truth.values()) {
      const ordinal = ordinalOf(p.metadata.name!);
      if (ordinal < 0) this.violation(`(3) pod ${p.metadata.name} is not ${NAME}-<ordinal>`);
      if (seen.has(ordinal)) this.violation(`(3) pods ${seen.get(ordinal)} and ${p.metadata.name} share ordinal ${ordinal}`);
      seen.set(ordinal, p.metadata.name!);
    }
  }

  livePods(): Pod[] {
    return [...this.truth.values()].filter((p) => !p.metadata.deletionTimestamp).sort((a, b) => ordinalOf(a.metadata.name!) - ordinalOf(b.metadata.name!));
  }
}


// ---------------------------------------------------------------------------------------------
// Scenarios.

type Action =
  | CommonAction
  | { kind: 'partition'; value: number }
  | { kind: 'maxUnavailable'; value: IntOrString }
  | { kind: 'reserve'; value: IntOrString[] }
  | { kind: 'paused'; value: boolean }
  | { kind: 'specifiedDelete'; pick: number };

interface Scenario {
  parallel: boolean;
  inPlace: boolean;
  replicas: number;
  maxUnavailable: IntOrString;
  kubelet: { imagePullMs: number; containerStartMs: number; terminationMs: number };
  actions: Action[];
}

const actionArb = (parallel: boolean): fc.Arbitrary<Action> => fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...GOOD_IMAGES, ...BAD_IMAGES).map((image): Action => ({ kind: 'image', image })) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 6 }).map((value): Action => ({ kind: 'replicas', value })) },
  { weight: 2, arbitrary: fc.constantFrom(0, 0, 1, 2, 4, 7).map((value): Action => ({ kind: 'partition', value })) },
  { weight: parallel ? 1 : 0, arbitrary: fc.constantFrom<IntOrString>(1, 2, 3, '50%').map((value): Action => ({ kind: 'maxUnavailable', value })) },
  { weight: 2, arbitrary: fc.constantFrom<IntOrString[]>([], [1], [0, 3], ['1-2'], [2, '4-5']).map((value): Action => ({ kind: 'reserve', value })) },
  { weight: 1, arbitrary: fc.boolean().map((value): Action => ({ kind: 'paused', value })) },
  { weight: 1, arbitrary: fc.nat(15).map((pick): Action => ({ kind: 'specifiedDelete', pick })) },
  { weight: 2, arbitrary: fc.nat(15).map((pick): Action => ({ kind: 'neverReady', pick })) },
  { weight: 2, arbitrary: fc.nat(15).map((pick): Action => ({ kind: 'deletePod', pick })) },
  { weight: 1, arbitrary: fc.nat(NODE_COUNT - 1).map((node): Action => ({ kind: 'nodeDown', node })) },
  { weight: 1, arbitrary: fc.nat(NODE_COUNT - 1).map((node): Action => ({ kind: 'nodeUp', node })) },
  { weight: 4, arbitrary: fc.constantFrom(100, 300, 1_000, 2_500, 6_000, 15_000).map((ms): Action => ({ kind: 'wait', ms })) },
);

const scenarioArb: fc.Arbitrary<Scenario> = fc.boolean().chain((parallel) => fc.record({
  parallel: fc.constant(parallel),
  inPlace: fc.boolean(),
  replicas: fc.integer({ min: 1, max: 5 }),
  maxUnavailable: parallel ? fc.constantFrom<IntOrString>(1, 2, 3, '50%') : fc.constant<IntOrString>(1),
  kubelet: fc.record({
    imagePullMs: fc.constantFrom(300, 1_000),
    containerStartMs: fc.constantFrom(100, 500),
    terminationMs: fc.constantFrom(0, 500, 2_000),
  }),
  actions: fc.array(actionArb(parallel), { minLength: 1, maxLength: process.env.FC_MAX_ACTIONS ? Number(process.env.FC_MAX_ACTIONS) : 14 }),
}));


async function runScenario(scenario: Scenario): Promise<{ monitor: InvariantMonitor; errors: unknown[] }> {
  let env: StatefulSetEnv | undefined;
  const monitor = new InvariantMonitor(() => env?.clock.now() ?? 0);
  const pattern = new SwitchablePattern(':bad-');
  env = await startStatefulSetEnv({
    nodes: { zones: 2, nodesPerZone: NODE_COUNT / 2, podCapacity: 20 },
    kubelet: { ...scenario.kubelet, failImagePattern: pattern },
    controllerClient: (store) => new TapClient(store, combineHooks(monitor.hooks)),
  });
  let watch: WatchHandle | undefined;
  try {
    const store = env.cluster.store;
    // The reconciler reads the set (informer get), then the pods it may claim (informer claimable):
    // that read starts the pass the monitor holds the writes to.
    const informers = env.controller.informers;
    let lastSet: StatefulSet | undefined;
    const getSet = informers.sets.get.bind(informers.sets);
    informers.sets.get = (namespace, name) => {
      const found = getSet(namespace, name);
      if (found && found.apiVersion === 'apps.kruise.io/v1beta1') lastSet = found as StatefulSet;
      return found;
    };
    const claimable = informers.pods.claimable.bind(informers.pods);
    informers.pods.claimable = (namespace: string | undefined, uid: string) => {
      const pods = claimable(namespace, uid);
      if (lastSet) monitor.startPass(lastSet, pods);
      return pods;
    };
    watch = await store.watch<Pod>(POD_REF, { namespace: NS, resourceVersion: store.currentResourceVersion() }, (e) => monitor.podEvent(e.type, e.object));
    const nodes = (await store.list<Node>(NODE_REF)).items.map((n) => n.metadata.name!).sort();

    await store.create<KubeObject>({
      apiVersion: 'apps.kruise.io/v1beta1',
      kind: 'StatefulSet',
      metadata: { name: NAME, namespace: NS },
      spec: {
        replicas: scenario.replicas,
        serviceName: NAME,
        podManagementPolicy: scenario.parallel ? 'Parallel' : 'OrderedReady',
        selector: { matchLabels: { app: NAME } },
        template: { metadata: { labels: { app: NAME } }, spec: { readinessGates: [{ conditionType: 'InPlaceUpdateReady' }], containers: [{ name: 'app', image: GOOD_IMAGES[0] }] } },
        updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: scenario.inPlace ? 'InPlaceIfPossible' : 'ReCreate', maxUnavailable: scenario.maxUnavailable } },
      },
    } as KubeObject);
    await env.run(1_000);

    const running = env;
    const chaos = chaosContext({
      cluster: env.cluster, run: (ms) => running.run(ms), nodes, ref: ASTS_REF, namespace: NS, name: NAME, pods: () => monitor.livePods(),
      beforeExternalDelete: () => monitor.externalDelete(),
    });

    await playActions(chaos, scenario.actions, async (action) => {
      switch (action.kind) {
        case 'partition':
        case 'maxUnavailable':
        case 'paused':
          await chaos.patchSpec({ updateStrategy: { rollingUpdate: { [action.kind]: action.value } } });
          break;
        case 'reserve':
          await chaos.patchSpec({ reserveOrdinals: action.value });
          break;
        case 'specifiedDelete': {
          const pod = pickPod(chaos, action.pick);
          if (pod) await store.patch(POD_REF, NS, pod.metadata.name!, { metadata: { labels: { 'apps.kruise.io/specified-delete': 'true' } } }).catch(ignoreGone);
          break;
        }
      }
    });

    // Heal (nodes, never-ready pods, failing pulls), then a fresh image, partition 0, not paused.
    await heal(chaos, pattern, scenario.kubelet.imagePullMs);
    await store.patch(ASTS_REF, NS, NAME, { spec: { template: { spec: { containers: [{ name: 'app', image: FINAL_IMAGE }] } }, updateStrategy: { rollingUpdate: { paused: false, partition: 0 } } } });
    await converge(env, monitor);
  } finally {
    watch?.stop();
    await env.stop();
  }
  return { monitor, errors: env.errors };
}

async function converge(env: StatefulSetEnv, monitor: InvariantMonitor): Promise<void> {
  await convergeWithin((ms) => env.run(ms), CONVERGENCE_LIMIT_MS, async () => {
    const set = await env.set(NAME);
    const want = validOrdinals(set);
    const pods = monitor.livePods();
    const all = (await env.pods(NAME));
    const s = set.status;
    const podsOk = JSON.stringify(pods.map((p) => ordinalOf(p.metadata.name!))) === JSON.stringify(want) && all.length === want.length
      && pods.every((p) => isAvailable(p) && p.spec.containers[0]!.image === FINAL_IMAGE);
    const statusOk = s !== undefined && s.observedGeneration === set.metadata.generation && s.replicas === want.length && s.readyReplicas === want.length
      && s.availableReplicas === want.length && s.updatedReplicas === want.length && s.currentRevision === s.updateRevision;
    if (podsOk && statusOk) {
      const reserved = reservedSet(set.spec.reserveOrdinals);
      const alive = pods.filter((p) => reserved.has(ordinalOf(p.metadata.name!)));
      if (alive.length > 0) throw new Error(`(4) reserved ordinals alive: ${alive.map((p) => p.metadata.name).join(', ')}`);
      return undefined;
    }
    return `want ordinals ${want.join(',')}; pods ${pods.map((p) => `${p.metadata.name}[${p.spec.containers[0]!.image},${isAvailable(p) ? 'available' : p.status?.phase},${p.metadata.labels?.['lifecycle.apps.kruise.io/state']}]`).join(' ')}; status ${JSON.stringify(s)}; plan ${JSON.stringify(env.controller.lastPlan(NS, NAME)?.blockers)}`;
  });
}

const EXAMPLES: Scenario[] = [
  {
    parallel: true, inPlace: false, replicas: 5, maxUnavailable: 2, kubelet: { imagePullMs: 1_000, containerStartMs: 500, terminationMs: 500 },
    actions: [{ kind: 'wait', ms: 6_000 }, { kind: 'image', image: 'nginx:1.26' }, { kind: 'wait', ms: 1_000 }, { kind: 'nodeDown', node: 0 },
      { kind: 'wait', ms: 2_500 }, { kind: 'neverReady', pick: 3 }, { kind: 'deletePod', pick: 1 }, { kind: 'reserve', value: [1] }, { kind: 'wait', ms: 6_000 }, { kind: 'nodeUp', node: 0 }],
  },
  {
    parallel: false, inPlace: true, replicas: 4, maxUnavailable: 1, kubelet: { imagePullMs: 300, containerStartMs: 100, terminationMs: 2_000 },
    actions: [{ kind: 'wait', ms: 6_000 }, { kind: 'image', image: 'nginx:bad-1' }, { kind: 'wait', ms: 2_500 }, { kind: 'partition', value: 2 },
      { kind: 'image', image: 'nginx:1.27' }, { kind: 'replicas', value: 6 }, { kind: 'reserve', value: ['1-2'] }, { kind: 'wait', ms: 15_000 }],
  },
  {
    parallel: true, inPlace: true, replicas: 5, maxUnavailable: '50%', kubelet: { imagePullMs: 1_000, containerStartMs: 500, terminationMs: 0 },
    actions: [{ kind: 'wait', ms: 6_000 }, { kind: 'specifiedDelete', pick: 2 }, { kind: 'image', image: 'nginx:1.27' }, { kind: 'paused', value: true },
      { kind: 'wait', ms: 1_000 }, { kind: 'replicas', value: 2 }, { kind: 'paused', value: false }, { kind: 'wait', ms: 6_000 }],
  },
];

describe('Advanced StatefulSet controller under random spec edits, failures and outages', () => {
  it('keeps the maxUnavailable, OrderedReady and identity invariants and converges once healed', async () => {
    const totals = { passes: 0, creates: 0, orderedCreates: 0, disruptions: 0, availableDisruptions: 0, podEvents: 0, externalDeletes: 0 };
    await assertScenarios(scenarioArb, EXAMPLES, runScenario, totals, 30);
    // The checks above only mean something if the runs exercised them.
    expect(totals.orderedCreates).toBeGreaterThan(0);
    expect(totals.availableDisruptions).toBeGreaterThan(0);
    expect(totals.externalDeletes).toBeGreaterThan(0);
  }, 600_000);
});

describe('the invariant monitor itself', () => {
  const set = (replicas: number, policy: 'Parallel' | 'OrderedReady', maxUnavailable: IntOrString = 1, reserve: IntOrString[] = []): StatefulSet =>
    ({ apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet', metadata: { name: NAME, namespace: NS, uid: 'u' },
      spec: { replicas, podManagementPolicy: policy, reserveOrdinals: reserve, selector: {}, template: { spec: { containers: [] } }, updateStrategy: { rollingUpdate: { maxUnavailable } } } }) as unknown as StatefulSet;
  const pod = (o: number, ready: boolean): Pod => ({
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name: `${NAME}-${o}`, uid: `uid-${o}`, ownerReferences: [{ apiVersion: 'x', kind: 'StatefulSet', name: NAME, uid: 'u', controller: true }] },
    spec: { containers: [] }, status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
  });
  const del = (o: number): TappedWrite => ({ verb: 'delete', kind: 'Pod', namespace: NS, name: `${NAME}-${o}`, deleteOptions: { preconditions: { uid: `uid-${o}` } } });
  const create = (o: number): TappedWrite => ({ verb: 'create', kind: 'Pod', namespace: NS, name: `${NAME}-${o}` });

  it('resolves the valid ordinals and maxUnavailable as the spec does', () => {
    expect(validOrdinals(set(4, 'Parallel', 1, [1]))).toEqual([0, 2, 3, 4]);
    expect(validOrdinals(set(3, 'Parallel', 1, ['1-2', 4]))).toEqual([0, 3, 5]);
    expect(maxUnavailableOf(set(5, 'Parallel', '50%'))).toBe(2);
    expect(maxUnavailableOf(set(1, 'Parallel', '50%'))).toBe(1);
  });

  it('flags a disruption of an available pod beyond maxUnavailable, not one of an unavailable pod', () => {
    const m = new InvariantMonitor(() => 0);
    m.startPass(set(3, 'Parallel', 2), [pod(0, true), pod(1, false), pod(2, true)]);
    m.hooks.before!(del(1));
    m.hooks.before!(del(2));
    expect(m.violations).toEqual([]);
    m.hooks.before!(del(0));
    expect(m.violations).toHaveLength(1);
    expect(m.violations[0]).toContain('(1) pass 1: delete of available prop-0 with 2 unavailable (prop-1, prop-2) and maxUnavailable 2');
  });

  it('flags an OrderedReady creation over a predecessor that is not ready, and a creation at a reserved ordinal', () => {
    const m = new InvariantMonitor(() => 0);
    m.startPass(set(3, 'OrderedReady', 1, [1]), [pod(0, false)]);
    m.hooks.before!(create(2));
    m.hooks.before!(create(1));
    expect(m.violations.map((v) => v.replace(/^t=\S+ /, ''))).toEqual([
      '(2) pass 1 created prop-2 while prop-0 is not Running and Ready',
      '(3) pass 1 created prop-1 at ordinal 1, not one of the valid ordinals 0,2,3',
      '(2) pass 1 created prop-1 while prop-0 is not Running and Ready',
    ]);
  });
});
