// GraphQL for in-place container restarts (docs/container-restart.md): the `restartContainers` mutation
// creates a ContainerRecreateRequest; `containerRestarts` lists a pod's requests with their progress.
import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { ContainerRecreateRequest } from '@coxswain/kruise-api';
import { ContainerRestartsService } from '../../containers/container-restarts.service.js';
import { ContainerRestartModel, RestartFailurePolicy } from './container-restart.types.js';

@Resolver()
export class ContainerRestartsResolver {
  constructor(private readonly service: ContainerRestartsService) {}

  @Mutation(() => ContainerRestartModel, { description: 'Restarts the named containers of a pod in place (a ContainerRecreateRequest); the pod keeps its name, UID, IP and node.' })
  async restartContainers(
    @Args('namespace') namespace: string,
    @Args('pod') pod: string,
    @Args('containers', { type: () => [String], description: 'Container names, in the order they are restarted.' }) containers: string[],
    @Args('orderedRecreate', { type: () => Boolean, nullable: true, description: 'Restart the next container only once the previous one is back and ready.' }) orderedRecreate: boolean | null,
    @Args('failurePolicy', { type: () => RestartFailurePolicy, nullable: true }) failurePolicy: RestartFailurePolicy | null,
    @Args('minStartedSeconds', { type: () => Int, nullable: true, description: 'A restarted container counts as done once started and ready this long.' }) minStartedSeconds: number | null,
    @Args('unreadyGracePeriodSeconds', { type: () => Int, nullable: true, description: 'Mark the pod not ready and wait this long before stopping anything.' }) unreadyGracePeriodSeconds: number | null,
    @Args('activeDeadlineSeconds', { type: () => Int, nullable: true, description: 'Give up this long after creation (at least 3).' }) activeDeadlineSeconds: number | null,
    @Args('ttlSecondsAfterFinished', { type: () => Int, nullable: true, description: 'Delete the request this long after it completed.' }) ttlSecondsAfterFinished: number | null,
  ): Promise<ContainerRestartModel> {
    const created = await this.service.restartContainers(namespace, pod, containers, {
      orderedRecreate, failurePolicy, minStartedSeconds, unreadyGracePeriodSeconds, activeDeadlineSeconds, ttlSecondsAfterFinished,
    });
    return restartView(created);
  }

  @Query(() => [ContainerRestartModel], { description: "A pod's container restarts (ContainerRecreateRequests), newest first." })
  async containerRestarts(@Args('namespace') namespace: string, @Args('pod') pod: string): Promise<ContainerRestartModel[]> {
    return (await this.service.podRestarts(namespace, pod)).map(restartView);
  }
}

export function restartView(crr: ContainerRecreateRequest): ContainerRestartModel {
  const strategy = crr.spec.strategy ?? {};
  const states = (crr.status?.containerRecreateStates ?? []).map((s) => ({ name: s.name, phase: s.phase, message: s.message || null, isKilled: s.isKilled === true }));
  const phase = crr.status?.phase ?? '';
  return {
    namespace: crr.metadata.namespace ?? '',
    name: crr.metadata.name ?? '',
    pod: crr.spec.podName,
    containers: crr.spec.containers.map((c) => c.name),
    phase,
    message: crr.status?.message || null,
    completionTime: crr.status?.completionTime ? new Date(crr.status.completionTime) : null,
    succeeded: phase === 'Completed' && states.length === crr.spec.containers.length && states.every((s) => s.phase === 'Succeeded'),
    states,
    orderedRecreate: strategy.orderedRecreate === true,
    failurePolicy: strategy.failurePolicy ?? 'Fail',
    minStartedSeconds: strategy.minStartedSeconds ?? null,
    unreadyGracePeriodSeconds: strategy.unreadyGracePeriodSeconds ?? null,
    activeDeadlineSeconds: crr.spec.activeDeadlineSeconds ?? null,
    ttlSecondsAfterFinished: crr.spec.ttlSecondsAfterFinished ?? null,
    createdAt: new Date(crr.metadata.creationTimestamp ?? 0),
  };
}
