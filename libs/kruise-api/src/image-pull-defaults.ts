// Defaulting of ImagePullJob, NodeImage and ContainerRecreateRequest as Kruise's mutating webhooks do
// it (docs/spec/image-pull.md §2.1, §2.3, §2.5). Inputs are never modified; defaulting an already
// defaulted object changes nothing. Objects arrive from YAML and may have any shape: a field of the
// wrong type is left for validation to name.
import type { Node, Pod } from './core.js';
import {
  FINALIZER_DELETION_PROTECTION, KRUISE_APPS_V1ALPHA1, LABEL_CRR_ACTIVE, LABEL_CRR_NODE_NAME, LABEL_CRR_POD_UID, LABEL_VIRTUAL_KUBELET,
  VIRTUAL_KUBELET_VALUE, type ContainerRecreateRequest, type ImagePullJob, type NodeImage,
} from './image-pull.js';
import { isObject, isSet, type Obj } from './value-shape.js';

export const DEFAULT_PULL_TIMEOUT_SECONDS = 600;
export const DEFAULT_PULL_BACKOFF_LIMIT = 3;

/** Go's `x == ""` or `x == nil` for a field decoded from JSON: absent, null or the empty string. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The object at `parent[key]`, created when absent or null; undefined when something else is there. */
function objectAt(parent: Obj, key: string): Obj | undefined {
  const value = parent[key];
  if (value === undefined || value === null) {
    const created: Obj = {};
    parent[key] = created;
    return created;
  }
  return isObject(value) ? value : undefined;
}

export interface ImagePullJobDefaultingOptions {
  /** CREATE adds the protection finalizer to a v1alpha1 job; UPDATE (the default) does not. */
  operation?: 'CREATE' | 'UPDATE';
  /**
   * Whether CREATE adds FINALIZER_DELETION_PROTECTION (Kruise's v1alpha1 defaulting does; its v1beta1
   * defaulting does not, docs/spec/image-pull.md §2.1). Default true. Without a controller to remove it
   * again, a caller should pass false, or the job could never be deleted.
   */
  protectionFinalizer?: boolean;
}

/** SetDefaultsImagePullJob / SetDefaultsImagePullJobV1beta1 (docs/spec/image-pull.md §2.1). */
export function setDefaultsImagePullJob(job: ImagePullJob, options: ImagePullJobDefaultingOptions = {}): ImagePullJob {
  const out = structuredClone(job);
  const root = out as unknown as Obj;
  const spec = objectAt(root, 'spec');
  if (spec) {
    const completion = objectAt(spec, 'completionPolicy');
    if (completion && isEmpty(completion['type'])) completion['type'] = 'Always';
    const pull = objectAt(spec, 'pullPolicy');
    if (pull) {
      if (!isSet(pull['timeoutSeconds'])) pull['timeoutSeconds'] = DEFAULT_PULL_TIMEOUT_SECONDS;
      if (!isSet(pull['backoffLimit'])) pull['backoffLimit'] = DEFAULT_PULL_BACKOFF_LIMIT;
    }
    if (isEmpty(spec['imagePullPolicy'])) spec['imagePullPolicy'] = 'IfNotPresent';
  }
  const addFinalizer = options.operation === 'CREATE' && (options.protectionFinalizer ?? true) && out.apiVersion === KRUISE_APPS_V1ALPHA1;
  const metadata = isObject(root['metadata']) ? root['metadata'] : undefined;
  if (addFinalizer && metadata) {
    const finalizers = metadata['finalizers'];
    if (!isSet(finalizers)) metadata['finalizers'] = [FINALIZER_DELETION_PROTECTION];
    else if (Array.isArray(finalizers) && !finalizers.includes(FINALIZER_DELETION_PROTECTION)) finalizers.push(FINALIZER_DELETION_PROTECTION);
  }
  return out;
}

export interface NodeImageDefaultingOptions {
  /** The time written into a tag's missing `createdAt` (RFC 3339, the server's clock). */
  now: string;
}

