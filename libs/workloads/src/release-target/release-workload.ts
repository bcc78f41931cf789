// The shapes of what a release reads of its workload (docs/spec/kruise-rollout.md §2.1, §3.5, §3.7), apart
// from the code that reads them (workload.ts, deployment.ts, partition-deployment.ts), which all use them;
// and a Deployment's basics, read alike in both release styles.
import type { KindRef } from '@coxswain/cluster';
import type { AdvancedDeploymentStrategy, Deployment, IntOrString, KubeObject, Pod, PodTemplateSpec } from '@coxswain/kruise-api';

export type ReleaseKind = 'CloneSet' | 'StatefulSet' | 'Deployment';

export interface ReleaseTarget {
  kind: ReleaseKind;
  /** The storage version Coxswain reads and patches. */
  ref: KindRef;
  /** The label value rollouts.kruise.io/workload-type (docs/spec/kruise-rollout.md §1.7). */
  workloadType: 'cloneset' | 'statefulset' | 'deployment';
}


/** What the BatchRelease and the Rollout read of the workload. */
export interface ReleaseWorkload {
  target: ReleaseTarget;
  object: KubeObject;
  /** spec.replicas (default 1). */
  replicas: number;
  generation: number;
  observedGeneration: number;
  statusReplicas: number;
  updatedReplicas: number;
  updatedReadyReplicas: number;
  /** Full revision names (status.currentRevision / status.updateRevision). */
  currentRevision: string;
  updateRevision: string;
  /** The partition as the spec has it (CloneSet, StatefulSet: rollingUpdate.partition; a partition-style Deployment: its strategy annotation's). */
  partition: IntOrString | undefined;
  /** The annotation batchrelease.rollouts.kruise.io/control-info. */
  controlInfo: string | undefined;
  inProgressing: boolean;
  /** The live pods the workload controls (a canary-style Deployment: the canary Deployment's). */
  pods: Pod[];
  /** A Deployment released in canary style (docs/spec/kruise-rollout.md §3.7). */
  deployment?: DeploymentRelease;
  /** A Deployment released in partition style (docs/spec/kruise-rollout.md §3.6). */
  partitionDeployment?: PartitionDeploymentRelease;
}

/** What a release reads of a Deployment the same way in either style: its object, replicas and generations. */
export function deploymentBasics(target: ReleaseTarget, d: Deployment): Pick<ReleaseWorkload, 'target' | 'object' | 'replicas' | 'generation' | 'observedGeneration' | 'statusReplicas'> {
  return {
    target,
    object: d,
    replicas: d.spec.replicas ?? 1,
    generation: d.metadata.generation ?? 0,
    observedGeneration: d.status?.observedGeneration ?? 0,
    statusReplicas: d.status?.replicas ?? 0,
  };
}

/** What only a partition-style Deployment has (docs/spec/kruise-rollout.md §2.1, §3.6). */
export interface PartitionDeploymentRelease {
  /** The annotation rollouts.kruise.io/deployment-strategy ({} when absent). */
  strategy: AdvancedDeploymentStrategy;
  /** While in progressing: the pod-template-hash of the newest active ReplicaSet of the Deployment's template; else ''. */
  podTemplateHash: string;
  /** The template of the ReplicaSet the stable-revision label names, pod-template-hash label removed (an aborted analysis writes it back). */
  stableTemplate: PodTemplateSpec | undefined;
  stableTemplateEqual: boolean;
}

/** A canary Deployment's facts (docs/spec/kruise-rollout.md §3.7). */
export interface CanaryDeployment {
  object: Deployment;
  /** spec.replicas (default 1). */
  replicas: number;
  statusReplicas: number;
  availableReplicas: number;
  /** The pod-template-hash of its ReplicaSet of its current template; '' before there is one. */
  podTemplateHash: string;
}

/** What only a canary-style Deployment has. */
export interface DeploymentRelease {
  /** The stable Deployment's own status.updatedReplicas (the workload event, docs/spec/kruise-rollout.md §3.3). */
  stableUpdatedReplicas: number;
  stableAvailableReplicas: number;
  /** Its resolved maxUnavailable (WaitResume's check at Finalize). */
  maxUnavailable: number;
  /** An active ReplicaSet exists (else the Rollout finds the workload inconsistent, as Go's finder). */
  stableFound: boolean;
  /** The stable ReplicaSet's template, pod-template-hash label removed (a rollback writes it back). */
  stableTemplate: PodTemplateSpec | undefined;
  /** The stable ReplicaSet's template is the Deployment's: a rollback (docs/spec/kruise-rollout.md §2.1). */
  stableTemplateEqual: boolean;
  /** The canary Deployment: the newest live one labelled for this Deployment (and owned by the release, when one is named). */
  canary: CanaryDeployment | undefined;
  /** Every canary Deployment of this Deployment (Finalize removes their finalizer). */
  canaries: Deployment[];
}

