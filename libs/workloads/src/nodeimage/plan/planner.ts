// One NodeImage reconcile as a plan (docs/spec/image-pull.md §4): one NodeImage per Ready node (made
// --nodeimage-creation-delay after it turned Ready, deleted with its node unless labelled fake), its
// labels kept equal to the node's; its spec cleaned (tags without createdAt, owners whose job is gone,
// tags past their TTL after the pull finished, missing non-batch Secrets, empty images — docs/spec/image-pull.md §4.2); and,
// when the spec needed nothing, tags the daemon left unanswered for 10 minutes, or past their deadline,
// marked Failed (docs/spec/image-pull.md §4.3). Pure: time and the lookups come in.
import {
  LABEL_FAKE_NODEIMAGE, type ImageSpec, type ImageStatus, type ImageTagSpec, type ImageTagStatus, type Node, type NodeImage,
  type ObjectReference, type ReferenceObject,
} from '@coxswain/kruise-api';

/** `--nodeimage-creation-delay` (docs/spec/image-pull.md §4.1). */
export const NODE_IMAGE_CREATION_DELAY_MS = 30_000;
/** How long the daemon has to answer a tag (docs/spec/image-pull.md §4.3: 10 minutes, whatever the comments say). */
export const RESPONSE_TIMEOUT_MS = 10 * 60_000;
const MIN_REQUEUE_MS = 3000;

export interface NodeImageLookups {
  /** The uid of the ImagePullJob `namespace/name`, undefined when there is none. */
  jobUid(namespace: string | undefined, name: string | undefined): string | undefined;
  /** Whether the Secret exists (asked only for non-batch pull Secret references). */
  secretExists(ref: ReferenceObject): boolean;
}

/** A tag this reconcile marked Failed: the Warning event `PullImageFailed` goes to each owner and the NodeImage. */
export interface FailedTag {
  fullName: string;
  message: string;
  owners: ObjectReference[];
}

export type NodeImagePlan =
  | { type: 'none'; requeueAfterMs?: number }
  | { type: 'create'; nodeImage: NodeImage }
  | { type: 'delete' }
  | { type: 'update'; nodeImage: NodeImage }
  | { type: 'status'; nodeImage: NodeImage; failed: FailedTag[]; requeueAfterMs?: number };

export interface NodeImagePlanInput {
  name: string;
  node: Node | undefined;
  nodeImage: NodeImage | undefined;
  lookups: NodeImageLookups;
  nowMs: number;
  /** Kruise's jitter on a short requeue: 0–2000 ms. */
  jitterMs: number;
}

/** A requeue wait that keeps the earliest of the waits offered. */
class Wait {
  ms: number | undefined;
  offer(ms: number): void {
    if (this.ms === undefined || ms < this.ms) this.ms = ms;
  }
}

