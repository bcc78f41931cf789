// Rollout reads for GraphQL (docs/rollouts-api.md): one Rollout, a page of them, the Rollout of a workload
// (by the cache's workloadRef index, never a namespace scan), and their changes as a stream. A token
// limited to namespaces (a rollout-approver's) sees only those: named ones are checked by the access
// policy, unnamed listings are filtered here.
import { Injectable } from '@nestjs/common';
import type { Rollout } from '@coxswain/kruise-api';
import type { Principal } from '../auth/principal.js';
import { informerStream } from '../cluster/informer-stream.js';
import type { OrderedSource } from '../cluster/ordered-source.js';
import { ROLLOUT_ALL, ROLLOUT_NAMESPACE, RolloutCache } from './rollout-cache.js';
import { rolloutListKey, rolloutView, type RolloutView } from './rollout-views.js';

export interface RolloutChange {
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  rollout: RolloutView;
}

@Injectable()
export class RolloutsService {
  constructor(private readonly cache: RolloutCache) {}

  rollout(namespace: string, name: string): RolloutView | null {
    const rollout = this.cache.get(namespace, name);
    return rollout ? rolloutView(rollout) : null;
  }

  /** Rollouts by namespace and name, from the cache's index: a page reads the page. */
  rollouts(principal: Principal, namespace: string | undefined): OrderedSource<Rollout> {
    const informer = this.cache.informer;
    if (namespace === undefined && principal.namespaces.length > 0) {
      // A namespace-limited token lists its namespaces only: their buckets, in key order.
      const items = [...principal.namespaces].sort().flatMap((ns) => informer.byIndex(ROLLOUT_NAMESPACE, ns).sort(byName));
      return {
        page: (after, limit) => items.filter((r) => after === undefined || rolloutListKey(r) > after).slice(0, limit),
        count: (after) => items.filter((r) => after === undefined || rolloutListKey(r) > after).length,
        keyOf: rolloutListKey,
      };
    }
    const [index, value] = namespace === undefined ? [ROLLOUT_ALL, ''] : [ROLLOUT_NAMESPACE, namespace];
    return {
      page: (after, limit) => informer.pageByIndex(index, value, position(after), limit),
      count: (after) => informer.countByIndex(index, value, position(after)),
      keyOf: rolloutListKey,
    };
  }

  /** The Rollout whose workloadRef names this workload, if any. */
  forWorkload(namespace: string, apiVersion: string, kind: string, name: string): RolloutView | null {
    const rollout = this.cache.forWorkload(namespace, apiVersion, kind, name);
    return rollout ? rolloutView(rollout) : null;
  }

  /** Every change of a Rollout in `namespace` (of the one named, when given), as it is after the change. */
  rolloutChanged(namespace: string, name: string | undefined): AsyncIterableIterator<RolloutChange> {
    return informerStream(this.cache.informer, ({ type, object }) =>
      object.metadata.namespace === namespace && (name === undefined || object.metadata.name === name) ? { type, rollout: rolloutView(object) } : undefined,
    );
  }
}

function byName(a: Rollout, b: Rollout): number {
  const x = a.metadata.name ?? '';
  const y = b.metadata.name ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A list key (rolloutListKey) as the cache's position after it. */
function position(after: string | undefined): { namespace: string; name: string } | undefined {
  if (after === undefined) return undefined;
  const slash = after.indexOf('/');
  return slash < 0 ? { namespace: after, name: '' } : { namespace: after.slice(0, slash), name: after.slice(slash + 1) };
}
