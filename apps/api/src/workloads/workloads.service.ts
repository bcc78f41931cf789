// Workload use cases behind the GraphQL surface: read a CloneSet with its pods, revisions, plan and
// events; change it the way an SRE or a pipeline does (image, partition, pause, scale, delete pods,
// roll back). Every change is one conditional write: a stale expectedGeneration or a concurrent writer
// ends in CONFLICT and changes nothing; the admission of the cluster validates the result.
import { Inject, Injectable } from '@nestjs/common';
import { isApiError, type ClusterClient, type WatchEvent } from '@coxswain/cluster';
import {
  printYaml,
  type CloneSet, type ControllerRevision, type Event, type Node, type Pod,
} from '@coxswain/kruise-api';
import { CONTROLLER_REVISION_REF, NODE_REF, POD_REF, revisionTemplate, revisionsForCloneSet, sortRevisions } from '@coxswain/workloads';
import type { PlanSummary } from '../cluster-worker/protocol.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { watchIterator } from '../cluster/watch-iterator.js';
import { badUserInput, conflict, notFound } from '../graphql/errors.js';
import type { Runtime } from '../runtime.js';
import { CLUSTER, RUNTIME } from '../tokens.js';
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
  nodes: ReadonlyMap<string, Node>;
}

const EVENT_REF = { apiVersion: 'v1', kind: 'Event' };
/** A spec change retried this often when only status writes raced it. */
const CHANGE_ATTEMPTS = 5;

@Injectable()
export class WorkloadsService {
  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    private readonly trail: AuditTrail,
  ) {}

  async list(namespace: string | undefined, kind: WorkloadKind | undefined): Promise<CloneSet[]> {
    if (kind !== undefined && !isSupportedKind(kind)) return [];
    const { items } = await this.cluster.list<CloneSet>(workloadRef(WorkloadKind.CLONE_SET), { namespace });
    return items.sort((a, b) => key(a).localeCompare(key(b)));
  }

  async find(address: WorkloadAddress): Promise<CloneSet | null> {
    try {
      return await this.cluster.get<CloneSet>(workloadRef(address.kind), address.namespace, address.name);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return null;
      throw err;
    }
  }

  async require(address: WorkloadAddress): Promise<CloneSet> {
    const found = await this.find(address);
    if (!found) throw notFound(`${address.kind} ${address.namespace}/${address.name} not found`);
    return found;
  }

  /** Every pod the CloneSet owns, terminating ones included, by name. */
  async pods(cs: CloneSet): Promise<Pod[]> {
    const { items } = await this.cluster.list<Pod>(POD_REF, { namespace: cs.metadata.namespace });
    return items
      .filter((p) => p.metadata.ownerReferences?.some((r) => r.uid === cs.metadata.uid))
      .sort((a, b) => a.metadata.name!.localeCompare(b.metadata.name!));
  }

  async nodes(): Promise<Map<string, Node>> {
    const { items } = await this.cluster.list<Node>(NODE_REF);
    return new Map(items.map((n) => [n.metadata.name!, n]));
  }

  async revisions(cs: CloneSet): Promise<ControllerRevision[]> {
    const { items } = await this.cluster.list<ControllerRevision>(CONTROLLER_REVISION_REF, { namespace: cs.metadata.namespace });
    return sortRevisions(revisionsForCloneSet(cs, items)).reverse();
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

  /** Kubernetes Events about the CloneSet, newest first. */
  async events(cs: CloneSet, first: number): Promise<Event[]> {
    if (!Number.isInteger(first) || first < 1 || first > 1000) throw badUserInput('first must be from 1 to 1000', [{ field: 'first', message: 'must be from 1 to 1000' }]);
    const { items } = await this.cluster.list<Event>(EVENT_REF, { namespace: cs.metadata.namespace });
    return items
      .filter((e) => e.involvedObject.uid === cs.metadata.uid)
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
    const current = await this.require(address);
    const owned = new Set((await this.pods(current)).filter((p) => !p.metadata.deletionTimestamp).map((p) => p.metadata.name!));
    const unknown = names.map((n, i) => ({ n, i })).filter(({ n }) => !owned.has(n));
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
    const current = await this.require(address);
    const revisions = await this.revisions(current);
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
      this.trail.noteDeletion(await this.cluster.delete(workloadRef(address.kind), address.namespace, address.name, { propagationPolicy: 'Background' }));
      return true;
    } catch (err) {
      if (isApiError(err, 'NotFound')) throw notFound(`${address.kind} ${address.namespace}/${address.name} not found`);
      throw err;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Streams

  async *workloadChanges(namespace: string | undefined, name: string | undefined): AsyncGenerator<CloneSet> {
    const events = watchIterator(this.cluster, workloadRef(WorkloadKind.CLONE_SET), { namespace });
    try {
      for await (const event of events) {
        if (name === undefined || event.object.metadata.name === name) yield event.object as CloneSet;
      }
    } finally {
      await events.return?.();
    }
  }

  async *podChanges(namespace: string, workload: string | undefined): AsyncGenerator<PodChange> {
    const events = watchIterator(this.cluster, POD_REF, { namespace });
    let nodes = await this.nodes();
    try {
      for await (const event of events) {
        const pod = event.object as Pod;
        const ref = pod.metadata.ownerReferences?.find((r) => r.controller && r.kind === 'CloneSet');
        if (!ref || (workload !== undefined && ref.name !== workload)) continue;
        const owner = await this.find({ kind: WorkloadKind.CLONE_SET, namespace, name: ref.name });
        // Nodes are read once per subscription, and again only when a pod lands on one not seen yet.
        const nodeName = pod.spec.nodeName;
        if (nodeName && !nodes.has(nodeName)) nodes = await this.nodes();
        if (owner) yield { type: event.type, pod, owner, nodes };
      }
    } finally {
      await events.return?.();
    }
  }

  /**
   * Reads the workload, checks expectedGeneration, applies `edit` to a copy and writes it with the read
   * resourceVersion, so a change made in between is never silently overwritten. A Conflict from a write
   * that left the spec alone (the controller's status) is retried against the fresh object: the
   * caller's precondition is the generation, not the status. A spec change in between is CONFLICT.
   */
  private async change(address: WorkloadAddress, expectedGeneration: number | null, edit: (cs: CloneSet) => void, read?: CloneSet): Promise<CloneSet> {
    let current = read ?? (await this.require(address));
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
        return written;
      } catch (err) {
        if (isApiError(err, 'NotFound')) throw notFound(`${address.kind} ${address.namespace}/${address.name} not found`);
        if (!isApiError(err, 'Conflict') || attempt >= CHANGE_ATTEMPTS) throw err;
      }
      const fresh = await this.require(address);
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

function key(o: CloneSet): string {
  return `${o.metadata.namespace}/${o.metadata.name}`;
}