/** Go's `a <= b` on strings, which Kruise's tag sort uses; ties keep their order here. */
function byTag(a: unknown, b: unknown): number {
  const x = isObject(a) && typeof a['tag'] === 'string' ? a['tag'] : '';
  const y = isObject(b) && typeof b['tag'] === 'string' ? b['tag'] : '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * SetDefaultsNodeImageV1beta1 and the webhook's tag sort (docs/spec/image-pull.md §2.3): every tag gets
 * `createdAt` (now) and a pull policy with timeoutSeconds 600 and backoffLimit 3; the tags of each image,
 * and of each status entry, are sorted by tag.
 */
export function setDefaultsNodeImage(nodeImage: NodeImage, options: NodeImageDefaultingOptions): NodeImage {
  const out = structuredClone(nodeImage);
  const root = out as unknown as Obj;
  const spec = isObject(root['spec']) ? root['spec'] : undefined;
  const images = spec && isObject(spec['images']) ? spec['images'] : {};
  for (const image of Object.values(images)) {
    if (!isObject(image) || !Array.isArray(image['tags'])) continue;
    for (const tag of image['tags']) {
      if (!isObject(tag)) continue;
      if (!isSet(tag['createdAt'])) tag['createdAt'] = options.now;
      const pull = objectAt(tag, 'pullPolicy');
      if (!pull) continue;
      if (!isSet(pull['timeoutSeconds'])) pull['timeoutSeconds'] = DEFAULT_PULL_TIMEOUT_SECONDS;
      if (!isSet(pull['backoffLimit'])) pull['backoffLimit'] = DEFAULT_PULL_BACKOFF_LIMIT;
    }
    image['tags'].sort(byTag);
  }
  const status = isObject(root['status']) ? root['status'] : undefined;
  const statuses = status && isObject(status['imageStatuses']) ? status['imageStatuses'] : {};
  for (const entry of Object.values(statuses)) {
    if (isObject(entry) && Array.isArray(entry['tags'])) entry['tags'].sort(byTag);
  }
  return out;
}

export interface ContainerRecreateRequestDefaultingOptions {
  /** Kruise defaults a request on CREATE only; an UPDATE (the default) changes nothing. */
  operation?: 'CREATE' | 'UPDATE';
}

/**
 * The defaults Kruise's CRR webhook sets on create without looking at the pod (docs/spec/image-pull.md
 * §2.5, rules 3 and 8): `strategy: {}`, `failurePolicy: Fail`, and the label `crr.apps.kruise.io/active`.
 * What comes from the pod is injectPodIntoContainerRecreateRequest's.
 */
export function setDefaultsContainerRecreateRequest(
  crr: ContainerRecreateRequest,
  options: ContainerRecreateRequestDefaultingOptions = {},
): ContainerRecreateRequest {
  const out = structuredClone(crr);
  if (options.operation !== 'CREATE') return out;
  const root = out as unknown as Obj;
  const metadata = isObject(root['metadata']) ? root['metadata'] : undefined;
  const labels = metadata ? objectAt(metadata, 'labels') : undefined;
  if (labels) labels[LABEL_CRR_ACTIVE] = 'true';
  const spec = isObject(root['spec']) ? root['spec'] : undefined;
  const strategy = spec ? objectAt(spec, 'strategy') : undefined;
  if (strategy && isEmpty(strategy['failurePolicy'])) strategy['failurePolicy'] = 'Fail';
  return out;
}

/** The pod's container (init containers first, as Kruise's GetContainer looks) by name. */
export function podContainer(pod: Pod, name: string): Obj | undefined {
  const spec = isObject(pod.spec) ? (pod.spec as unknown as Obj) : {};
  for (const key of ['initContainers', 'containers']) {
    const list = spec[key];
    if (!Array.isArray(list)) continue;
    const found = list.find((c) => isObject(c) && c['name'] === name);
    if (found !== undefined) return found as Obj;
  }
  return undefined;
}

/** The pod's status of a (regular) container by name, as Kruise's GetContainerStatus finds it. */
export function podContainerStatus(pod: Pod, name: string): Obj | undefined {
  const statuses = isObject(pod.status) ? (pod.status as unknown as Obj)['containerStatuses'] : undefined;
  if (!Array.isArray(statuses)) return undefined;
  return statuses.find((s) => isObject(s) && s['name'] === name) as Obj | undefined;
}

/**
 * injectPodIntoContainerRecreateRequest (docs/spec/image-pull.md §2.5, rules 13 and 19): the node and
 * pod-uid labels (and the virtual-kubelet label of such a node), the pod's grace period when the
 * strategy has none, and per container its preStop, ports (with an httpGet preStop) and status context.
 * It checks nothing: validateContainerRecreateRequestAgainstPod says whether the request may be created;
 * a container the pod does not have, or has no status for, is left as it is.
 */
export function injectPodIntoContainerRecreateRequest(crr: ContainerRecreateRequest, pod: Pod, node?: Node): ContainerRecreateRequest {
  const out = structuredClone(crr);
  const root = out as unknown as Obj;
  const podSpec = isObject(pod.spec) ? (pod.spec as unknown as Obj) : {};
  const metadata = objectAt(root, 'metadata');
  const labels = metadata ? objectAt(metadata, 'labels') : undefined;
  if (labels) {
    if (typeof podSpec['nodeName'] === 'string') labels[LABEL_CRR_NODE_NAME] = podSpec['nodeName'];
    if (typeof pod.metadata?.uid === 'string') labels[LABEL_CRR_POD_UID] = pod.metadata.uid;
    if (node?.metadata?.labels?.[LABEL_VIRTUAL_KUBELET] === VIRTUAL_KUBELET_VALUE) labels[LABEL_VIRTUAL_KUBELET] = VIRTUAL_KUBELET_VALUE;
  }
  const spec = objectAt(root, 'spec');
  const strategy = spec ? objectAt(spec, 'strategy') : undefined;
  if (strategy && !isSet(strategy['terminationGracePeriodSeconds']) && isSet(podSpec['terminationGracePeriodSeconds'])) {
    strategy['terminationGracePeriodSeconds'] = podSpec['terminationGracePeriodSeconds'];
  }
  const containers = spec && Array.isArray(spec['containers']) ? spec['containers'] : [];
  for (const container of containers) {
    if (!isObject(container) || typeof container['name'] !== 'string') continue;
    const source = podContainer(pod, container['name']);
    const status = podContainerStatus(pod, container['name']);
    if (!source || !status) continue;
    const lifecycle = isObject(source['lifecycle']) ? source['lifecycle'] : undefined;
    const preStop = lifecycle && isObject(lifecycle['preStop']) ? lifecycle['preStop'] : undefined;
    if (preStop) {
      const handler: Obj = {};
      for (const key of ['exec', 'httpGet', 'tcpSocket']) if (isSet(preStop[key])) handler[key] = structuredClone(preStop[key]);
      container['preStop'] = handler;
      if (isSet(handler['httpGet']) && isSet(source['ports'])) container['ports'] = structuredClone(source['ports']);
    }
    container['statusContext'] = {
      containerID: typeof status['containerID'] === 'string' ? status['containerID'] : '',
      restartCount: typeof status['restartCount'] === 'number' ? status['restartCount'] : 0,
    };
  }
  return out;
}
