// GraphQL for hook acknowledgements: the same use cases as the REST API (rest/hooks.controller.ts).
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { HookPoint as HookPointValue } from '@coxswain/workloads';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { HookAckService } from '../../hooks/hook-ack.service.js';
import { oneOffKey } from '../../idempotency/keyed-request.js';
import { PendingHooksService } from '../../hooks/pending-hooks.service.js';
import { kindOfClusterKind } from '../../workloads/workload-kind.js';
import { HOOK_NAMES, LIFECYCLE_NAMES, type HookPointName } from '../../workloads/views.js';
import { HookPoint } from '../workloads/workload.types.js';
import { HookAckModel, PendingHookModel } from './hook.types.js';

const HOOK_POINTS_BY_NAME = Object.fromEntries(Object.entries(HOOK_NAMES).map(([point, name]) => [name, point])) as Record<HookPointName, HookPointValue>;

@Resolver()
export class HooksResolver {
  constructor(
    private readonly pending: PendingHooksService,
    private readonly acks: HookAckService,
  ) {}

  @Query(() => [PendingHookModel], { description: 'Pods waiting on a lifecycle hook, oldest wait first.' })
  async pendingHooks(
    @CurrentPrincipal() principal: Principal,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('hook', { type: () => HookPoint, nullable: true }) hook: HookPointName | null,
  ): Promise<PendingHookModel[]> {
    const views = await this.pending.list(principal, namespace ?? undefined, hook ? HOOK_POINTS_BY_NAME[hook] : undefined);
    return views.map((v) => ({
      namespace: v.namespace,
      pod: v.pod,
      podUid: v.podUid,
      // Pending hooks are found through the registry's owners, so every workload kind has its name.
      workload: { kind: kindOfClusterKind(v.workload.kind)!, name: v.workload.name },
      hook: HOOK_NAMES[v.hook],
      state: LIFECYCLE_NAMES[v.state] ?? 'NORMAL',
      since: v.since ? new Date(v.since) : null,
      podIP: v.podIP,
      node: v.node,
      zone: v.zone,
    }));
  }

  @Mutation(() => HookAckModel, {
    description: 'Acknowledges the hook a pod waits on: one conditional write on the pod. With an idempotencyKey, retries get the first answer.',
  })
  async ackHook(
    @CurrentPrincipal() principal: Principal,
    @Args('namespace') namespace: string,
    @Args('pod') pod: string,
    @Args('hook', { type: () => HookPoint }) hook: HookPointName,
    @Args('idempotencyKey', { type: () => String, nullable: true, description: 'Without one the ack is not deduplicated (the state precondition still applies).' })
    idempotencyKey: string | null,
    @Args('reason', { type: () => String, nullable: true }) reason: string | null,
  ): Promise<HookAckModel> {
    const { answer, replayed } = await this.acks.ack(principal, {
      namespace,
      pod,
      hook: HOOK_POINTS_BY_NAME[hook],
      idempotencyKey: idempotencyKey ?? oneOffKey(),
      reason: reason ?? null, // an omitted nullable argument arrives as undefined
    });
    return { ...answer, hook: HOOK_NAMES[answer.hook], at: new Date(answer.at), replayed };
  }
}
