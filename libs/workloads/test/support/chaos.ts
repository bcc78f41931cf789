// What the controller property tests share: a client that shows every controller write to an invariant
// monitor (TapClient), the failure injection they switch off before convergence, the actions both
// scenario languages have (image and replicas edits, never-ready pods, pods deleted behind the
// controller's back, node outages, time passing), and the healing before convergence.
import fc from 'fast-check';
import { isApiError, type ClusterClient, type DeleteOptions, type EmbeddedCluster, type KindRef, type MergePatch, type WriteOptions } from '@coxswain/cluster';
import { SIM_ANNOTATIONS, type KubeObject, type Pod } from '@coxswain/kruise-api';
import { POD_REF } from '../../src/refs.js';

/** One write a TapClient forwards; `kind`, `namespace` and `name` address the object written. */
export interface TappedWrite {
  verb: 'create' | 'update' | 'patch' | 'updateStatus' | 'delete';
  kind: string;
  namespace: string | undefined;
  name: string;
  /** create / update / updateStatus: the object sent. */
  object?: KubeObject;
  /** patch: the merge patch sent. */
  patch?: MergePatch;
  /** delete: the options sent (preconditions carry the uid the caller meant). */
  deleteOptions?: DeleteOptions;
}

export interface TapHooks {
  /** Called synchronously before the write is sent, so it sees the caller's state at the moment it decided. */
  before?(write: TappedWrite): void;
  /** Called when the write has been answered: with the stored result, or with the error. */
  after?(write: TappedWrite, result: KubeObject | undefined, error: unknown): void;
}

/**
 * A ClusterClient that forwards everything and shows every write to its hooks: the property tests use it
 * (as `controllerClient`) to hold each controller write to the invariant budget the controller had when
 * it made it. Reads and watches pass through untouched.
 */
export class TapClient implements ClusterClient {
  constructor(private readonly inner: ClusterClient, private readonly hooks: TapHooks) {}

  get: ClusterClient['get'] = (ref, namespace, name) => this.inner.get(ref, namespace, name);
  list: ClusterClient['list'] = (ref, options) => this.inner.list(ref, options);
  watch: ClusterClient['watch'] = (ref, options, onEvent, onClose) => this.inner.watch(ref, options, onEvent, onClose);
  create: ClusterClient['create'] = (object, options?: WriteOptions) =>
    this.tapped({ verb: 'create', ...address(object), object }, () => this.inner.create(object, options));
  update: ClusterClient['update'] = (object, options?: WriteOptions) =>
    this.tapped({ verb: 'update', ...address(object), object }, () => this.inner.update(object, options));
  updateStatus: ClusterClient['updateStatus'] = (object, options?: WriteOptions) =>
    this.tapped({ verb: 'updateStatus', ...address(object), object }, () => this.inner.updateStatus(object, options));
  patch: ClusterClient['patch'] = (ref: KindRef, namespace, name, patch, options) =>
    this.tapped({ verb: 'patch', kind: ref.kind, namespace, name, patch }, () => this.inner.patch(ref, namespace, name, patch, options));
  delete: ClusterClient['delete'] = (ref: KindRef, namespace, name, options) =>
    this.tapped({ verb: 'delete', kind: ref.kind, namespace, name, deleteOptions: options }, () => this.inner.delete(ref, namespace, name, options));

  private async tapped<T extends KubeObject>(write: TappedWrite, send: () => Promise<T>): Promise<T> {
    this.hooks.before?.(write);
    let result: T;
    try {
      result = await send();
    } catch (err) {
      this.hooks.after?.(write, undefined, err);
      throw err;
    }
    this.hooks.after?.(write, result, undefined);
    return result;
  }
}

function address(object: KubeObject): { kind: string; namespace: string | undefined; name: string } {
  return { kind: object.kind, namespace: object.metadata.namespace, name: object.metadata.name ?? '' };
}

export function combineHooks(...all: TapHooks[]): TapHooks {
  return { before: (w) => all.forEach((h) => h.before?.(w)), after: (w, r, e) => all.forEach((h) => h.after?.(w, r, e)) };
}

/** failImagePattern that the test can switch off: "failure injection removed" before convergence. */
export class SwitchablePattern extends RegExp {
  enabled = true;
  override test(text: string): boolean {
    return this.enabled && super.test(text);
  }
}

