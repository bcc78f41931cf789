// The Workload fields computed on demand: pods, revisions, plan, events, manifest. Resolved on the
// interface so every workload kind shares them.
import { Args, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { LifecycleStateName, RevisionView, WorkloadView } from '../../workloads/views.js';
import { lifecycleStateName, planView, podView, revisionView } from '../../workloads/views.js';
import { LABEL_CONTROLLER_REVISION_HASH } from '@coxswain/kruise-api';
import { shortHash } from '@coxswain/workloads';
import { WorkloadsService } from '../../workloads/workloads.service.js';
import { paginate } from '../connection.js';
import { EventModel, LifecycleState, PodConnection, RevisionModel, RolloutPlanModel, WorkloadModel } from './workload.types.js';

@Resolver(() => WorkloadModel)
export class WorkloadFieldsResolver {
  constructor(private readonly workloads: WorkloadsService) {}

  @ResolveField(() => PodConnection, { description: 'Pods owned by the workload, by name; terminating ones included.' })
  async pods(
    @Parent() workload: WorkloadView,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 100 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('lifecycleState', { type: () => LifecycleState, nullable: true }) lifecycleState: LifecycleStateName | null,
    @Args('revision', { type: () => String, nullable: true, description: 'Revision name or hash.' }) revision: string | null,
  ) {
    const [pods, nodes] = await Promise.all([this.workloads.pods(workload.object), this.workloads.nodes()]);
    // A revision name or its hash matches pods labelled with either (the short-hash gate writes the hash only).
    const hash = revision == null ? undefined : shortHash(revision);
    const matching = pods
      .filter((p) => lifecycleState == null || lifecycleStateName(p) === lifecycleState)
      .filter((p) => hash === undefined || shortHash(p.metadata.labels?.[LABEL_CONTROLLER_REVISION_HASH] ?? '') === hash);
    // Only the page is turned into views: at thousands of pods the views are the cost.
    const page = paginate(matching, (p) => p.metadata.name!, first, after);
    const now = this.workloads.now();
    return { ...page, edges: page.edges.map((e) => ({ cursor: e.cursor, node: podView(e.node, workload.object, nodes, now) })) };
  }

  @ResolveField(() => [RevisionModel], { description: 'ControllerRevisions, newest first.' })
  async revisions(@Parent() workload: WorkloadView) {
    const [revisions, pods] = await Promise.all([this.workloads.revisions(workload.object), this.workloads.pods(workload.object)]);
    const active = pods.filter((p) => !p.metadata.deletionTimestamp);
    return revisions.map((r) => revisionView(r, workload.object, active));
  }

  @ResolveField(() => RolloutPlanModel, { description: 'What the controller does next and what blocks it.' })
  async plan(@Parent() workload: WorkloadView) {
    return planView(await this.workloads.plan(workload.object));
  }

  @ResolveField(() => [EventModel], { description: 'Kubernetes Events about the workload, newest first.' })
  async events(@Parent() workload: WorkloadView, @Args('first', { type: () => Int, nullable: true, defaultValue: 50 }) first: number) {
    return (await this.workloads.events(workload.object, first)).map((e) => ({
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
