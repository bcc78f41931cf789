// The API's view of the cluster: informer caches (list once, then watch) of the kinds the API reads,
// with the indexes its pages need, so no request lists a namespace or waits on the cluster worker. A
// page of a workload's pods is a binary search in the owner's name-ordered index plus the page itself;
// counts by lifecycle state or revision are the sizes of index buckets. Writes still go to the cluster;
// a writer waits for its own write to reach the cache (`caughtUp`) before answering, so a client that
// changed something reads its change back. The same caches serve a real cluster unchanged.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { StringInterner, type Clock, type ClusterClient, type KindRef } from '@coxswain/cluster';
import { InformerFactory, type Informer } from '@coxswain/controller-runtime';
import {
  LABEL_CONTROLLER_REVISION_HASH, LABEL_LIFECYCLE_STATE, LABEL_SUBSET_NAME, LIFECYCLE_STATES, resourceKey,
  type ControllerRevision, type Event, type KubeObject, type Node, type OwnerReference, type Pod,
} from '@coxswain/kruise-api';
import {
  CONTROLLER_REVISION_REF, NODE_REF, POD_REF, WORKLOAD_KINDS, isRunningAndReady, shortHash, workloadKindOf,
  type WorkloadKindDescriptor, type WorkloadKindName,
} from '@coxswain/workloads';
import { CLOCK, CLUSTER } from '../tokens.js';
import { ChangeLog } from './change-log.js';
import { lifecycleStateName } from '../workloads/views.js';

const EVENT_REF: KindRef = { apiVersion: 'v1', kind: 'Event' };
/** The caches list in pages: a list of 150,000 pods in one message held the API thread for 0.3-0.6 s to parse, and both threads' memory for its copies. */
const LIST_PAGE_SIZE = 5000;

/** Pods by `<controller uid>/<lifecycle state name>` (the contract's names: NORMAL, PREPARING_DELETE, ...). */
export const POD_OWNER_STATE = 'ownerState';
/** Pods by `<controller uid>/<revision hash>` (the short hash, whichever form the label has). */
export const POD_OWNER_REVISION = 'ownerRevision';
/** Pods not being deleted, by `<controller uid>/<revision hash>`: a revision's live pod count. */
export const POD_OWNER_ACTIVE_REVISION = 'ownerActiveRevision';
/** Pods by the node they are bound to. */
export const POD_NODE = 'node';
/** Pods in a lifecycle state where a hook may hold them, by that state. */
export const POD_HOOK_STATE = 'hookState';
/** Every cached object under one value (""), so all namespaces together page in key order too. */
export const ALL_INDEX = 'all';
/** Pods of UnitedDeployment subsets by `<namespace>/<subset name>` (apps.kruise.io/subset-name). */
export const POD_SUBSET = 'subset';
/**
 * Pods by where they run and who owns them (topologyKey): the sizes of its buckets are the cluster's
 * topology, so a topology answer costs the number of node x workload groups, not of pods.
 */
export const POD_TOPOLOGY = 'topology';
/** Events by the uid of the object they are about. */
export const EVENT_OBJECT = 'involvedObject';

const HOOK_STATES = new Set<string>([LIFECYCLE_STATES.PreparingNormal, LIFECYCLE_STATES.PreparingUpdate, LIFECYCLE_STATES.Updated, LIFECYCLE_STATES.PreparingDelete]);

/** A pod's place in the topology: node ('' unscheduled), namespace, controller kind and name, subset, ready. */
export interface PodPlacement {
  node: string;
  namespace: string;
  ownerKind: string;
  ownerName: string;
  subset: string;
  ready: boolean;
}

const SEPARATOR = '\u0000';

/** The POD_TOPOLOGY value of a pod (fields joined by NUL, which no stored string holds). */
export function topologyKey(pod: Pod): string {
  const owner = pod.metadata.ownerReferences?.find((r) => r.controller);
  return [
    pod.spec?.nodeName ?? '',
    pod.metadata.namespace ?? 'default',
    owner?.kind ?? 'Pod',
    owner?.name ?? pod.metadata.name!,
    pod.metadata.labels?.[LABEL_SUBSET_NAME] ?? '',
    isRunningAndReady(pod) ? '1' : '0',
  ].join(SEPARATOR);
}

export function parseTopologyKey(key: string): PodPlacement {
  const [node = '', namespace = '', ownerKind = '', ownerName = '', subset = '', ready = ''] = key.split(SEPARATOR);
  return { node, namespace, ownerKind, ownerName, subset, ready: ready === '1' };
}

export function controllerUid(pod: Pod): string | undefined {
  return pod.metadata.ownerReferences?.find((r) => r.controller)?.uid;
}

export function lifecycleStateOf(pod: Pod): string {
  return pod.metadata.labels?.[LABEL_LIFECYCLE_STATE] ?? '';
}

export function revisionHashOf(pod: Pod): string {
  return shortHash(pod.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] ?? '');
}

