// Workload use cases behind the GraphQL surface, for every kind of the registry: read a workload with
// its pods, revisions, plan and events; change it the way an SRE or a pipeline does (image, partition,
// pause, scale, delete pods, roll back) through the kind's own pure edits. Reads come from the API's
// cluster cache, by index: their cost follows the page asked for, not the namespace. Every change is
// one conditional write: a stale expectedGeneration or a concurrent spec change ends in CONFLICT and
// changes nothing; the cluster's admission validates the result; the answer waits until the cache
// holds the change, so the caller reads it back.
import { Inject, Injectable } from '@nestjs/common';
import { isApiError, wallTimeOf, type ClusterClient, type WatchEvent } from '@coxswain/cluster';
import { OWNER_UID_INDEX } from '@coxswain/controller-runtime';
import { LABEL_SUBSET_NAME, printYaml, type ControllerRevision, type Event, type FieldMessage, type IntOrString, type KubeObject, type Node, type Pod } from '@coxswain/kruise-api';
import {
  POD_REF, WORKLOAD_KINDS, WorkloadMutationError, revisionsForCloneSet, shortHash, sortRevisions,
  type WorkloadKindDescriptor, type WorkloadMutations,
} from '@coxswain/workloads';
import { AuditTrail } from '../audit/audit-trail.js';
import {
  ClusterCache, EVENT_OBJECT, POD_OWNER_ACTIVE_REVISION, POD_OWNER_REVISION, POD_OWNER_STATE, POD_SUBSET, revisionHashOf,
} from '../cluster/cluster-cache.js';
import { ChangesGoneError, InvalidResourceVersionError } from '../cluster/change-log.js';
import { informerStream, type CacheChange } from '../cluster/informer-stream.js';
import { sortedSource, type OrderedSource } from '../cluster/ordered-source.js';
import { DomainError } from '../errors/domain-error.js';
import type { Runtime } from '../runtime.js';
import { CLUSTER, RUNTIME } from '../tokens.js';
import {
  healthView, lifecycleStateName, planView, PodViews, subsetViews, workloadView,
  type HealthView, type LifecycleStateName, type PlanView, type PodView, type SubsetView, type WorkloadView,
} from './views.js';
import { descriptorOf, isSupportedKind, kindOfDescriptor, WorkloadKind } from './workload-kind.js';

export interface WorkloadAddress {
  kind: WorkloadKind;
  namespace: string;
  name: string;
}

export interface PodChange {
  type: WatchEvent['type'];
  pod: Pod;
  owner: WorkloadView;
}

export interface PodFilter {
  lifecycleState?: LifecycleStateName | null;
  /** A revision name or its hash. */
  revision?: string | null;
}

/** A spec change retried this often when only status writes raced it. */
const CHANGE_ATTEMPTS = 5;

