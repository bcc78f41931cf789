// A Rollout view (rollouts/rollout-views.ts) as GraphQL serves it: times as DateTime.
import { rolloutView, type RolloutView } from '../../rollouts/rollout-views.js';
import type { Rollout } from '@coxswain/kruise-api';
import type { RolloutModel } from './rollout.types.js';

const date = (iso: string | null) => (iso === null ? null : new Date(iso));

export function rolloutModel(view: RolloutView): RolloutModel {
  const { object: _object, canaryStatus, conditions, createdAt, ...rest } = view;
  return {
    ...rest,
    createdAt: date(createdAt),
    canaryStatus: canaryStatus && { ...canaryStatus, lastUpdateTime: date(canaryStatus.lastUpdateTime) },
    conditions: conditions.map((c) => ({ ...c, lastUpdateTime: date(c.lastUpdateTime), lastTransitionTime: date(c.lastTransitionTime) })),
  };
}

export function rolloutModelOf(rollout: Rollout): RolloutModel {
  return rolloutModel(rolloutView(rollout));
}
