// What the write planners need from the store besides the transaction: time, randomness and policy,
// all injected so tests decide them.
import type { AdmissionHook } from './admission.js';
import type { Clock } from '../../clock.js';

export interface WriteContext {
  readonly clock: Clock;
  /** Uniform in [0, 1); drives generateName suffixes. */
  readonly random: () => number;
  readonly autoCreateNamespaces: boolean;
  newUid(): string;
  /** Webhook-like defaulting, conversion and validation of spec writes; absent admits everything as is. */
  readonly admission?: AdmissionHook;
}