/** A write that met a pod already gone or changed: the action just does not happen. */
export function ignoreGone(err: unknown): void {
  if (!isApiError(err, 'NotFound') && !isApiError(err, 'Conflict')) throw err;
}

/** The actions both scenario languages have. */
export type CommonAction =
  | { kind: 'image'; image: string }
  | { kind: 'replicas'; value: number }
  | { kind: 'neverReady'; pick: number }
  | { kind: 'deletePod'; pick: number }
  | { kind: 'nodeDown'; node: number }
  | { kind: 'nodeUp'; node: number }
  | { kind: 'wait'; ms: number };

const COMMON_KINDS = new Set<string>(['image', 'replicas', 'neverReady', 'deletePod', 'nodeDown', 'nodeUp', 'wait']);

export interface ChaosContext {
  cluster: EmbeddedCluster;
  run(ms: number): Promise<void>;
  /** The simulated nodes, by name in order. */
  nodes: readonly string[];
  namespace: string;
  /** The workload's pods actions pick from and healing looks at. */
  pods(): readonly Pod[];
  /** Deletes a pod as someone other than the controller would (the monitor is told first). */
  deleteExternally(pod: Pod): Promise<void>;
  /** Merge-patches the workload's spec (an edit validation refuses just does not happen). */
  patchSpec(spec: Record<string, unknown>): Promise<void>;
}

/** What a scenario run knows about its workload; chaosContext makes the ChaosContext from it. */
export interface ChaosTarget {
  cluster: EmbeddedCluster;
  run(ms: number): Promise<void>;
  nodes: readonly string[];
  /** The workload's kind, namespace and name: what patchSpec writes. */
  ref: KindRef;
  namespace: string;
  name: string;
  pods(): readonly Pod[];
  /** Told before a pod is deleted behind the controller's back, so a monitor can expect the deletion. */
  beforeExternalDelete(pod: Pod): void;
}

export function chaosContext(target: ChaosTarget): ChaosContext {
  const { cluster, ref, namespace, name } = target;
  return {
    cluster, namespace, nodes: target.nodes, run: (ms) => target.run(ms), pods: () => target.pods(),
    async patchSpec(spec) {
      try {
        await cluster.store.patch(ref, namespace, name, { spec });
      } catch (err) {
        // An edit validation refuses (for a CloneSet, maxUnavailable and maxSurge both below 1,
        // docs/spec/cloneset.md §1.4) just does not happen.
        if (!isApiError(err, 'Invalid')) throw err;
      }
    },
    async deleteExternally(pod) {
      target.beforeExternalDelete(pod);
      await cluster.store.delete(POD_REF, namespace, pod.metadata.name!, { preconditions: { uid: pod.metadata.uid } }).catch(ignoreGone);
    },
  };
}

/** The `i`-th pod, wrapping around; undefined when there are none. */
export function pickPod(ctx: ChaosContext, i: number): Pod | undefined {
  const pods = ctx.pods();
  return pods.length === 0 ? undefined : pods[i % pods.length];
}

/** Runs `action` when both languages have it and returns true; false leaves a kind-specific action to the caller. */
async function runCommonAction(ctx: ChaosContext, action: { kind: string }): Promise<boolean> {
  if (!COMMON_KINDS.has(action.kind)) return false;
  const a = action as CommonAction;
  switch (a.kind) {
    case 'image':
      await ctx.patchSpec({ template: { spec: { containers: [{ name: 'app', image: a.image }] } } });
      break;
    case 'replicas':
      await ctx.patchSpec({ replicas: a.value });
      break;
    case 'neverReady': {
      const pod = pickPod(ctx, a.pick);
      if (pod) await ctx.cluster.store.patch(POD_REF, ctx.namespace, pod.metadata.name!, { metadata: { annotations: { [SIM_ANNOTATIONS.NeverReady]: 'true' } } }).catch(ignoreGone);
      break;
    }
    case 'deletePod': {
      const pod = pickPod(ctx, a.pick);
      if (pod) await ctx.deleteExternally(pod);
      break;
    }
    case 'nodeDown':
    case 'nodeUp':
      await ctx.cluster.kubelet.setNodeReady(ctx.nodes[a.node]!, a.kind === 'nodeUp');
      break;
    case 'wait':
      await ctx.run(a.ms);
      break;
  }
  return true;
}

