// @coxswain/workloads/testing: what tests and benchmarks outside the library's source need beyond the
// public surface (src/index.ts): the pure planners and their inputs, called directly. Not for the
// API server. scripts/check-exports.mjs fails on a name here that nothing imports.
export { UNITED_DEPLOYMENT_REF } from './refs.js';
export { inPlaceGates } from './inplace/calculate-spec.js';
export { planCloneSet } from './cloneset/plan/planner.js';
export type { PlanContext } from './cloneset/plan/planner-types.js';
export { planStatefulSet } from './statefulset/plan/planner.js';
export type { StatefulSetPlanContext } from './statefulset/plan/plan-types.js';
export { statefulSetView } from './statefulset/plan/flavor.js';
export { statefulSetRevisions } from './statefulset/revision/revisions.js';
export { planUnitedDeployment } from './uniteddeployment/plan/planner.js';
export { allocateReplicas } from './uniteddeployment/plan/allocation/allocate.js';
export type { SubsetFacts } from './uniteddeployment/plan/allocation/types.js';
export { CLONESET_SUBSET } from './uniteddeployment/plan/adapters/partitioned.js';
export type { SubsetObservation } from './uniteddeployment/plan/subsets.js';
// The manifests of the Rollout tests of every package.
export { CLONESET_V1ALPHA1, demoRollout, ECHOSERVER, rolloutYaml, workloadYaml, WORKED_EXAMPLE_STEPS, type RolloutManifest, type WorkloadManifest } from './testing/rollout-manifests.js';
