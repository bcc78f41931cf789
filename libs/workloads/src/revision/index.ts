// Workload ControllerRevisions (docs/spec/cloneset.md §4, docs/spec/advanced-statefulset.md §3): hashing and naming, selection of the current and
// update revisions, the write that makes the update revision exist, and history truncation.
export { canonicalJson, compareCodePoints } from './canonical-json.js';
export { FNV32_OFFSET_BASIS, FNV32_PRIME, SAFE_ENCODING_ALPHABET, fnv1_32, fnv1a_32, safeEncodeString } from './fnv.js';
export {
  CLONESET_REVISIONS,
  REVISION_NAME_PREFIX_MAX,
  applyRevision,
  buildRevision,
  equalRevisionData,
  hashRevision,
  newRevision,
  revisionData,
  revisionName,
  revisionPayload,
  revisionTemplate,
  type RevisionKind,
  type RevisionOwner,
} from './cloneset-revision.js';
export { volumeClaimTemplatesHash } from './volume-claim-templates-hash.js';
export { isRevisionMatch, podAtRevision, podRevisionLabelValue, shortHash } from './revision-match.js';
export {
  currentRevisionName,
  nextRevisionNumber,
  revisionsForCloneSet,
  selectCurrentRevision,
  selectRevisions,
  sortRevisions,
  type RevisionDecision,
  type SelectRevisionsInput,
} from './revision-selection.js';
export { CONTROLLER_REVISION_REF, ensureUpdateRevision, type EnsuredRevisions } from './revision-store.js';
export { DEFAULT_REVISION_HISTORY_LIMIT, revisionsToTruncate, type RevisionsToTruncateInput } from './history.js';
