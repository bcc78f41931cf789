// Schemas of ImagePullJob, NodeImage and ContainerRecreateRequest (docs/spec/image-pull.md §1.2–§1.4),
// in the style of kruise-schemas.ts: each struct of Kruise's own declares every field of its OpenKruise
// v1.9 Go type (closed), so anything else is an unknown field, pruned or refused as the apiserver's
// structural schema would; the core types inside (object references, container ports, lifecycle
// actions) are closed against their upstream types (core-schemas.ts). Nothing is `required` here: the
// CRDs' required fields are filled in by Kruise's mutating webhooks (completionPolicy) or checked by
// the kinds' validation, in Kruise's words.
import { containerPort, execAction, httpGetAction, objectMeta, objectReference, tcpSocketAction } from './core-schemas.js';
import type {
  CompletionPolicy, ContainerRecreateRequest, ContainerRecreateRequestContainer, ContainerRecreateRequestContainerContext,
  ContainerRecreateRequestContainerRecreateState, ContainerRecreateRequestSpec, ContainerRecreateRequestStatus, ContainerRecreateRequestStrategy,
  ImagePullJob, ImagePullJobNodeSelector, ImagePullJobPullPolicy, ImagePullJobSpec, ImagePullJobStatus, ImageSpec, ImageStatus, ImageTagPullPolicy,
  ImageTagSpec, ImageTagStatus, NodeImage, NodeImageSpec, NodeImageStatus, ProbeHandler, ReferenceObject, SandboxConfig, SyncStatus,
} from './image-pull.js';
import type { LabelSelector, LabelSelectorRequirement } from './meta.js';
import { boolean, closedObject, int32, int64, intOrString, listOf, mapOf, object, string, stringList, stringMap, time, type Schema } from './object-schema.js';

const typeMeta = { apiVersion: string, kind: string, metadata: objectMeta };

const labelSelectorFields = {
  matchLabels: stringMap,
  matchExpressions: listOf(object<LabelSelectorRequirement>('V1LabelSelectorRequirement', { key: string, operator: string, values: stringList })),
};

const sandboxConfig = closedObject<SandboxConfig>({ labels: stringMap, annotations: stringMap });

// --- ImagePullJob -------------------------------------------------------------------------------

const imagePullJobSpec = closedObject<ImagePullJobSpec>({
  image: string,
  pullSecrets: stringList,
  // Go inlines metav1.LabelSelector into these two Kruise structs, so they are closed too.
  selector: closedObject<ImagePullJobNodeSelector>({ names: stringList, ...labelSelectorFields }),
  podSelector: closedObject<LabelSelector>(labelSelectorFields),
  parallelism: intOrString,
  pullPolicy: closedObject<ImagePullJobPullPolicy>({ timeoutSeconds: int32, backoffLimit: int32 }),
  completionPolicy: closedObject<CompletionPolicy>({ type: string, activeDeadlineSeconds: int64, ttlSecondsAfterFinished: int32 }),
  sandboxConfig,
  imagePullPolicy: string,
});

const imagePullJobStatus = closedObject<ImagePullJobStatus>({
  startTime: time,
  completionTime: time,
  desired: int32,
  active: int32,
  succeeded: int32,
  failed: int32,
  message: string,
  failedNodes: stringList,
});

/** Both served versions have this shape. */
export const imagePullJob = closedObject<ImagePullJob>({ ...typeMeta, spec: imagePullJobSpec, status: imagePullJobStatus });

// --- NodeImage ----------------------------------------------------------------------------------

const imageTagSpec = closedObject<ImageTagSpec>({
  tag: string,
  createdAt: time,
  pullPolicy: closedObject<ImageTagPullPolicy>({ timeoutSeconds: int32, backoffLimit: int32, ttlSecondsAfterFinished: int32, activeDeadlineSeconds: int64 }),
  ownerReferences: listOf(objectReference),
  version: int64,
  imagePullPolicy: string,
});

function nodeImageSpec(reference: Schema): Schema {
  return closedObject<NodeImageSpec>({
    images: mapOf(closedObject<ImageSpec>({ pullSecrets: listOf(reference), tags: listOf(imageTagSpec), sandboxConfig })),
  });
}

const nodeImageStatus = closedObject<NodeImageStatus>({
  desired: int32,
  succeeded: int32,
  failed: int32,
  pulling: int32,
  waiting: int32,
  imageStatuses: mapOf(closedObject<ImageStatus>({
    tags: listOf(closedObject<ImageTagStatus>({
      tag: string, phase: string, progress: int32, startTime: time, completionTime: time, version: int64, imageID: string, message: string,
    })),
  })),
  firstSyncStatus: closedObject<SyncStatus>({ syncAt: time, status: string, message: string }),
});

export const nodeImage = closedObject<NodeImage>({
  ...typeMeta,
  spec: nodeImageSpec(closedObject<ReferenceObject>({ namespace: string, name: string, mode: string })),
  status: nodeImageStatus,
});

/** v1alpha1's ReferenceObject has no `mode`. */
export const nodeImageV1alpha1 = closedObject<NodeImage>({
  ...typeMeta,
  spec: nodeImageSpec(closedObject<Omit<ReferenceObject, 'mode'>>({ namespace: string, name: string })),
  status: nodeImageStatus,
});

// --- ContainerRecreateRequest -------------------------------------------------------------------

const containerRecreateRequestSpec = closedObject<ContainerRecreateRequestSpec>({
  podName: string,
  containers: listOf(closedObject<ContainerRecreateRequestContainer>({
    name: string,
    preStop: closedObject<ProbeHandler>({ exec: execAction, httpGet: httpGetAction, tcpSocket: tcpSocketAction }),
    ports: listOf(containerPort),
    statusContext: closedObject<ContainerRecreateRequestContainerContext>({ containerID: string, restartCount: int32 }),
  })),
  strategy: closedObject<ContainerRecreateRequestStrategy>({
    failurePolicy: string,
    orderedRecreate: boolean,
    forceRecreate: boolean,
    terminationGracePeriodSeconds: int64,
    unreadyGracePeriodSeconds: int64,
    minStartedSeconds: int32,
  }),
  activeDeadlineSeconds: int64,
  ttlSecondsAfterFinished: int32,
});

const containerRecreateRequestStatus = closedObject<ContainerRecreateRequestStatus>({
  phase: string,
  completionTime: time,
  message: string,
  containerRecreateStates: listOf(closedObject<ContainerRecreateRequestContainerRecreateState>({
    name: string, phase: string, message: string, isKilled: boolean,
  })),
});

export const containerRecreateRequest = closedObject<ContainerRecreateRequest>({
  ...typeMeta,
  spec: containerRecreateRequestSpec,
  status: containerRecreateRequestStatus,
});
