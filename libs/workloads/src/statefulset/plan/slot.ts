// One replica slot of a pass (docs/spec/advanced-statefulset.md §2.1, §4.2). Reserved ordinals have no slot
// (Kruise keeps them as null entries; only their index matters, kept in `index`). A type of its own so
// that the slot filling (slots.ts) and the update order (update-order.ts) both read it without
// importing each other.
import type { Pod } from '@coxswain/kruise-api';

export interface Slot {
  ordinal: number;
  /** ordinal − start: the slot's index in Kruise's replicas array (reserved entries included). */
  index: number;
  pod: Pod;
  /** The pod exists in the cluster (false: the planner creates it this pass). */
  created: boolean;
}
