// Workload.rollout: the Rollout whose workloadRef names the workload, found through the Rollout cache's
// workloadRef index (rollouts/rollout-cache.ts), not by scanning the namespace per workload.
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { RolloutsService } from '../../rollouts/rollouts.service.js';
import type { WorkloadView } from '../../workloads/views.js';
import { WorkloadModel } from '../workloads/workload.types.js';
import { rolloutModel } from './rollout-model.js';
import { RolloutModel } from './rollout.types.js';

@Resolver(() => WorkloadModel)
export class WorkloadRolloutFieldResolver {
  constructor(private readonly rollouts: RolloutsService) {}

  @ResolveField(() => RolloutModel, { nullable: true, description: 'The Rollout that releases this workload (its spec.workloadRef names it), if any.' })
  rollout(@Parent() workload: WorkloadView) {
    const view = this.rollouts.forWorkload(workload.namespace, workload.object.apiVersion, workload.descriptor.clusterKind, workload.name);
    return view && rolloutModel(view);
  }
}