@Injectable()
export class WorkloadsService {
  /** A moment of the cluster's clock as the wall-clock instant a client counts down to. */
  private readonly toWall = (at: number) => wallTimeOf(this.runtime.clock, at);
  private readonly podViews = new PodViews(undefined, this.toWall);

  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly cache: ClusterCache,
    private readonly trail: AuditTrail,
  ) {}

  /** Workloads of one kind (or of every kind with a controller), by namespace, name and kind. */
  workloads(namespace: string | undefined, kind: WorkloadKind | undefined): WorkloadView[] {
    if (kind !== undefined && !isSupportedKind(kind)) return [];
    const kinds = kind === undefined ? WORKLOAD_KINDS : [descriptorOf(kind)];
    const now = this.now();
    return kinds
      .flatMap((d) => this.cache.workloadInformer(d).list(namespace).map((o) => workloadView(d, o, now)))
      .map((w) => [workloadListKey(w), w] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, w]) => w);
  }

  workload(address: WorkloadAddress): WorkloadView | null {
    const descriptor = descriptorOf(address.kind);
    const object = this.cache.workloadInformer(descriptor).get(address.namespace, address.name);
    return object ? workloadView(descriptor, object, this.now()) : null;
  }

  view(descriptor: WorkloadKindDescriptor, object: KubeObject): WorkloadView {
    return workloadView(descriptor, object, this.now());
  }

  /** The workload as the cluster has it now (what a change is made against), NOT_FOUND when gone. */
  private async read(address: WorkloadAddress): Promise<KubeObject> {
    try {
      return await this.cluster.get(descriptorOf(address.kind).ref, address.namespace, address.name);
    } catch (err) {
      if (isApiError(err, 'NotFound')) throw notFound(address);
      throw err;
    }
  }

  /**
   * The workload's pods (terminating ones included) matching `filter`, in name order, from the index
   * that answers the filter: a page reads the page.
   */
  pods(workload: WorkloadView, filter: PodFilter = {}): OrderedSource<Pod> {
    const state = filter.lifecycleState ?? undefined;
    const hash = filter.revision == null ? undefined : shortHash(filter.revision);
    if (workload.descriptor.subsets) {
      // A UnitedDeployment's pods belong to its subset workloads: the subsets' index buckets.
      return listSource(this.subsetPods(workload).filter((p) =>
        (state === undefined || lifecycleStateName(p) === state) && (hash === undefined || shortHash(workload.descriptor.podRevision?.(p) ?? '') === hash)));
    }
    const uid = workload.uid;
    const pods = this.cache.pods;
    if (state !== undefined && hash !== undefined) {
      // Both filters: the state's bucket, filtered by revision (rarely asked, bounded by the workload).
      return listSource(pods.byIndex(POD_OWNER_STATE, `${uid}/${state}`).filter((p) => revisionHashOf(p) === hash));
    }
    const [index, value] =
      state !== undefined ? [POD_OWNER_STATE, `${uid}/${state}`] : hash !== undefined ? [POD_OWNER_REVISION, `${uid}/${hash}`] : [OWNER_UID_INDEX, uid];
    const position = (name: string | undefined) => (name === undefined ? undefined : { namespace: workload.namespace, name });
    return {
      page: (after, limit) => pods.pageByIndex(index, value, position(after), limit),
      count: (after) => pods.countByIndex(index, value, position(after)),
      keyOf: (pod) => pod.metadata.name!,
    };
  }

  /** The pods of every subset of a kind with subsets, in name order: the subsets' buckets, not the namespace. */
  private subsetPods(workload: WorkloadView): Pod[] {
    const { descriptor, object } = workload;
    const names = new Set((descriptor.subsets?.(object) ?? []).map((s) => s.name));
    return [...names]
      .flatMap((subset) => this.cache.pods.byIndex(POD_SUBSET, `${workload.namespace}/${subset}`))
      .filter((pod) => descriptor.ownsPod(object, pod))
      .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : a.metadata.name! > b.metadata.name! ? 1 : 0));
  }

  /**
   * Counts the workload's active (not terminating) pods at a revision: an index bucket's size, or for a
   * kind with subsets one pass over its pods, made once for a whole revision list.
   */
  activePodCounter(workload: WorkloadView): (revision: string) => number {
    const { descriptor } = workload;
    if (descriptor.subsets) {
      const counts = new Map<string, number>();
      for (const pod of this.subsetPods(workload)) {
        if (pod.metadata.deletionTimestamp) continue;
        const revision = descriptor.podRevision?.(pod) ?? '';
        counts.set(revision, (counts.get(revision) ?? 0) + 1);
      }
      return (revision) => counts.get(revision) ?? 0;
    }
    return (revision) => this.cache.pods.countByIndex(POD_OWNER_ACTIVE_REVISION, `${workload.uid}/${shortHash(revision)}`);
  }

  nodes(): ReadonlyMap<string, Node> {
    return this.cache.nodeMap();
  }

  /** What the API shows of one of the workload's pods now. */
  podView(pod: Pod, owner: WorkloadView): PodView {
    return this.podViews.view(pod, owner, this.nodes(), this.now());
  }

  /** podView for a page of the workload's pods: the nodes and the time read once for the page. */
  podViewsOf(owner: WorkloadView): (pod: Pod) => PodView {
    return this.podViews.viewer(owner, this.nodes(), this.now());
  }

  /** The workload's ControllerRevisions, newest first. */
  revisions(workload: Pick<WorkloadView, 'namespace'> & { object: KubeObject }): ControllerRevision[] {
    const owner = workload.object as Parameters<typeof revisionsForCloneSet>[0];
    return sortRevisions(revisionsForCloneSet(owner, this.cache.revisions.list(workload.namespace))).reverse();
  }

  /**
   * The step the controller takes next: in observe mode the plan its last reconcile computed, otherwise
   * the planner run now on the controller's caches (the same function the reconciler applies), in the
   * cluster worker.
   */
  async plan(workload: WorkloadView): Promise<PlanView> {
    const plan = await this.runtime.host.plan(workload.descriptor.kind, workload.namespace, workload.name);
    if (!plan) throw new DomainError('NOT_FOUND', `${workload.kind} ${workload.namespace}/${workload.name} is not known to its controller yet; retry shortly`);
    return planView(plan, this.toWall);
  }

  /** The subsets of a kind that has them (UnitedDeployment), with the controller's allocation and reasons. */
  async subsets(workload: WorkloadView): Promise<SubsetView[]> {
    const stored = workload.descriptor.subsets?.(workload.object) ?? [];
    const plan = await this.runtime.host.plan(workload.descriptor.kind, workload.namespace, workload.name);
    return subsetViews(stored, plan?.subsets, this.toWall);
  }

  /** The workload's health (state, reason, pods concerned), as its controller's last plan tells it. */
  async health(workload: WorkloadView): Promise<HealthView> {
    const health = await this.runtime.host.health(workload.descriptor.kind, workload.namespace, workload.name);
    return healthView(health ?? { state: 'PROGRESSING', reason: 'the controller has not planned this workload yet', pods: [] }, this.toWall);
  }

  /** Kubernetes Events about the workload, newest first (client-go aggregates them: a handful per object). */
  events(workload: WorkloadView, first: number): Event[] {
    if (!Number.isInteger(first) || first < 1 || first > 1000) throw badInput('first must be from 1 to 1000', { field: 'first', message: 'must be from 1 to 1000' });
    return this.cache.events
      .byIndex(EVENT_OBJECT, workload.uid)
      .sort((a, b) => (b.lastTimestamp ?? '').localeCompare(a.lastTimestamp ?? '') || b.metadata.name!.localeCompare(a.metadata.name!))
      .slice(0, first);
  }

  manifest(object: KubeObject): string {
    return printYaml(object);
  }

  now(): number {
    return this.runtime.clock.now();
  }

  // ---------------------------------------------------------------------------------------------
  // Changes: the kind's own pure edits, written conditionally.

  setImage(address: WorkloadAddress, container: string, image: string, expectedGeneration: number | null): Promise<WorkloadView> {
    return this.change(address, expectedGeneration, (m, w) => m.setImage(w, container, image));
  }

  /** `subset`: a UnitedDeployment subset's partition (every subset's without one); refused for other kinds. */
  setPartition(address: WorkloadAddress, partition: IntOrString, expectedGeneration: number | null, subset?: string): Promise<WorkloadView> {
    if (subset !== undefined && !descriptorOf(address.kind).subsets) {
      throw badInput(`subset applies to UNITED_DEPLOYMENT only, not ${address.kind}`, { field: 'subset', message: 'UnitedDeployment only' });
    }
    return this.change(address, expectedGeneration, (m, w) => m.setPartition(w, partition, subset));
  }

  /** Sets updateStrategy.paused: no pod is updated until resumed. */
  pauseRollout(address: WorkloadAddress): Promise<WorkloadView> {
    return this.change(address, null, (m, w) => m.pauseRollout(w));
  }

  resumeRollout(address: WorkloadAddress): Promise<WorkloadView> {
    return this.change(address, null, (m, w) => m.resumeRollout(w));
  }

  scaleWorkload(address: WorkloadAddress, replicas: number, expectedGeneration: number | null): Promise<WorkloadView> {
    return this.change(address, expectedGeneration, (m, w) => m.scaleWorkload(w, replicas));
  }

  /**
   * Deletes chosen pods the kind's way (CloneSet: scaleStrategy.podsToDelete; Advanced StatefulSet: the
   * specified-delete label, or reserved ordinals with scaleDown). Every named pod must be an active pod
   * of the workload.
   */
  async deletePods(address: WorkloadAddress, names: readonly string[], scaleDown: boolean): Promise<WorkloadView> {
    if (names.length === 0) throw badInput('pods must name at least one pod', { field: 'pods', message: 'empty' });
    const descriptor = descriptorOf(address.kind);
    const current = await this.read(address);
    const pods = names.map((name) => this.cache.pods.get(address.namespace, name));
    const unknown = names.map((n, i) => ({ n, i })).filter(({ i }) => {
      const pod = pods[i];
      return pod === undefined || pod.metadata.deletionTimestamp !== undefined || !descriptor.ownsPod(current, pod);
    });
    if (unknown.length > 0) {
      throw badInput(
        `not active pods of ${address.namespace}/${address.name}: ${unknown.map((u) => u.n).join(', ')}`,
        ...unknown.map(({ n, i }) => ({ field: `pods[${i}]`, message: `${n} is not an active pod of this workload` })),
      );
    }
    const edit = edited(() => descriptor.mutations.deletePods(current, pods as Pod[], scaleDown));
    for (const { pod, patch } of edit.podPatches) {
      const written = await this.cluster.patch<Pod>(POD_REF, address.namespace, pod, patch);
      this.trail.noteObjectChange(pods.find((p) => p?.metadata.name === pod) ?? null, written);
      await this.cache.caughtUp([written]);
    }
    if (!edit.workload) return this.view(descriptor, current);
    // Made again on the fresh object when the controller wrote in between (the pods' patches are done).
    return this.change(address, null, (m, w) => m.deletePods(w, pods as Pod[], scaleDown).workload ?? w, current);
  }

  /** Restores the pod template stored in one of the workload's ControllerRevisions (by name or hash). */
  async rollbackWorkload(address: WorkloadAddress, revision: string): Promise<WorkloadView> {
    const current = await this.read(address);
    const revisions = this.revisions({ namespace: address.namespace, object: current });
    const target = revisions.find((r) => r.metadata.name === revision || r.metadata.name === `${address.name}-${revision}`);
    if (!target) {
      throw badInput(`revision "${revision}" is not a revision of ${address.namespace}/${address.name}`, {
        field: 'revision', message: `not found; revisions: ${revisions.map((r) => r.metadata.name).join(', ')}`,
      });
    }
    return this.change(address, null, (m, w) => m.rollbackWorkload(w, target), current);
  }

  async deleteWorkload(address: WorkloadAddress): Promise<boolean> {
    try {
      const deleted = await this.cluster.delete(descriptorOf(address.kind).ref, address.namespace, address.name, { propagationPolicy: 'Background' });
      this.trail.noteDeletion(deleted);
      await this.cache.caughtUp([deleted]);
      return true;
    } catch (err) {
      if (isApiError(err, 'NotFound')) throw notFound(address);
      throw err;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Streams

  /** Every change of a matching workload, as it is after the change (deleted ones as they were last). */
  workloadChanged(kind: WorkloadKind | undefined, namespace: string | undefined, name: string | undefined): AsyncIterableIterator<WorkloadView> {
    const kinds = kind === undefined ? WORKLOAD_KINDS : [descriptorOf(kind)];
    const matches = (o: KubeObject) => (namespace === undefined || o.metadata.namespace === namespace) && (name === undefined || o.metadata.name === name);
    return mergeStreams(kinds.map((d) => informerStream(this.cache.workloadInformer(d), ({ object }) => (matches(object) ? this.view(d, object) : undefined))));
  }

  /** Every change of a pod of a workload in `namespace` (of one workload when named, of one kind when given). */
  podChanged(namespace: string, workload: string | undefined, kind: WorkloadKind | undefined, resourceVersion?: string): AsyncIterableIterator<PodChange> {
    if (kind !== undefined) descriptorOf(kind); // refuses kinds without a controller, naming the field
    return informerStream(this.cache.pods, ({ type, object: pod }) => {
      if (pod.metadata.namespace !== namespace) return undefined;
      // A subset pod is its subset workload's (when that is a registry kind) and its UnitedDeployment's.
      const matches = (o: { descriptor: WorkloadKindDescriptor; object: KubeObject } | undefined) =>
        o !== undefined && (workload === undefined || o.object.metadata.name === workload) && (kind === undefined || kindOfDescriptor(o.descriptor) === kind);
      const direct = this.cache.podOwner(pod);
      const owner = matches(direct) ? direct : this.subsetOwner(pod);
      return owner && matches(owner) ? { type, pod, owner: this.view(owner.descriptor, owner.object) } : undefined;
    }, resourceVersion === undefined ? [] : this.podChangesSince(resourceVersion));
  }

  /** The resourceVersion of the pod cache now: a pods page read now holds every change up to it. */
  podsResourceVersion(): string {
    return this.cache.pods.lastSyncResourceVersion();
  }

  private podChangesSince(resourceVersion: string): CacheChange<Pod>[] {
    try {
      return this.cache.podChanges.since(resourceVersion);
    } catch (err) {
      if (err instanceof InvalidResourceVersionError) throw badInput(err.message, { field: 'resourceVersion', message: 'must be the resourceVersion of a pods list' });
      if (err instanceof ChangesGoneError) throw new DomainError('CONFLICT', err.message, { details: { resourceVersion } });
      throw err;
    }
  }

  /** The workload with subsets (UnitedDeployment) that a subset pod belongs to, if any. */
  subsetOwner(pod: Pod): { descriptor: WorkloadKindDescriptor; object: KubeObject } | undefined {
    if (!pod.metadata.labels?.[LABEL_SUBSET_NAME]) return undefined;
    for (const descriptor of WORKLOAD_KINDS) {
      if (!descriptor.subsets) continue;
      const object = this.cache.workloadInformer(descriptor).list(pod.metadata.namespace).find((w) => descriptor.ownsPod(w, pod));
      if (object) return { descriptor, object };
    }
    return undefined;
  }

  /**
   * Reads the workload, checks expectedGeneration, applies the kind's edit to it and writes the result
   * with the read resourceVersion, so a change made in between is never silently overwritten. On a
   * Conflict the edit is made again on the fresh object (the controller's status writes, its own
   * spec edits such as podsToDelete truncation): the caller's precondition is expectedGeneration, so
   * with one given a spec change in between is CONFLICT, and without one the edit applies to the
   * latest spec, as `kubectl patch` does.
   */
  private async change(
    address: WorkloadAddress,
    expectedGeneration: number | null,
    edit: (mutations: WorkloadMutations<KubeObject>, workload: KubeObject) => KubeObject,
    read?: KubeObject,
  ): Promise<WorkloadView> {
    const descriptor = descriptorOf(address.kind);
    let current = read ?? (await this.read(address));
    const generation = current.metadata.generation ?? 0;
    if (expectedGeneration !== null && expectedGeneration !== undefined && expectedGeneration !== generation) {
      throw new DomainError('CONFLICT', `${address.namespace}/${address.name} is at generation ${generation}, not the expected ${expectedGeneration}; read it again and retry`, {
        details: { generation },
      });
    }
    for (let attempt = 1; ; attempt++) {
      const next = edited(() => edit(descriptor.mutations, current));
      try {
        const written = await this.cluster.update(next);
        this.trail.noteObjectChange(current, written);
        await this.cache.caughtUp([written]);
        return this.view(descriptor, written);
      } catch (err) {
        if (isApiError(err, 'NotFound')) throw notFound(address);
        if (!isApiError(err, 'Conflict') || attempt >= CHANGE_ATTEMPTS) throw err;
      }
      const fresh = await this.read(address);
      if (expectedGeneration !== null && expectedGeneration !== undefined && (fresh.metadata.generation ?? 0) !== generation) {
        throw new DomainError('CONFLICT', `${address.namespace}/${address.name} changed to generation ${fresh.metadata.generation} while this change was applied; read it again and retry`, {
          details: { generation: fresh.metadata.generation ?? 0 },
        });
      }
      current = fresh;
    }
  }
}

/** Runs a kind's pure edit; its refusal is the caller's BAD_USER_INPUT naming the argument or field. */
function edited<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof WorkloadMutationError) throw badInput(err.message, ...err.fieldErrors);
    throw err;
  }
}

