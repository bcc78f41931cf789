// GraphQL shapes of the cluster topology: zones, their nodes and the pods of each workload on them.
import { Field, Int, ObjectType } from '@nestjs/graphql';
import type { ClusterTopology, TopologyNode, TopologyWorkloadPods, TopologyZone } from '../../topology/topology.service.js';
import { WorkloadKind } from '../workloads/workload.types.js';

@ObjectType('TopologyWorkloadPods', { description: 'Pods of one workload (and subset) in one place.' })
export class TopologyWorkloadPodsModel implements TopologyWorkloadPods {
  @Field(() => WorkloadKind, { nullable: true, description: 'The contract kind when the workload has a page here; null otherwise.' }) workloadKind!: WorkloadKind | null;
  @Field({ description: "The Kubernetes kind of the pods' top owner: CloneSet, StatefulSet, UnitedDeployment, Deployment, ReplicaSet, or Pod for bare pods." }) kind!: string;
  @Field() namespace!: string;
  @Field({ description: "The top owner's name (a UnitedDeployment's pods count under the UnitedDeployment, not its subset workload)." }) name!: string;
  @Field(() => String, { nullable: true, description: 'For UnitedDeployment pods: the subset.' }) subset!: string | null;
  @Field(() => Int) pods!: number;
  @Field(() => Int) readyPods!: number;
}

@ObjectType('TopologyNode')
export class TopologyNodeModel implements TopologyNode {
  @Field() name!: string;
  @Field(() => String, { nullable: true }) zone!: string | null;
  @Field({ description: "The node's Ready condition is True." }) ready!: boolean;
  @Field({ description: 'spec.unschedulable (cordoned).' }) unschedulable!: boolean;
  @Field(() => [String], { description: 'Taints as key=value:effect.' }) taints!: string[];
  @Field(() => [String], { description: "The node's labels as key=value." }) labels!: string[];
  @Field(() => Int) pods!: number;
  @Field(() => Int) readyPods!: number;
  @Field(() => [TopologyWorkloadPodsModel], { description: 'Pods on the node by workload, largest first.' }) workloads!: TopologyWorkloadPodsModel[];
}

@ObjectType('TopologyZone')
export class TopologyZoneModel implements TopologyZone {
  @Field() name!: string;
  @Field(() => [TopologyNodeModel]) nodes!: TopologyNodeModel[];
  @Field(() => Int) pods!: number;
  @Field(() => Int) readyPods!: number;
}

@ObjectType('ClusterTopology')
export class ClusterTopologyModel implements ClusterTopology {
  @Field(() => [TopologyZoneModel], { description: 'Zones by name (topology.kubernetes.io/zone); nodes without the label are under zone "".' }) zones!: TopologyZoneModel[];
  @Field(() => [TopologyWorkloadPodsModel], { description: 'Pods not bound to any node yet (Pending), grouped by workload.' }) unscheduled!: TopologyWorkloadPodsModel[];
}
