// The rollout mutations bound to one workload. Changes that take expectedGeneration send the
// generation the operator was looking at, so a change made meanwhile by someone else is a CONFLICT
// instead of being silently overridden.
import type { GraphQLHttp } from '../../lib/api/graphql-client';
import {
  AckHookDocument,
  ContainerRestartsDocument,
  DeletePodsDocument,
  PauseRolloutDocument,
  RestartContainersDocument,
  PreviewRolloutDocument,
  ResumeRolloutDocument,
  RollbackWorkloadDocument,
  ScaleWorkloadDocument,
  SetImageDocument,
  SetPartitionDocument,
} from '../../lib/api/generated';
import type { HookPoint, WorkloadKind } from '../../lib/api/types';

export interface Address {
  kind: WorkloadKind;
  namespace: string;
  name: string;
}

export function mutationsFor(http: GraphQLHttp, at: Address) {
  return {
    setPartition: (partition: number | string, expectedGeneration: number) => http.request(SetPartitionDocument, { ...at, partition, expectedGeneration }),
    /** One UnitedDeployment subset's partition (manualUpdate.partitions[subset]); the other subsets keep theirs. */
    setSubsetPartition: (subset: string, partition: number, expectedGeneration: number) =>
      http.request(SetPartitionDocument, { ...at, partition, subset, expectedGeneration }),
    setImage: (container: string, image: string, expectedGeneration: number) => http.request(SetImageDocument, { ...at, container, image, expectedGeneration }),
    scaleWorkload: (replicas: number, expectedGeneration: number) => http.request(ScaleWorkloadDocument, { ...at, replicas, expectedGeneration }),
    pauseRollout: () => http.request(PauseRolloutDocument, { ...at }),
    resumeRollout: () => http.request(ResumeRolloutDocument, { ...at }),
    deletePods: (pods: string[], scaleDown: boolean) => http.request(DeletePodsDocument, { ...at, pods, scaleDown }),
    rollbackWorkload: (revision: string) => http.request(RollbackWorkloadDocument, { ...at, revision }),
    /** What one change would do, simulated by the API on a fork (docs/preview.md); writes nothing. */
    preview: (change: { container?: string; image?: string; partition?: number | string; replicas?: number; paused?: boolean }) =>
      http.request(PreviewRolloutDocument, { ...at, ...change }).then((r) => r.previewRollout),
    ackHook: (pod: string, hook: HookPoint, idempotencyKey: string, reason: string) => ackHook(http, at.namespace, pod, hook, idempotencyKey, reason),
    /** Restarts containers of one of the workload's pods in place (a ContainerRecreateRequest). */
    restartContainers: (pod: string, containers: string[], orderedRecreate: boolean) =>
      http.request(RestartContainersDocument, { namespace: at.namespace, pod, containers, orderedRecreate }),
    /** The pod's restarts with their progress (read while a restart runs). */
    containerRestarts: (pod: string) => http.request(ContainerRestartsDocument, { namespace: at.namespace, pod }),
  };
}

/** Acknowledges a pod's hook; the same idempotencyKey on a retry replays the first answer. */
export function ackHook(http: GraphQLHttp, namespace: string, pod: string, hook: HookPoint, idempotencyKey: string, reason: string) {
  return http.request(AckHookDocument, { namespace, pod, hook, idempotencyKey, reason });
}

export type Mutations = ReturnType<typeof mutationsFor>;
