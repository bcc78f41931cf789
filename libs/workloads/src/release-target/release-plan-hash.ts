// A BatchRelease's releasePlan as a hex sha256 (docs/spec/kruise-rollout.md §3.3: status.observedReleasePlanHash),
// read by the BatchRelease (a changed plan is recalculated) and by its Rollout (the release has observed
// its plan). The JSON is canonical (revision/canonical-json.ts), so the value differs from Go's bytes but
// changes exactly when the content does, which is all the hash is compared for.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../revision/canonical-json.js';

/** Go: HashReleasePlanBatches. */
export function releasePlanHash(releasePlan: unknown): string {
  return createHash('sha256').update(canonicalJson(releasePlan)).digest('hex');
}
