// Fields only a UnitedDeployment has: its subsets, each with the replicas the controller allocated and
// why, the subset workload and what it reports, the partition and the subset's schedulability.
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { WorkloadView } from '../../workloads/views.js';
import { WorkloadsService } from '../../workloads/workloads.service.js';
import { SubsetModel, UnitedDeploymentModel } from './workload.types.js';

@Resolver(() => UnitedDeploymentModel)
export class UnitedDeploymentFieldsResolver {
  constructor(private readonly workloads: WorkloadsService) {}

  @ResolveField(() => [SubsetModel], { description: 'The subsets in topology order: allocation and why, subset workload, partition, schedulability.' })
  subsets(@Parent() workload: WorkloadView) {
    return this.workloads.subsets(workload);
  }
}
