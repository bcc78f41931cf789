// What the write planners need from the store besides the transaction: time, randomness and policy,
// all injected so tests decide them.
import type { Clock } from '../../clock.js';

export interface WriteContext {
  readonly clock: Clock;
  /** Uniform in [0, 1); drives generateName suffixes. */
  readonly random: () => number;
  readonly autoCreateNamespaces: boolean;
  newUid(): string;
}
