// The Workload fields computed on demand: pods, revisions, plan, events, manifest. Resolved on the
// interface so every workload kind shares them.
import { Args, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { LifecycleStateName, RevisionView, WorkloadView } from '../../workloads/views.js';
import { revisionView } from '../../workloads/views.js';
import { WorkloadsService } from '../../workloads/workloads.service.js';
import { paginateOrdered } from '../connection.js';
import { EventModel, LifecycleState, PodConnection, RevisionModel, RolloutPlanModel, WorkloadHealthModel, WorkloadModel } from './workload.types.js';

/** One page can hold a 5,000-pod workload, so a dashboard draws it from one request. */
export const MAX_POD_PAGE = 5000;

@Resolver(() => WorkloadModel)
export class WorkloadFieldsResolver {
  constructor(private readonly workloads: WorkloadsService) {}

  @ResolveField(() => PodConnection, { description: 'Pods owned by the workload, by name; terminating ones included.' })
  pods(
    @Parent() workload: WorkloadView,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 100, description: `At most ${MAX_POD_PAGE}.` }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('lifecycleState', { type: () => LifecycleState, nullable: true }) lifecycleState: LifecycleStateName | null,
    @Args('revision', { type: () => String, nullable: true, description: 'Revision name or hash.' }) revision: string | null,
  ) {
    // Only the page is read from the index and turned into views.
    const views = this.workloads.podViewsOf(workload);
    const page = paginateOrdered(this.workloads.pods(workload, { lifecycleState, revision }), first, after, MAX_POD_PAGE, views);
    return { ...page, resourceVersion: this.workloads.podsResourceVersion() };
  }

  @ResolveField(() => [RevisionModel], { description: 'ControllerRevisions, newest first.' })
  revisions(@Parent() workload: WorkloadView) {
    const activePods = this.workloads.activePodCounter(workload);
    return this.workloads.revisions(workload).map((r) => revisionView(r, workload, activePods(r.metadata.name!)));
  }

  @ResolveField(() => WorkloadHealthModel, { description: 'Complete, progressing, held, waiting on a hook or degraded, with the reason and the pods concerned.' })
  health(@Parent() workload: WorkloadView) {
    return this.workloads.health(workload);
  }

  @ResolveField(() => RolloutPlanModel, { description: 'What the controller does next and what blocks it.' })
  async plan(@Parent() workload: WorkloadView) {
    return this.workloads.plan(workload);
  }

  @ResolveField(() => [EventModel], { description: 'Kubernetes Events about the workload, newest first.' })
  events(@Parent() workload: WorkloadView, @Args('first', { type: () => Int, nullable: true, defaultValue: 50 }) first: number) {
    return this.workloads.events(workload, first).map((e) => ({
      type: e.type ?? 'Normal',
      reason: e.reason ?? '',
      message: e.message ?? '',
      count: e.count ?? 1,
      firstTimestamp: e.firstTimestamp ? new Date(e.firstTimestamp) : null,
      lastTimestamp: e.lastTimestamp ? new Date(e.lastTimestamp) : null,
      object: `${e.involvedObject.kind}/${e.involvedObject.name}`,
    }));
  }

  @ResolveField(() => String, { description: 'The workload as stored, in YAML.' })
  manifest(@Parent() workload: WorkloadView): string {
    return this.workloads.manifest(workload.object);
  }
}

@Resolver(() => RevisionModel)
export class RevisionFieldsResolver {
  constructor(private readonly workloads: WorkloadsService) {}

  @ResolveField(() => String, { description: 'The ControllerRevision in YAML.' })
  manifest(@Parent() revision: RevisionView): string {
    return this.workloads.manifest(revision.object);
  }
}