/** Plays a scenario's actions in order: the common ones through runCommonAction, the kind's own through `own`. */
export async function playActions<A extends { kind: string }>(ctx: ChaosContext, actions: readonly A[], own: (action: Exclude<A, CommonAction>) => Promise<void>): Promise<void> {
  // No time passes between actions except through 'wait': back-to-back edits land while the
  // controller may be in the middle of a pass, which is an interleaving worth having.
  for (const action of actions) {
    if (!(await runCommonAction(ctx, action))) await own(action as Exclude<A, CommonAction>);
  }
}

/**
 * Heal: nodes back, never-ready pods ready again, pulls succeed from now on; pods whose pull already
 * failed stay in back-off for good in the simulator (a real kubelet would retry), so they are deleted
 * once the last failing pulls have landed.
 */
export async function heal(ctx: ChaosContext, pattern: SwitchablePattern, imagePullMs: number): Promise<void> {
  for (const node of ctx.nodes) await ctx.cluster.kubelet.setNodeReady(node, true);
  for (const pod of ctx.pods()) {
    if (pod.metadata.annotations?.[SIM_ANNOTATIONS.NeverReady] !== undefined) {
      await ctx.cluster.store.patch(POD_REF, ctx.namespace, pod.metadata.name!, { metadata: { annotations: { [SIM_ANNOTATIONS.NeverReady]: null } } }).catch(ignoreGone);
    }
  }
  pattern.enabled = false;
  await ctx.run(imagePullMs + 1_000);
  for (const pod of ctx.pods()) {
    const waiting = pod.status?.containerStatuses?.some((c) => ['ErrImagePull', 'ImagePullBackOff'].includes(c.state?.waiting?.reason ?? ''));
    if (waiting) await ctx.deleteExternally(pod);
  }
}

/** What one scenario run leaves: the monitor's counters and violations, and the failures the environment reported. */
export interface ScenarioRun {
  monitor: { stats: Readonly<Record<string, number>>; violations: readonly string[] };
  errors: readonly unknown[];
}

/**
 * The property: every scenario (the hand-picked `examples` first, then FC_RUNS or `defaultRuns` random
 * ones) runs without an invariant violation or a reported failure; the monitor's counters are summed
 * into `totals`, so the caller can check the runs exercised what the invariants are about. The seed is
 * the project run's (FC_SEED; scripts/fast-check-seed-apply.js); FC_PATH replays, FC_SHRINK=1 shrinks.
 */
export async function assertScenarios<S>(
  arbitrary: fc.Arbitrary<S>, examples: readonly S[], run: (scenario: S) => Promise<ScenarioRun>, totals: Record<string, number>, defaultRuns: number,
): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (scenario) => {
      const { monitor, errors } = await run(scenario);
      for (const key of Object.keys(totals)) totals[key]! += monitor.stats[key] ?? 0;
      if (monitor.violations.length > 0) throw new Error(`invariant violations:\n${monitor.violations.slice(0, 10).join('\n')}`);
      if (errors.length > 0) throw new Error(`errors reported by the controller or simulators: ${errors.map(String).slice(0, 5).join('; ')}`);
    }),
    {
      numRuns: process.env.FC_RUNS ? Number(process.env.FC_RUNS) : defaultRuns,
      examples: examples.map((s) => [s] as [S]),
      path: process.env.FC_PATH,
      endOnFailure: process.env.FC_SHRINK !== '1',
    },
  );
}

/**
 * Invariant 4's wait: every 200 ms of simulated time `check` says what is still off, undefined once the
 * workload converged; after `limitMs` it throws with the last words.
 */
export async function convergeWithin(run: (ms: number) => Promise<void>, limitMs: number, check: () => Promise<string | undefined>): Promise<void> {
  let last = '';
  for (let t = 0; t <= limitMs; t += 200) {
    const off = await check();
    if (off === undefined) return;
    last = off;
    await run(200);
  }
  throw new Error(`(4) not converged within ${limitMs} ms of simulated time: ${last}`);
}