@Injectable()
export class ClusterCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ClusterCache');
  private readonly factory: InformerFactory;
  /** One informer per workload kind of the registry, by the contract's kind name. */
  private readonly workloads: Map<WorkloadKindName, Informer>;
  readonly pods: Informer<Pod>;
  readonly revisions: Informer<ControllerRevision>;
  readonly events: Informer<Event>;
  readonly nodes: Informer<Node>;
  /** Every informer, by resource (`resourceKey`: "Pod", "CloneSet.apps.kruise.io"). */
  private readonly byResource: Map<string, Informer>;
  private nodesByName: ReadonlyMap<string, Node> | undefined;
  private podLog: ChangeLog<Pod> | undefined;

  constructor(@Inject(CLUSTER) cluster: ClusterClient, @Inject(CLOCK) clock: Clock) {
    // Objects arrive copied from the cluster's thread; their repeated strings are shared once cached.
    const strings = new StringInterner();
    this.factory = new InformerFactory(cluster, {
      clock,
      transform: (object) => strings.internAndFreeze(object),
      listPageSize: LIST_PAGE_SIZE,
      onError: (error, context) => this.logger.warn({ msg: `cache: ${context}`, error: String(error) }),
    });
    this.workloads = new Map(WORKLOAD_KINDS.map((k) => [k.kind, this.factory.informerFor(k.ref)]));
    this.pods = this.factory.informerFor<Pod>(POD_REF);
    this.revisions = this.factory.informerFor<ControllerRevision>(CONTROLLER_REVISION_REF);
    this.events = this.factory.informerFor<Event>(EVENT_REF);
    this.nodes = this.factory.informerFor<Node>(NODE_REF);
    this.pods.addIndexer(POD_OWNER_STATE, (pod) => {
      const owner = controllerUid(pod);
      return owner ? [`${owner}/${lifecycleStateName(pod)}`] : [];
    });
    this.pods.addIndexer(POD_OWNER_REVISION, (pod) => {
      const owner = controllerUid(pod);
      return owner ? [`${owner}/${revisionHashOf(pod)}`] : [];
    });
    this.pods.addIndexer(POD_OWNER_ACTIVE_REVISION, (pod) => {
      const owner = controllerUid(pod);
      return owner && !pod.metadata.deletionTimestamp ? [`${owner}/${revisionHashOf(pod)}`] : [];
    });
    this.pods.addIndexer(POD_NODE, (pod) => (pod.spec?.nodeName ? [pod.spec.nodeName] : []));
    this.pods.addIndexer(POD_SUBSET, (pod) => {
      const subset = pod.metadata.labels?.[LABEL_SUBSET_NAME];
      return subset ? [`${pod.metadata.namespace}/${subset}`] : [];
    });
    this.pods.addIndexer(POD_TOPOLOGY, (pod) => [topologyKey(pod)]);
    this.pods.addIndexer(POD_HOOK_STATE, (pod) => {
      const state = lifecycleStateOf(pod);
      return HOOK_STATES.has(state) ? [state] : [];
    });
    this.nodes.addEventHandler({
      onAdd: () => (this.nodesByName = undefined),
      onUpdate: () => (this.nodesByName = undefined),
      onDelete: () => (this.nodesByName = undefined),
    });
    this.events.addIndexer(EVENT_OBJECT, (event) => (event.involvedObject?.uid ? [event.involvedObject.uid] : []));
    const all = [...this.workloads.values(), this.pods, this.revisions, this.events, this.nodes] as Informer[];
    for (const informer of all) informer.addIndexer(ALL_INDEX, () => ['']);
    this.byResource = new Map(all.map((i) => [resourceKey(i.ref.apiVersion, i.ref.kind), i]));
  }

  /**
   * Lists and watches everything before the API answers its first request, once every module has
   * registered its event handlers (at init), so none misses a change made while the cache syncs.
   */
  async onApplicationBootstrap(): Promise<void> {
    this.factory.start();
    await this.factory.waitForCacheSync();
    this.podLog = new ChangeLog(this.pods);
  }

  /** The pod changes of the last minute, replayable from a pods list's resourceVersion. */
  get podChanges(): ChangeLog<Pod> {
    if (!this.podLog) throw new Error('the pod cache has not synced yet');
    return this.podLog;
  }

  onModuleDestroy(): void {
    this.factory.stop();
  }

  /** The informer of a cached resource (`resourceKey` of any served version). */
  informerFor(apiVersion: string, kind: string): Informer | undefined {
    return this.byResource.get(resourceKey(apiVersion, kind));
  }

  /** The informer of a workload kind of the registry. */
  workloadInformer(descriptor: WorkloadKindDescriptor): Informer {
    return this.workloads.get(descriptor.kind)!;
  }

  /** The workload an ownerReference names, when it is of a registered kind and still the same object (uid). */
  owner(namespace: string | undefined, ref: OwnerReference | undefined): { descriptor: WorkloadKindDescriptor; object: KubeObject } | undefined {
    const descriptor = ref && workloadKindOf(ref);
    const object = descriptor && this.workloads.get(descriptor.kind)!.get(namespace, ref!.name);
    return object && object.metadata.uid === ref!.uid ? { descriptor: descriptor!, object } : undefined;
  }

  /** A pod's controlling workload, when it is one of the registry's kinds. */
  podOwner(pod: Pod): { descriptor: WorkloadKindDescriptor; object: KubeObject } | undefined {
    return this.owner(pod.metadata.namespace, pod.metadata.ownerReferences?.find((r) => r.controller));
  }

  /** Nodes by name, rebuilt only when a node changes (views look up every pod's zone in it). */
  nodeMap(): ReadonlyMap<string, Node> {
    return (this.nodesByName ??= new Map(this.nodes.list().map((n) => [n.metadata.name!, n])));
  }

  hasSynced(): boolean {
    return this.factory.hasSynced();
  }

  /** Resolves once every written object of a cached kind is in the cache (read your writes). */
  async caughtUp(objects: readonly KubeObject[]): Promise<void> {
    await Promise.all(objects.map((o) => this.informerFor(o.apiVersion, o.kind)?.caughtUp(o.metadata.resourceVersion)));
  }
}
