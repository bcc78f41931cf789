// Observe beside a live Kruise: `shadowComparison` shows, per workload, Coxswain's plan next to what the
// cluster's own controller actually did to its pods, each action marked as planned by Coxswain or not.
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { Inject } from '@nestjs/common';
import type { Runtime } from '../../runtime.js';
import { RUNTIME } from '../../tokens.js';
import { WorkloadKind } from '../../workloads/workload-kind.js';
import { WorkloadArgs } from '../workloads/workload.types.js';
import { DomainError } from '../../errors/domain-error.js';
import { ShadowComparisonModel } from './shadow.types.js';

@Resolver()
export class ShadowResolver {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Query(() => ShadowComparisonModel, {
    description: 'Observe mode: the workload\'s plan next to what the cluster did to its pods (CONTROLLER_MODE=observe, best beside a live OpenKruise with CLUSTER=kubernetes).',
  })
  async shadowComparison(
    @Args() { kind, namespace, name }: WorkloadArgs,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 50 }) first: number,
  ): Promise<ShadowComparisonModel> {
    // The recorder follows the CloneSet controller's pods and plans only.
    if (kind !== WorkloadKind.CLONE_SET) {
      throw new DomainError('BAD_USER_INPUT', `shadowComparison covers CLONE_SET workloads, not ${kind}`, { fieldErrors: [{ field: 'kind', message: 'CLONE_SET only' }] });
    }
    const shadow = await this.runtime.host.shadow(namespace, name);
    return {
      kind,
      namespace,
      name,
      observing: shadow !== null,
      plan: shadow?.plan
        ? {
            actions: shadow.plan.actions.map((a) => ({ type: a.type, pod: a.pod, reason: a.reason, revision: a.revision ?? null })),
            blockers: shadow.plan.blockers.map((b) => ({ code: b.code, message: b.message, pods: [...b.pods] })),
          }
        : null,
      clusterActions: (shadow?.clusterActions ?? []).slice(0, Math.max(0, first)).map((a) => ({
        at: new Date(a.at), type: a.type, pod: a.pod, to: a.to ?? null, plannedAs: a.plannedAs ?? null, matched: a.matched,
      })),
      matched: shadow?.matched ?? 0,
      unplanned: shadow?.unplanned ?? 0,
      since: new Date(shadow?.since ?? this.runtime.clock.now()),
    };
  }
}
