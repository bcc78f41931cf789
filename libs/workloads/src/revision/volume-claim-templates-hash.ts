// The VolumeClaimTemplates hash annotated on each new CloneSet revision (docs/spec/cloneset.md §4.4).
// Only equality between hashes produced here matters (docs/spec/inplace-and-lifecycle.md §1.2, gate
// RecreatePodWhenChangeVCTInCloneSetGate), so the bytes hashed are our canonical JSON rather than Go's
// DeepHashObject dump; the hash function is the same FNV-1a 32.
import type { CloneSet } from '@coxswain/kruise-api';
import { canonicalJson, compareCodePoints } from './canonical-json.js';
import { fnv1a_32 } from './fnv.js';

/** `""` without templates, else the decimal FNV-1a 32 of `[{metadata:{name}, spec}]` sorted by name. */
export function volumeClaimTemplatesHash(cs: CloneSet): string {
  const templates = cs.spec.volumeClaimTemplates ?? [];
  if (templates.length === 0) return '';
  // Only name and spec count: labels, annotations and status of a claim template never force a new PVC.
  const hashed = templates
    .map((t) => ({ metadata: { name: t.metadata.name ?? '' }, spec: t.spec }))
    .sort((a, b) => compareCodePoints(a.metadata.name, b.metadata.name));
  return String(fnv1a_32(canonicalJson(hashed)));
}
