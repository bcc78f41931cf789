// Workload use cases behind the GraphQL surface: read a CloneSet with its pods, revisions, plan and
// events; change it the way an SRE or a pipeline does (image, partition, pause, scale, delete pods,
// roll back). Reads come from the API's cluster cache, by index: their cost follows the page asked
// for, not the namespace. Every change is one conditional write: a stale expectedGeneration or a
// concurrent spec change ends in CONFLICT and changes nothing; the admission of the cluster validates
// the result; the answer waits until the cache holds the change, so the caller reads it back.
import { Inject, Injectable } from '@nestjs/common';
import { isApiError, type ClusterClient, type WatchEvent } from '@coxswain/cluster';
import { OWNER_UID_INDEX } from '@coxswain/controller-runtime';
import { printYaml, type CloneSet, type ControllerRevision, type Event, type Node, type Pod } from '@coxswain/kruise-api';
import { revisionTemplate, revisionsForCloneSet, shortHash, sortRevisions } from '@coxswain/workloads';
import type { PlanSummary } from '../cluster-worker/protocol.js';
import { AuditTrail } from '../audit/audit-trail.js';
import {
  ClusterCache, EVENT_OBJECT, POD_OWNER_ACTIVE_REVISION, POD_OWNER_REVISION, POD_OWNER_STATE, controllerUid, revisionHashOf,
} from '../cluster/cluster-cache.js';
import { informerStream } from '../cluster/informer-stream.js';
import type { OrderedSource } from '../graphql/connection.js';
import { badUserInput, conflict, notFound } from '../graphql/errors.js';
import type { Runtime } from '../runtime.js';
import { CLUSTER, RUNTIME } from '../tokens.js';
import type { LifecycleStateName } from './views.js';
import { isSupportedKind, workloadRef, WorkloadKind } from './workload-kind.js';

export interface WorkloadAddress {
  kind: WorkloadKind;
  namespace: string;
  name: string;
}

