// Restarting containers of a pod in place (docs/container-restart.md): a ContainerRecreateRequest
// (docs/spec/image-pull.md §1.4) created for the caller, and a pod's requests read back with their
// progress. The cluster's admission does Kruise's checks (docs/spec/image-pull.md §2.5); the ones here come first so that a
// caller's mistake names the argument it made it in, not a field of a request they never wrote.
import { Inject, Injectable } from '@nestjs/common';
import type { ClusterClient } from '@coxswain/cluster';
import {
  LABEL_CRR_POD_UID, type ContainerRecreateRequest, type ContainerRecreateRequestFailurePolicy, type ContainerRecreateRequestStrategy, type Pod,
} from '@coxswain/kruise-api';
import { AuditTrail } from '../audit/audit-trail.js';
import { ClusterCache } from '../cluster/cluster-cache.js';
import type { FieldMessage } from '@coxswain/kruise-api';
import { DomainError } from '../errors/domain-error.js';
import { CLUSTER } from '../tokens.js';

export const CRR_REF = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'ContainerRecreateRequest' } as const;

export interface RestartOptions {
  orderedRecreate?: boolean | null;
  failurePolicy?: ContainerRecreateRequestFailurePolicy | null;
  minStartedSeconds?: number | null;
  unreadyGracePeriodSeconds?: number | null;
  activeDeadlineSeconds?: number | null;
  ttlSecondsAfterFinished?: number | null;
}

/** A pod's requests kept in the answer: the newest ones. */
const MAX_LISTED = 50;

@Injectable()
export class ContainerRestartsService {
  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    private readonly cache: ClusterCache,
    private readonly trail: AuditTrail,
  ) {}

  /** Creates the request restarting `containers` of the pod, in that order; answers it as created. */
  async restartContainers(namespace: string, podName: string, containers: readonly string[], options: RestartOptions): Promise<ContainerRecreateRequest> {
    const pod = this.cache.pods.get(namespace, podName);
    if (!pod || pod.metadata.deletionTimestamp) throw new DomainError('NOT_FOUND', `pod ${namespace}/${podName} not found`, { field: 'pod' });
    checkContainers(pod, containers);
    const strategy = strategyOf(options);
    const request: ContainerRecreateRequest = {
      apiVersion: 'apps.kruise.io/v1alpha1',
      kind: 'ContainerRecreateRequest',
      metadata: { generateName: `${podName.slice(0, 200)}-`, namespace },
      spec: {
        podName,
        containers: containers.map((name) => ({ name })),
        strategy,
        ...(options.activeDeadlineSeconds != null ? { activeDeadlineSeconds: options.activeDeadlineSeconds } : {}),
        ...(options.ttlSecondsAfterFinished != null ? { ttlSecondsAfterFinished: options.ttlSecondsAfterFinished } : {}),
      },
    };
    const created = await this.cluster.create<ContainerRecreateRequest>(request);
    this.trail.noteObjectChange(null, created);
    return created;
  }

  /** The pod's requests (those labelled with its uid), newest first. */
  async podRestarts(namespace: string, podName: string): Promise<ContainerRecreateRequest[]> {
    const pod = this.cache.pods.get(namespace, podName);
    if (!pod) throw new DomainError('NOT_FOUND', `pod ${namespace}/${podName} not found`, { field: 'pod' });
    const list = await this.cluster.list<ContainerRecreateRequest>(CRR_REF, { namespace, labelSelector: `${LABEL_CRR_POD_UID}=${pod.metadata.uid ?? ''}` });
    return [...list.items]
      .sort((a, b) => (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? '') || (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''))
      .slice(0, MAX_LISTED);
  }
}

/** Each name once, a container of the pod that has started (Kruise needs its container id). */
function checkContainers(pod: Pod, containers: readonly string[]): void {
  if (containers.length === 0) throw badInput('containers must name at least one container', { field: 'containers', message: 'empty' });
  const specNames = new Set((pod.spec?.containers ?? []).map((c) => c.name));
  // More names than the pod has containers cannot all be distinct containers of it.
  if (containers.length > specNames.size) {
    throw badInput(`containers names ${containers.length} containers; pod ${pod.metadata.name} has ${specNames.size}`, { field: 'containers', message: 'more names than the pod has containers' });
  }
  const errors: FieldMessage[] = [];
  const seen = new Set<string>();
  containers.forEach((name, i) => {
    if (seen.has(name)) errors.push({ field: `containers[${i}]`, message: `${name} is named twice` });
    else if (!specNames.has(name)) errors.push({ field: `containers[${i}]`, message: `${name} is not a container of pod ${pod.metadata.name}` });
    else if (!pod.status?.containerStatuses?.find((s) => s.name === name)?.containerID) {
      errors.push({ field: `containers[${i}]`, message: `${name} has not started yet` });
    }
    seen.add(name);
  });
  if (errors.length > 0) throw badInput(errors.map((e) => e.message).join('; '), ...errors);
}

function strategyOf(options: RestartOptions): ContainerRecreateRequestStrategy {
  const strategy: ContainerRecreateRequestStrategy = {};
  if (options.failurePolicy != null) strategy.failurePolicy = options.failurePolicy;
  if (options.orderedRecreate != null) strategy.orderedRecreate = options.orderedRecreate;
  for (const field of ['minStartedSeconds', 'unreadyGracePeriodSeconds'] as const) {
    const value = options[field];
    if (value == null) continue;
    if (value < 0) throw badInput(`${field} must not be negative`, { field, message: 'must not be negative' });
    strategy[field] = value;
  }
  for (const field of ['activeDeadlineSeconds', 'ttlSecondsAfterFinished'] as const) {
    const value = options[field];
    if (value != null && value < 0) throw badInput(`${field} must not be negative`, { field, message: 'must not be negative' });
  }
  return strategy;
}

function badInput(message: string, ...fieldErrors: FieldMessage[]): DomainError {
  return new DomainError('BAD_USER_INPUT', message, { fieldErrors });
}
