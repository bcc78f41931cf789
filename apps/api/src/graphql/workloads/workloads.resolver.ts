// GraphQL for workloads (docs/spec/api-contract.md): queries, the rollout mutations and the change streams.
// Thin: arguments in, WorkloadsService use case, view out.
import { Args, Int, Mutation, Query, Resolver, Subscription } from '@nestjs/graphql';
import type { WorkloadView } from '../../workloads/views.js';
import { kindOfDescriptor, WorkloadKind } from '../../workloads/workload-kind.js';
import { WorkloadsService, workloadListKey, type PodChange } from '../../workloads/workloads.service.js';
import { paginate } from '../connection.js';
import { IntOrPercentScalar, type IntOrPercent } from '../scalars/int-or-percent.scalar.js';
import { WORKLOAD_KINDS } from '@coxswain/workloads';
import { PodEventModel, WorkloadArgs, WorkloadConnection, WorkloadKindInfoModel, WorkloadModel } from './workload.types.js';

const kindArg = () => WorkloadKind;

@Resolver()
export class WorkloadsResolver {
  constructor(private readonly service: WorkloadsService) {}

  @Query(() => WorkloadConnection, { description: 'Workloads sorted by namespace and name.' })
  async workloads(
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('kind', { type: kindArg, nullable: true }) kind: WorkloadKind | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 100 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ) {
    return paginate(this.service.workloads(namespace ?? undefined, kind ?? undefined), workloadListKey, first, after);
  }

  @Query(() => [WorkloadKindInfoModel], { description: 'The workload kinds with a controller here, in the contract order.' })
  workloadKinds() {
    return WORKLOAD_KINDS.map((k) => ({ kind: kindOfDescriptor(k), clusterKind: k.clusterKind, apiVersions: [...k.servedVersions], columns: [...k.printerColumns] }));
  }

  @Query(() => WorkloadModel, { nullable: true })
  async workload(@Args() address: WorkloadArgs) {
    return this.service.workload(address);
  }

  @Mutation(() => WorkloadModel, { description: 'Sets the image of one container of the pod template: a new revision to roll out.' })
  async setImage(
    @Args() address: WorkloadArgs,
    @Args('container') container: string,
    @Args('image') image: string,
    @Args('expectedGeneration', { type: () => Int, nullable: true }) expectedGeneration: number | null,
  ) {
    return this.service.setImage(address, container, image, expectedGeneration);
  }

  @Mutation(() => WorkloadModel, {
    description: 'Sets the partition: pods (or a percentage) kept at the current revision; for a UnitedDeployment, updateStrategy.manualUpdate.partitions of `subset` (of every subset without one).',
  })
  async setPartition(
    @Args() address: WorkloadArgs,
    @Args('partition', { type: () => IntOrPercentScalar }) partition: IntOrPercent,
    @Args('subset', { type: () => String, nullable: true, description: 'UnitedDeployment only: the subset whose partition to set.' }) subset: string | null,
    @Args('expectedGeneration', { type: () => Int, nullable: true }) expectedGeneration: number | null,
  ) {
    return this.service.setPartition(address, partition, expectedGeneration, subset ?? undefined);
  }

  @Mutation(() => WorkloadModel, { description: 'Sets updateStrategy.paused: no pod is updated until resumed (scaling continues).' })
  async pauseRollout(@Args() address: WorkloadArgs) {
    return this.service.pauseRollout(address);
  }

  @Mutation(() => WorkloadModel)
  async resumeRollout(@Args() address: WorkloadArgs) {
    return this.service.resumeRollout(address);
  }

  @Mutation(() => WorkloadModel)
  async scaleWorkload(
    @Args() address: WorkloadArgs,
    @Args('replicas', { type: () => Int }) replicas: number,
    @Args('expectedGeneration', { type: () => Int, nullable: true }) expectedGeneration: number | null,
  ) {
    return this.service.scaleWorkload(address, replicas, expectedGeneration);
  }

  @Mutation(() => WorkloadModel, { description: 'Adds the pods to scaleStrategy.podsToDelete (deleted first, then replaced); scaleDown also lowers replicas.' })
  async deletePods(
    @Args() address: WorkloadArgs,
    @Args('pods', { type: () => [String] }) pods: string[],
    @Args('scaleDown', { type: () => Boolean, nullable: true, defaultValue: false }) scaleDown: boolean,
  ) {
    return this.service.deletePods(address, pods, scaleDown);
  }

  @Mutation(() => WorkloadModel, { description: "Restores the pod template of a ControllerRevision (name or hash); the controller rolls to it." })
  async rollbackWorkload(@Args() address: WorkloadArgs, @Args('revision') revision: string) {
    return this.service.rollbackWorkload(address, revision);
  }

  @Mutation(() => Boolean, { description: 'Deletes the workload; its pods, PVCs and revisions are garbage-collected.' })
  async deleteWorkload(@Args() address: WorkloadArgs) {
    return this.service.deleteWorkload(address);
  }

  @Subscription(() => WorkloadModel, {
    description: 'Every change of a matching workload (spec or status), as it is after the change.',
    resolve: (workload: WorkloadView) => workload,
  })
  workloadChanged(
    @Args('kind', { type: kindArg, nullable: true }) kind: WorkloadKind | null,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('name', { type: () => String, nullable: true }) name: string | null,
  ) {
    return this.service.workloadChanged(kind ?? undefined, namespace ?? undefined, name ?? undefined);
  }

  @Subscription(() => PodEventModel, {
    description: 'Pods of workloads in a namespace (of one workload when named, of one kind when given) as they change.',
    resolve: function (this: WorkloadsResolver, change: PodChange) {
      return { type: change.type, pod: this.service.podView(change.pod, change.owner) };
    },
  })
  podChanged(
    @Args('namespace') namespace: string,
    @Args('workload', { type: () => String, nullable: true }) workload: string | null,
    @Args('kind', { type: kindArg, nullable: true, description: "The workload's kind, when workloads of several kinds share the name." }) kind: WorkloadKind | null,
    @Args('resourceVersion', {
      type: () => String,
      nullable: true,
      description: 'A pods list\'s resourceVersion: first replays every change after it (the API keeps a minute of them; older ones answer CONFLICT: list again), so nothing falls between the list and the subscription.',
    }) resourceVersion: string | null,
  ) {
    return this.service.podChanged(namespace, workload ?? undefined, kind ?? undefined, resourceVersion ?? undefined);
  }
}
