// The CRDs of Kruise Rollouts' kinds as openkruise/rollouts defines them (docs/spec/kruise-rollout.md
// §1.11): rollouts.kruise.io, v1beta1 (storage) and v1alpha1, namespaced, the status subresource and no
// scale, no short names or categories, and their printer columns per version — including the
// BatchRelease KIND column that names v1alpha1's path in both versions (empty in v1beta1, as upstream).
import type { PrinterColumn } from './apiextensions.js';
import type { KruiseCrdKind } from './kruise-crds.js';
import { ROLLOUTS_GROUP } from './rollout.js';

const age: PrinterColumn = { name: 'AGE', type: 'date', jsonPath: '.metadata.creationTimestamp' };
const str = (name: string, jsonPath: string, description?: string): PrinterColumn => ({ name, type: 'string', jsonPath, ...(description ? { description } : {}) });
const int = (name: string, jsonPath: string, description?: string): PrinterColumn => ({ name, type: 'integer', jsonPath, ...(description ? { description } : {}) });

const ORIGIN = "OpenKruise Rollouts' kind";

/** The Rollout's columns, the step and its state read under `stepPath`. */
function rolloutColumns(stepPath: string): PrinterColumn[] {
  return [
    str('STATUS', '.status.phase', 'The rollout status phase'),
    int('CANARY_STEP', `${stepPath}.currentStepIndex`, 'The rollout canary status step'),
    str('CANARY_STATE', `${stepPath}.currentStepState`, 'The rollout canary status step state'),
    str('MESSAGE', '.status.message', 'The rollout canary status message'),
    age,
  ];
}

export const ROLLOUT_CRD_KINDS: readonly KruiseCrdKind[] = [
  {
    kind: 'Rollout',
    group: ROLLOUTS_GROUP,
    origin: ORIGIN,
    plural: 'rollouts',
    singular: 'rollout',
    shortNames: [],
    categories: [],
    scalable: false,
    printerColumns: rolloutColumns('.status'),
    // v1alpha1 has no top-level copies of the step: its columns read the sub-status.
    versionPrinterColumns: { v1alpha1: rolloutColumns('.status.canaryStatus') },
    servedVersions: ['v1beta1', 'v1alpha1'],
    description: 'Rollout walks a workload through steps of a release',
  },
  {
    kind: 'BatchRelease',
    group: ROLLOUTS_GROUP,
    origin: ORIGIN,
    plural: 'batchreleases',
    singular: 'batchrelease',
    shortNames: [],
    categories: [],
    scalable: false,
    printerColumns: [
      str('KIND', '.spec.targetReference.workloadRef.kind'),
      str('PHASE', '.status.phase'),
      int('BATCH', '.status.canaryStatus.currentBatch'),
      str('BATCH-STATE', '.status.canaryStatus.batchState'),
      age,
    ],
    servedVersions: ['v1beta1', 'v1alpha1'],
    description: 'BatchRelease turns the batches of a Rollout into workload partitions',
  },
];
