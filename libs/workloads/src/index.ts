// @coxswain/workloads: what the API server and the tools use. The controllers to run, the registry of
// workload kinds the API reads and edits workloads through, the plan shape they show, and the pod,
// lifecycle and revision facts their views need. Everything else is internal (libs/workloads/README.md);
// tests and benchmarks that need a planner directly import '@coxswain/workloads/testing'.
// scripts/check-exports.mjs (run by test/architecture/public-surface.test.ts) fails on a name here that no
// other package imports.

// Controllers.
export { CloneSetController } from './cloneset/controller.js';
export { StatefulSetController } from './statefulset/controller.js';
export { KRUISE_STATEFULSET, NATIVE_STATEFULSET } from './statefulset/plan/flavor.js';
export { UnitedDeploymentController } from './uniteddeployment/controller.js';
export { DeploymentController } from './deployment/controller.js';
export { AdvancedDeploymentController } from './advanceddeployment/controller.js';
export { ReplicaSetController } from './replicaset/controller.js';
export { PodReadinessController } from './podreadiness/controller.js';
export { ContainerRecreateController } from './containerrecreate/controller.js';
export { ImagePullJobController } from './imagepulljob/controller.js';
export { NodeImageController } from './nodeimage/controller.js';
export { RolloutController } from './rollout/controller.js';
// The step a Rollout goes to after step i of n (docs/spec/kruise-rollout.md §2.9): the API's jump rule reads it too.
export { naturalNext } from './rollout/plan/steps.js';
export { BatchReleaseController } from './batchrelease/controller.js';
// Going back to a release's stable revision (docs/spec/kruise-rollout.md §2.11): the API's abortRollout
// writes what the Rollout controller's analysis abort writes.
export { readStableTemplate, type StableTemplate } from './rollout/sync/stable-template.js';

// Workload kinds: descriptors, mutations, printer columns.
export { CLONESET_KIND } from './kinds/cloneset-kind.js';
export { WORKLOAD_KINDS, workloadKind, workloadKindOf } from './kinds/registry.js';
export type { SubsetSummary, WorkloadKindDescriptor, WorkloadKindName, WorkloadMutations, WorkloadStatusSummary } from './kinds/types.js';
export { WorkloadMutationError } from './kinds/mutation-error.js';
export { ordinalRange } from './statefulset/plan/identity.js';

// Plans.
export type { RolloutPlan } from './plan/plan-types.js';
export { workloadHealth, type WorkloadHealth } from './plan/health.js';
export type { SubsetPlan, UnitedDeploymentPlan } from './uniteddeployment/plan/planner.js';

// Kinds as the ClusterClient addresses them.
export { CLONESET_REF, NODE_REF, POD_REF } from './refs.js';
export { CONTROLLER_REVISION_REF } from './revision/revision-store.js';

// Pods, lifecycle hooks, revisions.
export { isActive, isRunningAndReady, lifecycleState, podCondition } from './pod/pod-state.js';
export { timestampMillis } from './pod/time.js';
export { isAllHooked, isHooked } from './lifecycle/hooks.js';
export { pendingHook, type HookPoint } from './lifecycle/pending-hook.js';
export { revisionTemplate } from './revision/cloneset-revision.js';
export { revisionsForCloneSet, sortRevisions } from './revision/revision-selection.js';
export { shortHash } from './revision/revision-match.js';

// Analysis checks a Rollout step may name (docs/analysis.md).
export { evaluateCheck } from './analysis/evaluate.js';
export type { AnalysisResult } from './analysis/result.js';