export interface PodChange {
  type: WatchEvent['type'];
  pod: Pod;
  owner: CloneSet;
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
  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly cache: ClusterCache,
    private readonly trail: AuditTrail,
  ) {}

  list(namespace: string | undefined, kind: WorkloadKind | undefined): CloneSet[] {
    if (kind !== undefined && !isSupportedKind(kind)) return [];
    return this.cache.cloneSets.list(namespace).sort((a, b) => key(a).localeCompare(key(b)));
  }

  find(address: WorkloadAddress): CloneSet | null {
    workloadRef(address.kind);
    return this.cache.cloneSets.get(address.namespace, address.name) ?? null;
  }

  /** The workload as the cluster has it now (what a change is made against), NOT_FOUND when gone. */
  private async read(address: WorkloadAddress): Promise<CloneSet> {
    try {
      return await this.cluster.get<CloneSet>(workloadRef(address.kind), address.namespace, address.name);
    } catch (err) {
      if (isApiError(err, 'NotFound')) throw notFound(`${address.kind} ${address.namespace}/${address.name} not found`);
      throw err;
    }
  }

  /**
   * The workload's pods (terminating ones included) matching `filter`, in name order, from the index
   * that answers the filter: a page reads the page.
   */
  pods(cs: CloneSet, filter: PodFilter = {}): OrderedSource<Pod> {
    const uid = cs.metadata.uid!;
    const namespace = cs.metadata.namespace ?? 'default';
    const state = filter.lifecycleState ?? undefined;
    const hash = filter.revision == null ? undefined : shortHash(filter.revision);
    const [index, value] =
      state !== undefined ? [POD_OWNER_STATE, `${uid}/${state}`] : hash !== undefined ? [POD_OWNER_REVISION, `${uid}/${hash}`] : [OWNER_UID_INDEX, uid];
    const pods = this.cache.pods;
    const position = (name: string | undefined) => (name === undefined ? undefined : { namespace, name });
    if (state !== undefined && hash !== undefined) {
      // Both filters: the state's bucket, filtered by revision (rarely asked, bounded by the workload).
      const matching = pods.byIndex(index, value).filter((p) => revisionHashOf(p) === hash);
      return listSource(matching);
    }
    return {
      page: (after, limit) => pods.pageByIndex(index, value, position(after), limit),
      count: (after) => pods.countByIndex(index, value, position(after)),
      keyOf: (pod) => pod.metadata.name!,
    };
  }

  /** Active (not terminating) pods of the workload at a revision, from an index bucket's size. */
  activePodsAt(cs: CloneSet, revision: string): number {
    return this.cache.pods.countByIndex(POD_OWNER_ACTIVE_REVISION, `${cs.metadata.uid}/${shortHash(revision)}`);
  }

  nodes(): ReadonlyMap<string, Node> {
    return this.cache.nodeMap();
  }

  revisions(cs: CloneSet): ControllerRevision[] {
    return sortRevisions(revisionsForCloneSet(cs, this.cache.revisions.byOwner(cs.metadata.uid!))).reverse();
  }

  /**
   * The step the controller takes next: in observe mode the plan its last reconcile computed, otherwise
   * the planner run now on the controller's caches (the same function the reconciler applies), in the
   * cluster worker.
   */
  async plan(cs: CloneSet): Promise<PlanSummary> {
    const namespace = cs.metadata.namespace ?? 'default';
    const plan = await this.runtime.host.plan(namespace, cs.metadata.name!);
    if (!plan) throw notFound(`CloneSet ${namespace}/${cs.metadata.name} is not known to its controller yet; retry shortly`);
    return plan;
  }

  /** Kubernetes Events about the CloneSet, newest first (client-go aggregates them: a handful per object). */
  events(cs: CloneSet, first: number): Event[] {
    if (!Number.isInteger(first) || first < 1 || first > 1000) throw badUserInput('first must be from 1 to 1000', [{ field: 'first', message: 'must be from 1 to 1000' }]);
    return this.cache.events
      .byIndex(EVENT_OBJECT, cs.metadata.uid!)
      .sort((a, b) => (b.lastTimestamp ?? '').localeCompare(a.lastTimestamp ?? '') || b.metadata.name!.localeCompare(a.metadata.name!))
      .slice(0, first);
  }

  manifest(object: CloneSet | ControllerRevision): string {
    return printYaml(object);
  }

  now(): number {
    return this.runtime.clock.now();
  }

  refuseSubset(address: WorkloadAddress): never {
    throw badUserInput(`subset applies to UNITED_DEPLOYMENT only, not ${address.kind}`, [{ field: 'subset', message: 'UnitedDeployment only' }]);
  }

  // ---------------------------------------------------------------------------------------------
  // Changes

  setImage(address: WorkloadAddress, container: string, image: string, expectedGeneration: number | null): Promise<CloneSet> {
    if (image.trim() === '') throw badUserInput('image must not be empty', [{ field: 'image', message: 'must not be empty' }]);
    return this.change(address, expectedGeneration, (cs) => {
      const target = cs.spec.template.spec.containers.find((c) => c.name === container);
      if (!target) {
        const names = cs.spec.template.spec.containers.map((c) => c.name).join(', ');
        throw badUserInput(`container "${container}" is not in the pod template (containers: ${names})`, [{ field: 'container', message: `not found; containers: ${names}` }]);
      }
      target.image = image;
    });
  }

  setPartition(address: WorkloadAddress, partition: number | string, expectedGeneration: number | null): Promise<CloneSet> {
    return this.change(address, expectedGeneration, (cs) => {
      rollingUpdate(cs).partition = partition;
    });
  }

  setPaused(address: WorkloadAddress, paused: boolean): Promise<CloneSet> {
    return this.change(address, null, (cs) => {
      rollingUpdate(cs).paused = paused;
    });
  }

  scale(address: WorkloadAddress, replicas: number, expectedGeneration: number | null): Promise<CloneSet> {
    if (!Number.isInteger(replicas) || replicas < 0) throw badUserInput('replicas must be a non-negative integer', [{ field: 'replicas', message: 'must be >= 0' }]);
    return this.change(address, expectedGeneration, (cs) => {
      cs.spec.replicas = replicas;
    });
  }

  /** Adds the pods to scaleStrategy.podsToDelete; with scaleDown also lowers replicas by as many. */
  async deletePods(address: WorkloadAddress, names: readonly string[], scaleDown: boolean): Promise<CloneSet> {
    if (names.length === 0) throw badUserInput('pods must name at least one pod', [{ field: 'pods', message: 'empty' }]);
    const current = await this.read(address);
    const activeOwned = (name: string) => {
      const pod = this.cache.pods.get(address.namespace, name);
      return pod !== undefined && !pod.metadata.deletionTimestamp && controllerUid(pod) === current.metadata.uid;
    };
    const unknown = names.map((n, i) => ({ n, i })).filter(({ n }) => !activeOwned(n));
    if (unknown.length > 0) {
      throw badUserInput(
        `not active pods of ${address.namespace}/${address.name}: ${unknown.map((u) => u.n).join(', ')}`,
        unknown.map(({ n, i }) => ({ field: `pods[${i}]`, message: `${n} is not an active pod of this workload` })),
      );
    }
    return this.change(address, null, (cs) => {
      const strategy = (cs.spec.scaleStrategy ??= {});
      const listed = strategy.podsToDelete ?? [];
      const added = [...new Set(names)].filter((n) => !listed.includes(n));
      strategy.podsToDelete = [...listed, ...added];
      if (scaleDown) cs.spec.replicas = Math.max(0, (cs.spec.replicas ?? 1) - added.length);
    }, current);
  }

  /** Restores the pod template stored in one of the CloneSet's ControllerRevisions (by name or hash). */
  async rollback(address: WorkloadAddress, revision: string): Promise<CloneSet> {
    const current = await this.read(address);
    const revisions = this.revisions(current);
    const target = revisions.find((r) => r.metadata.name === revision || r.metadata.name === `${address.name}-${revision}`);
    if (!target) {
      throw badUserInput(`revision "${revision}" is not a revision of ${address.namespace}/${address.name}`, [
        { field: 'revision', message: `not found; revisions: ${revisions.map((r) => r.metadata.name).join(', ')}` },
      ]);
    }
    return this.change(address, null, (cs) => {
      cs.spec.template = revisionTemplate(target);
    }, current);
  }

  async delete(address: WorkloadAddress): Promise<boolean> {
    try {
      const deleted = await this.cluster.delete<CloneSet>(workloadRef(address.kind), address.namespace, address.name, { propagationPolicy: 'Background' });
      this.trail.noteDeletion(deleted);
      await this.cache.caughtUp([deleted]);
      return true;
    } catch (err) {
      if (isApiError(err, 'NotFound')) throw notFound(`${address.kind} ${address.namespace}/${address.name} not found`);
      throw err;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Streams

  /** Every change of a matching CloneSet, as it is after the change (deleted ones as they were last). */
  workloadChanges(namespace: string | undefined, name: string | undefined): AsyncIterableIterator<CloneSet> {
    return informerStream(this.cache.cloneSets, ({ object }) =>
      (namespace === undefined || object.metadata.namespace === namespace) && (name === undefined || object.metadata.name === name) ? object : undefined,
    );
  }

  /** Every change of a pod of a CloneSet in `namespace` (of one CloneSet when named). */
  podChanges(namespace: string, workload: string | undefined): AsyncIterableIterator<PodChange> {
    return informerStream(this.cache.pods, ({ type, object: pod }) => {
      if (pod.metadata.namespace !== namespace) return undefined;
      const ref = pod.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'CloneSet');
      if (!ref || (workload !== undefined && ref.name !== workload)) return undefined;
      const owner = this.cache.cloneSets.get(namespace, ref.name);
      return owner && owner.metadata.uid === ref.uid ? { type, pod, owner } : undefined;
    });
  }

  /**
   * Reads the workload, checks expectedGeneration, applies `edit` to a copy and writes it with the read
   * resourceVersion, so a change made in between is never silently overwritten. A Conflict from a write
   * that left the spec alone (the controller's status) is retried against the fresh object: the
   * caller's precondition is the generation, not the status. A spec change in between is CONFLICT.
   */
  private async change(address: WorkloadAddress, expectedGeneration: number | null, edit: (cs: CloneSet) => void, read?: CloneSet): Promise<CloneSet> {
    let current = read ?? (await this.read(address));
    const generation = current.metadata.generation ?? 0;
    if (expectedGeneration !== null && expectedGeneration !== undefined && expectedGeneration !== generation) {
      throw conflict(`${address.namespace}/${address.name} is at generation ${generation}, not the expected ${expectedGeneration}; read it again and retry`, {
        generation,
      });
    }
    for (let attempt = 1; ; attempt++) {
      const next = structuredClone(current);
      edit(next);
      try {
        const written = await this.cluster.update(next);
        this.trail.noteObjectChange(current, written);
        await this.cache.caughtUp([written]);
        return written;
      } catch (err) {
        if (isApiError(err, 'NotFound')) throw notFound(`${address.kind} ${address.namespace}/${address.name} not found`);
        if (!isApiError(err, 'Conflict') || attempt >= CHANGE_ATTEMPTS) throw err;
      }
      const fresh = await this.read(address);
      if ((fresh.metadata.generation ?? 0) !== generation) {
        throw conflict(`${address.namespace}/${address.name} changed to generation ${fresh.metadata.generation} while this change was applied; read it again and retry`, {
          generation: fresh.metadata.generation ?? 0,
        });
      }
      current = fresh;
    }
  }
}

function rollingUpdate(cs: CloneSet): NonNullable<NonNullable<CloneSet['spec']['updateStrategy']>['rollingUpdate']> {
  const strategy = (cs.spec.updateStrategy ??= {});
  return (strategy.rollingUpdate ??= {});
}

/** A source over pods already filtered in name order (the rare combination of two filters). */
function listSource(pods: Pod[]): OrderedSource<Pod> {
  const at = (after: string | undefined) => (after === undefined ? 0 : pods.findIndex((p) => p.metadata.name! > after) === -1 ? pods.length : pods.findIndex((p) => p.metadata.name! > after));
  return {
    page: (after, limit) => pods.slice(at(after), at(after) + limit),
    count: (after) => pods.length - at(after),
    keyOf: (pod) => pod.metadata.name!,
  };
}

function key(o: CloneSet): string {
  return `${o.metadata.namespace}/${o.metadata.name}`;
}

