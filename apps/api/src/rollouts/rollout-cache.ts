// The API's cache of Rollouts (docs/spec/kruise-rollout.md §1): an informer of its own, with the indexes
// the rollout queries page through and the one that finds a workload's Rollout (by workloadRef) without
// scanning its namespace. Its own, not one of ClusterCache's: a real cluster without Kruise Rollouts' CRDs
// serves no such kind, and the API must start all the same (its lists answer empty until the CRDs exist;
// the informer keeps retrying, so it fills once they do).
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { isApiError, type Clock, type ClusterClient, type KindRef } from '@coxswain/cluster';
import { Informer } from '@coxswain/controller-runtime';
import type { Rollout } from '@coxswain/kruise-api';
import { CLOCK, CLUSTER } from '../tokens.js';

export const ROLLOUT_REF: KindRef = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };

/** Rollouts by the workload they name: `<namespace>/<group>/<kind>/<name>` (workloadKey). */
export const ROLLOUT_WORKLOAD = 'workloadRef';
/** Every Rollout under one value (""), so all namespaces page together in key order. */
export const ROLLOUT_ALL = 'all';
/** Rollouts by namespace, for paging one namespace in name order. */
export const ROLLOUT_NAMESPACE = 'namespaceOrder';

/** The group of an apiVersion ("apps.kruise.io/v1beta1" -> "apps.kruise.io", "v1" -> ""). */
export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/**
 * The ROLLOUT_WORKLOAD value of a workload. By group and kind, not version: Kruise Rollouts' finders match
 * a workloadRef by group and kind (docs/spec/kruise-rollout.md §2.1).
 */
export function workloadKey(namespace: string, apiVersion: string, kind: string, name: string): string {
  return `${namespace}/${groupOf(apiVersion)}/${kind}/${name}`;
}

@Injectable()
export class RolloutCache implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RolloutCache');
  readonly informer: Informer<Rollout>;

  constructor(@Inject(CLUSTER) private readonly cluster: ClusterClient, @Inject(CLOCK) clock: Clock) {
    this.informer = new Informer<Rollout>(cluster, ROLLOUT_REF, {
      clock,
      onError: (error, context) => this.logger.warn({ msg: `rollout cache: ${context}`, error: String(error) }),
    });
    this.informer.addIndexer(ROLLOUT_WORKLOAD, (r) => {
      const ref = r.spec?.workloadRef;
      return ref?.name ? [workloadKey(r.metadata.namespace ?? '', ref.apiVersion ?? '', ref.kind ?? '', ref.name)] : [];
    });
    this.informer.addIndexer(ROLLOUT_ALL, () => ['']);
    this.informer.addIndexer(ROLLOUT_NAMESPACE, (r) => [r.metadata.namespace ?? '']);
  }

  /** Syncs before the API answers, unless the cluster serves no Rollouts (then it fills when it does). */
  async onApplicationBootstrap(): Promise<void> {
    this.informer.start();
    try {
      await this.cluster.list(ROLLOUT_REF, { limit: 1 });
    } catch (err) {
      // Not served (NotFound), or not now: the API starts all the same, and the informer keeps trying.
      const why = isApiError(err, 'NotFound') ? 'the cluster serves no rollouts.kruise.io Rollouts (their CRDs are not installed)' : `the cluster did not list Rollouts (${String(err)})`;
      this.logger.warn({ msg: `${why}: rollout queries answer empty until it does` });
      return;
    }
    await this.informer.waitForSync();
  }

  onModuleDestroy(): void {
    this.informer.stop();
  }

  get(namespace: string, name: string): Rollout | undefined {
    return this.informer.get(namespace, name);
  }

  /** The Rollout whose workloadRef names this workload (admission allows one per workload, docs/spec/kruise-rollout.md §1.8). */
  forWorkload(namespace: string, apiVersion: string, kind: string, name: string): Rollout | undefined {
    return this.informer.byIndex(ROLLOUT_WORKLOAD, workloadKey(namespace, apiVersion, kind, name))[0];
  }

  /** Resolves once the cache holds this write of a Rollout (read your writes). */
  caughtUp(rollout: Rollout): Promise<void> {
    return this.informer.caughtUp(rollout.metadata.resourceVersion);
  }
}
