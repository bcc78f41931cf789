// Image pre-download for in-place updates, shared by CloneSet and Advanced StatefulSet
// (docs/spec/image-pull.md §6): during a rollout, once enough updated pods are ready, one ImagePullJob per
// container whose image changed pulls the new image on the nodes of the pods still on old revisions;
// the update revision is labelled so the decision is made once; when the rollout ends (current = update)
// the workload's jobs are deleted. Pure: the workload's numbers come in as the kind reads them.
import {
  ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS, ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM, ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS,
  LABEL_CONTROLLER_REVISION_HASH, LABEL_IMAGE_PREDOWNLOAD_CREATED, LABEL_IMAGE_PREDOWNLOAD_IGNORED,
  type ControllerRevision, type ImagePullJob, type KubeObject, type LabelSelector, type PodTemplateSpec,
} from '@coxswain/kruise-api';
import { revisionTemplate } from '../revision/cloneset-revision.js';

/** At or below this many replicas no pre-download is worth it (Kruise's minimumReplicasToPreDownloadImage). */
export const MINIMUM_REPLICAS_TO_PREDOWNLOAD = 3;
/** The label ControllerRevisions carry their hash in (Kubernetes' ControllerRevisionHashLabel). */
const REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';

export interface PreDownloadWorkload {
  /** The workload as its owner reference names it (apiVersion Kruise writes: CloneSet v1alpha1, ASTS v1beta1). */
  owner: { apiVersion: string; kind: string; name: string; uid: string };
  metadata: KubeObject['metadata'];
  replicas: number;
  selector: LabelSelector;
  template: PodTemplateSpec;
  /** `status.updatedReadyReplicas` and `status.updateRevision` as stored. */
  updatedReadyReplicas: number;
  statusUpdateRevision: string | undefined;
  /** Why the kind never pre-downloads this revision (ReCreate, OnDelete, …), or undefined. */
  notInPlaceStrategy: boolean;
  /** Pods kept at the current revision and the update batch, as the kind reads them for pre-download. */
  partition: number;
  maxUnavailable: number;
  /** Whether the change from current to update revision can be made in place. */
  canUpdateInPlace: boolean;
}

export type PreDownloadPlan =
  | { type: 'none' }
  /** Not enough updated pods are ready yet. */
  | { type: 'wait'; minUpdatedReadyPods: number; updatedReadyReplicas: number }
  | { type: 'ignore'; revision: string }
  | { type: 'create'; revision: string; jobs: ImagePullJob[] }
  | { type: 'delete'; jobs: ImagePullJob[] };

export interface PreDownloadInput {
  workload: PreDownloadWorkload;
  currentRevision: ControllerRevision;
  updateRevision: ControllerRevision;
  /** The ImagePullJobs of the workload's namespace. */
  jobs: readonly ImagePullJob[];
}

export function planPreDownload({ workload, currentRevision, updateRevision, jobs }: PreDownloadInput): PreDownloadPlan {
  const updateName = updateRevision.metadata.name ?? '';
  if (currentRevision.metadata.name === updateName) {
    const owned = jobs.filter((job) => (job.metadata.ownerReferences ?? []).some((ref) => ref.controller === true && ref.uid === workload.owner.uid));
    return owned.length > 0 ? { type: 'delete', jobs: owned } : { type: 'none' };
  }
  const minUpdatedReadyPods = scaledValueRoundUp(workload.metadata.annotations?.[ANNOTATION_IMAGE_PREDOWNLOAD_MIN_UPDATED_READY_PODS], workload.replicas);
  const updatedReady = workload.statusUpdateRevision === updateName ? workload.updatedReadyReplicas : 0;
  if (minUpdatedReadyPods > updatedReady) return { type: 'wait', minUpdatedReadyPods, updatedReadyReplicas: updatedReady };
  const labels = updateRevision.metadata.labels ?? {};
  if (Object.hasOwn(labels, LABEL_IMAGE_PREDOWNLOAD_CREATED) || Object.hasOwn(labels, LABEL_IMAGE_PREDOWNLOAD_IGNORED)) return { type: 'none' };
  if (
    workload.notInPlaceStrategy
    || workload.replicas <= MINIMUM_REPLICAS_TO_PREDOWNLOAD
    || (workload.partition === 0 && workload.maxUnavailable >= workload.replicas)
    || !workload.canUpdateInPlace
  ) return { type: 'ignore', revision: updateName };
  return { type: 'create', revision: updateName, jobs: jobsFor(workload, currentRevision, updateRevision) };
}