/** A source over pods already filtered in name order (the rare combination of two filters). */
function listSource(pods: Pod[]): OrderedSource<Pod> {
  return sortedSource(pods, (pod) => pod.metadata.name!);
}

/** The caller's BAD_USER_INPUT, naming the arguments or fields at fault. */
function badInput(message: string, ...fieldErrors: FieldMessage[]): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { fieldErrors });
}

function notFound(address: WorkloadAddress): DomainError {
  return new DomainError('NOT_FOUND', `${address.kind} ${address.namespace}/${address.name} not found`);
}

/** One stream of the items of several, in the order they arrive. */
function mergeStreams<T>(streams: AsyncIterableIterator<T>[]): AsyncIterableIterator<T> {
  if (streams.length === 1) return streams[0]!;
  const pending = new Map(streams.map((s, i) => [i, s.next().then((r) => ({ i, r }))]));
  const close = async () => {
    await Promise.all(streams.map((s) => s.return?.()));
    return { value: undefined, done: true } as IteratorResult<T>;
  };
  return {
    async next() {
      while (pending.size > 0) {
        const { i, r } = await Promise.race(pending.values());
        if (r.done) {
          pending.delete(i);
          continue;
        }
        pending.set(i, streams[i]!.next().then((next) => ({ i, r: next })));
        return r;
      }
      return { value: undefined, done: true };
    },
    return: close,
    async throw(err) {
      await close();
      throw err;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * A workload's place in lists and its cursor: namespace, then name, then kind, compared as code
 * points (NUL sorts before every character a name can hold, so "sample" comes before "sample-ud").
 */
export function workloadListKey(w: Pick<WorkloadView, 'namespace' | 'name' | 'kind'>): string {
  return `${w.namespace}\u0000${w.name}\u0000${w.kind}`;
}
