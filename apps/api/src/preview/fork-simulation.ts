// The fork itself: the snapshot copied into a private in-memory embedded cluster on a ManualClock,
// driven as fast as it settles, under the same controllers (registerControllers), scheduler and kubelet
// simulator the embedded cluster runs; the proposed change is made there and the pods are watched. It runs
// in a preview worker thread (preview-host.ts), never on the API thread.
import { performance } from 'node:perf_hooks';
import { EmbeddedCluster, installKruiseCrds, kruiseAdmission } from '@coxswain/cluster';
import { ClusterEventRecorder, ControllerManager } from '@coxswain/controller-runtime';
import type { KubeObject, Node, Pod } from '@coxswain/kruise-api';
import { workloadHealth, type RolloutPlan } from '@coxswain/workloads';
import type { AppConfig } from '../config/config.js';
import { JsonLogger } from '../logging/json-logger.js';
import { registerControllers } from '../cluster-worker/controllers.js';
import type { ForkSnapshot } from './fork-snapshot.js';
import { PreviewInputError } from './preview-errors.js';
import type { PreviewAnswer, PreviewOutcome, PreviewStop, PreviewTimings } from './preview-types.js';
import { WaveRecorder } from './wave-recorder.js';
import { ForkClock } from './fork-clock.js';
import { ForkPersistence } from './fork-persistence.js';

export interface PreviewLimits {
  /** Simulated time after which the preview stops and says so (default 6 h). */
  simulatedMs: number;
  /** Wall-clock time after which the preview stops and says so (default 20 s). */
  wallMs: number;
  /** Simulated time without a pod or workload change after which the rollout is taken to have stopped (default 60 s). */
  quietMs: number;
  /** The virtual clock's step (default 100 ms): the resolution of every figure. */
  stepMs: number;
}

export const DEFAULT_PREVIEW_LIMITS: PreviewLimits = { simulatedMs: 6 * 3600_000, wallMs: 20_000, quietMs: 60_000, stepMs: 100 };

export interface ForkOptions {
  config: AppConfig;
  /** The source cluster's time now (its clock), where the fork's clock starts. */
  now: number;
  limits?: Partial<PreviewLimits>;
}

