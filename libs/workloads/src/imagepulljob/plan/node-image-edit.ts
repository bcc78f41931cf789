// Giving a job's image to one node (docs/spec/image-pull.md §3.5): the NodeImage with the job's tag
// added, or the job joined to a tag others own (a new version, a new round of pulling), or only its
// missing Secret copies listed; and the pull policy the tag gets (deadline and TTL by completion
// policy). Pure: `now` and `random` (Kruise's rand.Int31n) come in.
import type { ImagePullJob, ImageSpec, ImageTagPullPolicy, ImageTagSpec, NodeImage, ReferenceObject } from '@coxswain/kruise-api';
import { containsSecret, jobOwnerRef, sameOwner, type ImageKey } from './image-key.js';

/** kruise-manager's `--default-ttlseconds-for-always-nodeimage` (docs/spec/image-pull.md §0). */
export const DEFAULT_TTL_SECONDS_FOR_ALWAYS_NODEIMAGE = 300;
const DEFAULT_TTL_SECONDS_FOR_NEVER = 24 * 3600;
const DEFAULT_ACTIVE_DEADLINE_SECONDS_FOR_NEVER = 1800;

/** `random(n)`: an integer in [0, n). */
export type RandomInt = (n: number) => number;

export function tagPullPolicy(job: ImagePullJob, random: RandomInt): ImageTagPullPolicy {
  const pull = job.spec.pullPolicy;
  const policy: ImageTagPullPolicy = {
    ...(pull?.timeoutSeconds !== undefined ? { timeoutSeconds: pull.timeoutSeconds } : {}),
    ...(pull?.backoffLimit !== undefined ? { backoffLimit: pull.backoffLimit } : {}),
  };
  const completion = job.spec.completionPolicy;
  if (completion?.type === 'Never') {
    policy.ttlSecondsAfterFinished = DEFAULT_TTL_SECONDS_FOR_NEVER + random(1200) - 600;
    const timeout = pull?.timeoutSeconds;
    policy.activeDeadlineSeconds = timeout !== undefined && timeout > DEFAULT_ACTIVE_DEADLINE_SECONDS_FOR_NEVER ? timeout : DEFAULT_ACTIVE_DEADLINE_SECONDS_FOR_NEVER;
    return policy;
  }
  const base = completion?.ttlSecondsAfterFinished ?? completion?.activeDeadlineSeconds ?? (pull?.timeoutSeconds ?? 600) * (pull?.backoffLimit ?? 3);
  policy.ttlSecondsAfterFinished = base + DEFAULT_TTL_SECONDS_FOR_ALWAYS_NODEIMAGE + random(300);
  if (completion?.activeDeadlineSeconds !== undefined) policy.activeDeadlineSeconds = completion.activeDeadlineSeconds;
  return policy;
}

/** The NodeImage with the job's image given to it, or undefined when nothing needs writing. */
export function withJobImage(
  nodeImage: NodeImage, job: ImagePullJob, key: ImageKey, secrets: readonly ReferenceObject[], now: string, random: RandomInt,
): NodeImage | undefined {
  const owner = jobOwnerRef(job);
  const current: ImageSpec | undefined = nodeImage.spec?.images?.[key.name];
  const tags: ImageTagSpec[] = [...(current?.tags ?? [])];
  const pullSecrets: ReferenceObject[] = [...(current?.pullSecrets ?? [])];
  const missingSecrets = secrets.filter((secret) => !containsSecret(pullSecrets, secret));
  const at = tags.findIndex((t) => t.tag === key.tag);
  const existing = at >= 0 ? tags[at]! : undefined;
  if (existing && (existing.ownerReferences ?? []).some((ref) => sameOwner(ref, owner))) {
    if (missingSecrets.length === 0) return undefined;
  } else if (existing) {
    tags[at] = {
      ...existing,
      version: (existing.version ?? 0) + 1,
      ownerReferences: [...(existing.ownerReferences ?? []), owner],
      createdAt: now,
      ...(job.spec.imagePullPolicy !== undefined ? { imagePullPolicy: job.spec.imagePullPolicy } : {}),
    };
  } else {
    const statusVersion = nodeImage.status?.imageStatuses?.[key.name]?.tags?.find((t) => t.tag === key.tag)?.version ?? -1;
    tags.push({
      tag: key.tag,
      version: statusVersion + 1,
      pullPolicy: tagPullPolicy(job, random),
      ownerReferences: [owner],
      createdAt: now,
      ...(job.spec.imagePullPolicy !== undefined ? { imagePullPolicy: job.spec.imagePullPolicy } : {}),
    });
  }
  pullSecrets.push(...missingSecrets);
  tags.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const image: ImageSpec = {
    ...(pullSecrets.length > 0 ? { pullSecrets } : {}),
    tags,
    ...(job.spec.sandboxConfig !== undefined ? { sandboxConfig: job.spec.sandboxConfig } : {}),
  };
  return { ...nodeImage, spec: { ...nodeImage.spec, images: { ...(nodeImage.spec?.images ?? {}), [key.name]: image } } };
}

/** Kruise's IntValue of `parallelism`: an integer, a string parsed as a decimal (0 when it does not parse), 1 when absent. */
export function parallelismLimit(job: ImagePullJob): number {
  const value = job.spec.parallelism;
  if (value === undefined || value === null) return 1;
  if (typeof value === 'number') return Math.trunc(value);
  return /^[+-]?\d+$/.test(value) ? Number.parseInt(value, 10) : 0;
}