/**
 * apimachinery's intstr.Parse then GetScaledValueFromIntOrPercent, rounding up: `"3"` is 3, `"50%"` is
 * half the replicas; anything else (or no annotation) is 0.
 */
export function scaledValueRoundUp(text: string | undefined, total: number): number {
  if (text === undefined) return 0;
  if (/^[+-]?\d+$/.test(text)) return Number.parseInt(text, 10);
  const percent = /^([+-]?\d+)%$/.exec(text);
  return percent ? Math.ceil((Number.parseInt(percent[1]!, 10) * total) / 100) : 0;
}

/**
 * apimachinery's GetValueFromIntOrPercent rounding down, as pre-download reads maxUnavailable: an integer
 * is itself, `"<n>%"` that share of the total; any other string is an error Kruise ignores, so 0 (an
 * Advanced StatefulSet's default `"1"` among them, docs/spec/image-pull.md §6.2).
 */
export function intOrPercentRoundDown(value: number | string, total: number): number {
  if (typeof value === 'number') return Math.trunc(value);
  const percent = /^([+-]?\d+)%$/.exec(value);
  return percent ? Math.floor((Number.parseInt(percent[1]!, 10) * total) / 100) : 0;
}

/** The containers whose image differs between the revisions (a container new in the update counts). */
export function changedImages(current: ControllerRevision, update: ControllerRevision): Map<string, string> {
  const changed = new Map<string, string>();
  let before: PodTemplateSpec;
  let after: PodTemplateSpec;
  try {
    before = revisionTemplate(current);
    after = revisionTemplate(update);
  } catch {
    return changed; // a revision without a template: nothing to compare (Kruise returns nil)
  }
  for (const container of after.spec?.containers ?? []) {
    const old = (before.spec?.containers ?? []).find((c) => c.name === container.name);
    if (!old || old.image !== container.image) changed.set(container.name, container.image ?? '');
  }
  return changed;
}

function jobsFor(workload: PreDownloadWorkload, current: ControllerRevision, update: ControllerRevision): ImagePullJob[] {
  const annotations = workload.metadata.annotations ?? {};
  const hash = update.metadata.labels?.[REVISION_HASH_LABEL] ?? '';
  const timeout = annotations[ANNOTATION_IMAGE_PREDOWNLOAD_TIMEOUT_SECONDS];
  const parallelismText = annotations[ANNOTATION_IMAGE_PREDOWNLOAD_PARALLELISM];
  // strconv.ParseInt(s, 10, 32) and strconv.Atoi: an unreadable value leaves the default.
  const timeoutSeconds = timeout !== undefined && /^[+-]?\d+$/.test(timeout) && Math.abs(Number(timeout)) <= 2 ** 31 - 1 ? Number(timeout) : 300;
  const parallelism = parallelismText !== undefined && /^[+-]?\d+$/.test(parallelismText) ? Number.parseInt(parallelismText, 10) : 1;
  const labels = { ...(workload.template.metadata?.labels ?? {}), [REVISION_HASH_LABEL]: hash };
  const podSelector: LabelSelector = {
    ...workload.selector,
    matchExpressions: [
      ...(workload.selector.matchExpressions ?? []),
      { key: LABEL_CONTROLLER_REVISION_HASH, operator: 'NotIn', values: [update.metadata.name ?? '', hash] },
    ],
  };
  const templateAnnotations = { ...(workload.template.metadata?.annotations ?? {}) };
  const pullSecrets = (workload.template.spec?.imagePullSecrets ?? []).map((s) => s.name ?? '');
  return [...changedImages(current, update)].map(([container, image]) => ({
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'ImagePullJob',
    metadata: {
      namespace: workload.metadata.namespace,
      name: `${update.metadata.name}-${container}`,
      ownerReferences: [{ ...workload.owner, controller: true, blockOwnerDeletion: true }],
      labels,
    },
    spec: {
      image,
      ...(pullSecrets.length > 0 ? { pullSecrets } : {}),
      podSelector,
      parallelism,
      pullPolicy: { backoffLimit: 1, timeoutSeconds },
      completionPolicy: { type: 'Always', ttlSecondsAfterFinished: 600 },
      sandboxConfig: { ...(Object.keys(templateAnnotations).length > 0 ? { annotations: templateAnnotations } : {}), labels },
    },
  }));
}