export async function simulateFork(snapshot: ForkSnapshot, changed: KubeObject, timings: PreviewTimings, options: ForkOptions): Promise<PreviewAnswer> {
  const limits = { ...DEFAULT_PREVIEW_LIMITS, ...options.limits };
  const wallStart = performance.now();
  const clock = new ForkClock(options.now);
  const gates = options.config.controllers.featureGates;
  const cluster = await EmbeddedCluster.start({
    clock,
    persistence: new ForkPersistence(),
    kubelet: { imagePullMs: timings.imagePullMs, containerStartMs: timings.containerStartMs, terminationMs: timings.terminationMs },
    admission: kruiseAdmission(gates),
    // The simulators retry what fails; a fork has no one to report to.
    onError: () => {},
    // Every pod is seeded or written through the store's schema check: the simulators need not repeat it.
    checkWatchedPods: false,
  });
  const manager = new ControllerManager({ client: cluster.store.localClient(), clock });
  try {
    await installKruiseCrds(cluster.store);
    await forkInto(cluster, snapshot);
    const local = cluster.store.localClient();
    const events = new ClusterEventRecorder({ client: local, clock, component: 'kruise-manager', onError: () => {} });
    const { plans } = registerControllers(manager, options.config, events, new JsonLogger('error', () => {}));
    const { descriptor, workload } = snapshot;
    const namespace = workload.metadata.namespace!;
    const name = workload.metadata.name!;
    const planSource = plans.get(descriptor.kind)!;
    await manager.start();
    const settle = async () => {
      for (let i = 0; i < 3; i++) {
        await clock.advance(0);
        await cluster.scheduler.idle();
        await cluster.kubelet.idle();
      }
    };
    await settle();

    const start = clock.now();
    let lastChange = start;
    const current = () => cluster.store.get(descriptor.ref, namespace, name);
    const recorder = new WaveRecorder(snapshot.pods, start, (pod) => descriptor.podRevision?.(pod) ?? pod.metadata.labels?.['controller-revision-hash'], (pod) => latest ? descriptor.isPodUpdated(latest, pod) : false,
      (pod) => (latest && descriptor.podSubset?.(latest, pod)) ?? null);
    let latest: KubeObject | undefined;
    const podWatch = await local.watch<Pod>({ apiVersion: 'v1', kind: 'Pod' }, { namespace }, (event) => {
      if (!latest || !descriptor.ownsPod(latest, event.object)) return;
      recorder.observe(event.object, clock.now(), event.type === 'DELETED');
      lastChange = clock.now();
    });
    const workloadWatch = await local.watch(descriptor.ref, { namespace }, (event) => {
      if (event.object.metadata.name !== name) return;
      latest = event.object;
      lastChange = clock.now();
    });
    // The fork's admission is the cluster's: what it refuses, the cluster would refuse too.
    latest = await local.update({ ...changed, metadata: { ...changed.metadata, resourceVersion: (await current()).metadata.resourceVersion } }).catch((err: unknown) => {
      throw new PreviewInputError('change', `the cluster would refuse it: ${(err as Error).message}`);
    });

    let outcome: PreviewOutcome;
    let truncated: string | null = null;
    let plan: RolloutPlan<object> | undefined;
    let stoppedAt = start;
    for (;;) {
      await clock.advance(limits.stepMs);
      await settle();
      const now = clock.now();
      const status = descriptor.status(latest);
      const observed = status.observedGeneration >= (latest.metadata.generation ?? 0);
      const quiet = now - lastChange >= limits.quietMs;
      // A plan reads every pod: asked only when the status says the rollout may be done, or nothing moves.
      if ((observed && status.updatedReadyReplicas >= descriptor.expectedUpdatedReplicas(latest)) || quiet) {
        plan = planSource.planNow(namespace, name);
        if (plan?.complete && observed) { outcome = 'COMPLETE'; stoppedAt = now; break; }
        const lifting = plan?.blockers.some((b) => b.until !== undefined && b.until > now);
        if (!lifting && quiet) { outcome = 'STOPPED'; stoppedAt = lastChange; break; }
      }
      if (now - start >= limits.simulatedMs) { outcome = 'TRUNCATED'; truncated = `the rollout had not finished or stopped after ${limits.simulatedMs} ms of simulated time`; stoppedAt = now; break; }
      if (performance.now() - wallStart >= limits.wallMs) { outcome = 'TRUNCATED'; truncated = `the simulation reached its ${limits.wallMs} ms wall-clock budget at ${now - start} ms of simulated time`; stoppedAt = now; break; }
    }
    podWatch.stop();
    workloadWatch.stop();
    plan ??= planSource.planNow(namespace, name);
    const finalStatus = descriptor.status(latest);
    const stops: PreviewStop[] = outcome === 'COMPLETE' ? [] : (plan?.blockers ?? []).map(({ code, message, pods }) => ({ code, message, pods: [...pods] }));
    const nodes = (await local.list<Node>({ apiVersion: 'v1', kind: 'Node' })).items;
    return {
      outcome,
      truncated,
      durationMs: stoppedAt - start,
      waves: recorder.waves(nodes),
      stops,
      hooks: stops.filter((s) => s.code === 'HOOK_PENDING'),
      timings,
      final: {
        replicas: finalStatus.replicas,
        updatedReplicas: finalStatus.updatedReplicas,
        updatedReadyReplicas: finalStatus.updatedReadyReplicas,
        images: descriptor.images(latest),
        health: plan ? workloadHealth(plan, finalStatus.conditions).state : 'UNKNOWN',
      },
      forked: { pods: snapshot.pods.length, otherPods: snapshot.others.length, otherPodsLeftOut: snapshot.othersLeftOut, volumeClaims: snapshot.claims.length, nodes: snapshot.nodes.length },
      wallMs: Math.round(performance.now() - wallStart),
    };
  } finally {
    await manager.stop();
    await cluster.stop();
  }
}

/**
 * The snapshot's nodes replace the simulated ones; then the workload, the workloads it owns, their
 * revisions, volume claims and pods, and the other pods on the nodes, as they were. The others keep their ownerReferences
 * to owners the fork does not hold, so no controller adopts or reconciles them (nor does the garbage
 * collector, which acts on deletes).
 */
async function forkInto(cluster: EmbeddedCluster, snapshot: ForkSnapshot): Promise<void> {
  const store = cluster.store;
  const keep = new Set(snapshot.nodes.map((n) => n.metadata.name));
  for (const node of (await store.list<Node>({ apiVersion: 'v1', kind: 'Node' })).items) {
    if (!keep.has(node.metadata.name)) await store.delete({ apiVersion: 'v1', kind: 'Node' }, undefined, node.metadata.name!);
  }
  await store.seed(snapshot.nodes.map(forked));
  await store.seed([forked(snapshot.workload), ...snapshot.owned.map(forked), ...snapshot.revisions.map(forked), ...snapshot.claims.map(forked), ...snapshot.pods.map(forked), ...snapshot.others.map(forked)]);
}

/** A copy without the source's resourceVersion (the fork's store numbers its own). */
function forked<T extends KubeObject>(object: T): T {
  const { resourceVersion: _rv, ...metadata } = object.metadata;
  return { ...object, metadata } as T;
}
