// The hash that tells a Rollout's step plan changed (docs/spec/kruise-rollout.md §2.10): its strategy
// without failureThreshold and with every step's pause emptied, so editing a pause or the threshold is
// no plan change, as a safe-encoded sha256 (the annotation rollouts.kruise.io/hash). The JSON is
// canonical (revision/canonical-json.ts), so the value differs from Go's bytes but changes exactly when
// the content does, which is all the hash is compared for. (A BatchRelease's own plan hash:
// release-target/release-plan-hash.ts.)
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../revision/canonical-json.js';

/** apimachinery's rand.SafeEncodeString alphabet: no vowels, no confusable characters. */
const SAFE_ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

export function safeEncodeString(text: string): string {
  return [...text].map((c) => SAFE_ALPHANUMS[c.codePointAt(0)! % SAFE_ALPHANUMS.length]).join('');
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Go: calculateRolloutHash, for the canary or blue-green strategy object. */
export function rolloutPlanHash(strategy: { failureThreshold?: unknown; steps?: ReadonlyArray<Record<string, unknown>> } & Record<string, unknown>): string {
  const { failureThreshold: _ignored, steps, ...rest } = strategy;
  // A step's analysis (Coxswain's extension, docs/analysis.md §5) is left out as its pause is: editing
  // what a step checks re-runs nothing.
  const plan = { ...rest, steps: (steps ?? []).map(({ analysis: _analysis, ...step }) => ({ ...step, pause: {} })) };
  return safeEncodeString(sha256Hex(canonicalJson(plan)));
}