export function planNodeImage(input: NodeImagePlanInput): NodeImagePlan {
  const { node, nodeImage, nowMs } = input;
  if (!node || node.metadata.deletionTimestamp) {
    if (!nodeImage || nodeImage.metadata.deletionTimestamp) return { type: 'none' };
    if (!Object.hasOwn(nodeImage.metadata.labels ?? {}, LABEL_FAKE_NODEIMAGE)) return { type: 'delete' };
  }
  if (!nodeImage) {
    const ready = node?.status?.conditions?.find((c) => c.type === 'Ready');
    if (ready?.status !== 'True') return { type: 'none' };
    const delay = NODE_IMAGE_CREATION_DELAY_MS - (nowMs - Date.parse(ready.lastTransitionTime ?? '')) ;
    if (delay > 0) return { type: 'none', requeueAfterMs: delay };
    return { type: 'create', nodeImage: { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage', metadata: { name: input.name }, spec: {} } };
  }
  if (nodeImage.metadata.deletionTimestamp) return { type: 'none' };
  const wait = new Wait();
  const cleaned = cleanSpec(nodeImage, node, input.lookups, nowMs, wait);
  if (cleaned) return { type: 'update', nodeImage: cleaned };
  const { status, failed } = timeOutTags(nodeImage, nowMs, wait);
  const requeueAfterMs = wait.ms !== undefined && wait.ms > 0 && wait.ms < MIN_REQUEUE_MS ? MIN_REQUEUE_MS + input.jitterMs : wait.ms;
  if (status) return { type: 'status', nodeImage: { ...nodeImage, status }, failed, ...(requeueAfterMs !== undefined ? { requeueAfterMs } : {}) };
  return { type: 'none', ...(requeueAfterMs !== undefined ? { requeueAfterMs } : {}) };
}

function statusOf(nodeImage: NodeImage, name: string, tag: string): ImageTagStatus | undefined {
  return nodeImage.status?.imageStatuses?.[name]?.tags?.find((t) => t.tag === tag);
}

const byTag = (a: { tag: string }, b: { tag: string }) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0);

/** The NodeImage with its labels and spec cleaned (docs/spec/image-pull.md §4.1, §4.2), or undefined when nothing changed. */
function cleanSpec(nodeImage: NodeImage, node: Node | undefined, lookups: NodeImageLookups, nowMs: number, wait: Wait): NodeImage | undefined {
  let modified = false;
  let labels = nodeImage.metadata.labels;
  if (node && JSON.stringify(node.metadata.labels ?? {}) !== JSON.stringify(nodeImage.metadata.labels ?? {})) {
    modified = true;
    labels = node.metadata.labels;
  }
  const images: Record<string, ImageSpec> = {};
  for (const [name, image] of Object.entries(nodeImage.spec?.images ?? {})) {
    const tags: ImageTagSpec[] = [];
    for (const tag of image.tags ?? []) {
      if (!tag.createdAt) {
        modified = true;
        continue;
      }
      const owners = tag.ownerReferences ?? [];
      const live = owners.filter((ref) => !isImagePullJobRef(ref) || lookups.jobUid(ref.namespace, ref.name) === ref.uid);
      let kept = tag;
      if (live.length !== owners.length) {
        modified = true;
        if (live.length === 0) continue;
        kept = { ...tag, ownerReferences: live };
      }
      const ttl = tag.pullPolicy?.ttlSecondsAfterFinished;
      const done = statusOf(nodeImage, name, tag.tag);
      if (typeof ttl === 'number' && done && (done.version ?? 0) === (tag.version ?? 0) && done.completionTime) {
        const left = ttl * 1000 - (nowMs - Date.parse(done.completionTime));
        if (left <= 0) {
          modified = true;
          continue;
        }
        wait.offer(left);
      }
      tags.push(kept);
    }
    const secrets = image.pullSecrets ?? [];
    const keptSecrets = secrets.filter((ref) => ref.mode === 'batch' || lookups.secretExists(ref));
    let next: ImageSpec = image;
    if (keptSecrets.length !== secrets.length) {
      modified = true;
      next = { ...next, pullSecrets: keptSecrets };
      if (keptSecrets.length === 0) delete next.pullSecrets;
    }
    if (tags.length === 0) {
      modified = true;
      continue;
    }
    images[name] = { ...next, tags: [...tags].sort(byTag) };
  }
  if (!modified) return undefined;
  const metadata = { ...nodeImage.metadata };
  if (labels === undefined) delete metadata.labels;
  else metadata.labels = labels;
  // Go's omitempty drops an empty map.
  const { images: _dropped, ...spec } = nodeImage.spec ?? {};
  return { ...nodeImage, metadata, spec: Object.keys(images).length > 0 ? { ...spec, images } : spec };
}

function isImagePullJobRef(ref: ObjectReference): boolean {
  return ref.kind === 'ImagePullJob' && (ref.apiVersion ?? '').split('/')[0] === 'apps.kruise.io';
}

/** The status with unanswered and overdue tags failed (docs/spec/image-pull.md §4.3), or undefined when no image status changed. */
function timeOutTags(nodeImage: NodeImage, nowMs: number, wait: Wait): { status?: NodeImage['status']; failed: FailedTag[] } {
  const now = new Date(nowMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const failed: FailedTag[] = [];
  const statuses: Record<string, ImageStatus> = { ...(nodeImage.status?.imageStatuses ?? {}) };
  const specTags = new Set<string>();
  let changed = false;
  for (const [name, image] of Object.entries(nodeImage.spec?.images ?? {})) {
    const tags = [...(statuses[name]?.tags ?? [])];
    for (const tag of image.tags ?? []) {
      specTags.add(`${name}:${tag.tag}`);
      if (!tag.createdAt) continue;
      const created = Date.parse(tag.createdAt);
      const version = tag.version ?? 0;
      let at = tags.findIndex((t) => t.tag === tag.tag);
      let message: string | undefined;
      if (at < 0 || (tags[at]!.version ?? 0) !== version) {
        const left = RESPONSE_TIMEOUT_MS - (nowMs - created);
        if (left > 0) {
          wait.offer(left);
          continue;
        }
        message = 'node has not responded for a long time';
        const failedStatus: ImageTagStatus = { ...(at >= 0 ? tags[at] : {}), tag: tag.tag, phase: 'Failed', completionTime: now, version, message };
        if (at < 0) at = tags.push(failedStatus) - 1;
        else tags[at] = failedStatus;
      }
      const deadline = tag.pullPolicy?.activeDeadlineSeconds;
      if (!tags[at]!.completionTime && typeof deadline === 'number') {
        const left = deadline * 1000 + RESPONSE_TIMEOUT_MS - (nowMs - created);
        if (left > 0) {
          wait.offer(left);
          continue;
        }
        message = 'pulling exceeds the activeDeadlineSeconds';
        tags[at] = { ...tags[at]!, phase: 'Failed', completionTime: now, version, message };
      }
      if (message !== undefined) {
        changed = true;
        failed.push({ fullName: `${name}:${tag.tag}`, message, owners: tag.ownerReferences ?? [] });
      }
    }
    if (tags.length > 0) statuses[name] = { tags: tags.sort(byTag) };
  }
  if (!changed) return { failed };
  const counts = { succeeded: 0, failed: 0, pulling: 0 };
  const kept: Record<string, ImageStatus> = {};
  for (const [name, status] of Object.entries(statuses)) {
    if (!nodeImage.spec?.images?.[name]) continue;
    const tags = status.tags.filter((t) => specTags.has(`${name}:${t.tag}`));
    for (const t of tags) {
      if (t.phase === 'Succeeded') counts.succeeded++;
      else if (t.phase === 'Failed') counts.failed++;
      else if (t.phase === 'Pulling') counts.pulling++;
    }
    kept[name] = { tags };
  }
  return {
    status: { ...nodeImage.status, desired: specTags.size, ...counts, imageStatuses: kept },
    failed,
  };
}
