// The slices of core/v1 Pod and Node that the simulator reads and writes. Kept structural (same field names
// and shapes as Kubernetes) so objects typed by @coxswain/kruise-api's core types are accepted as they are.
import type { KindRef } from '../../port.js';
import type { KubeObject } from '@coxswain/kruise-api';

export const POD: KindRef = { apiVersion: 'v1', kind: 'Pod' };
export const NODE: KindRef = { apiVersion: 'v1', kind: 'Node' };

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export type NodeSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';

export interface NodeSelectorRequirement {
  key: string;
  operator: NodeSelectorOperator;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

export interface NodeSelector {
  nodeSelectorTerms: NodeSelectorTerm[];
}

export interface Affinity {
  nodeAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  };
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal';
  value?: string;
  effect?: TaintEffect | '';
  tolerationSeconds?: number;
}

export interface Container {
  name: string;
  image?: string;
}

export interface PodReadinessGate {
  conditionType: string;
}

export interface PodSpec {
  containers: Container[];
  nodeName?: string;
  schedulerName?: string;
  nodeSelector?: Record<string, string>;
  affinity?: Affinity;
  tolerations?: Toleration[];
  readinessGates?: PodReadinessGate[];
  terminationGracePeriodSeconds?: number;
}

export interface PodCondition {
  type: string;
  status: ConditionStatus;
  lastProbeTime?: string | null;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface ContainerStateTerminated {
  exitCode: number;
  reason?: string;
  message?: string;
  startedAt?: string;
  finishedAt?: string;
  containerID?: string;
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: ContainerStateTerminated;
}

export interface ContainerStatus {
  name: string;
  image: string;
  imageID: string;
  containerID?: string;
  ready: boolean;
  started?: boolean;
  restartCount: number;
  state?: ContainerState;
  lastState?: ContainerState;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export interface PodStatus {
  phase?: PodPhase;
  conditions?: PodCondition[];
  hostIP?: string;
  hostIPs?: { ip: string }[];
  podIP?: string;
  podIPs?: { ip: string }[];
  startTime?: string;
  containerStatuses?: ContainerStatus[];
}

export interface Pod extends KubeObject {
  spec?: PodSpec;
  status?: PodStatus;
}

export interface NodeCondition {
  type: string;
  status: ConditionStatus;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

export interface NodeSpec {
  podCIDR?: string;
  podCIDRs?: string[];
  providerID?: string;
  unschedulable?: boolean;
  taints?: Taint[];
}

export interface NodeStatus {
  capacity?: Record<string, string>;
  allocatable?: Record<string, string>;
  conditions?: NodeCondition[];
  addresses?: { type: string; address: string }[];
  nodeInfo?: Record<string, string>;
}

export interface Node extends KubeObject {
  spec?: NodeSpec;
  status?: NodeStatus;
}
