// What admission does to Rollout and BatchRelease writes in the embedded cluster (docs/spec/kruise-rollout.md
// §1.8, §8): a Rollout gets the CRD's default (`disabled: false`), then Kruise Rollouts' validating
// webhook in its own words (the one-Rollout-per-workload check reads the namespace's other Rollouts,
// the immutability while progressing reads the stored phase), then Coxswain's refusals of what nothing
// in it acts on (traffic routing, blue-green, kinds its BatchRelease does not drive); both kinds are
// stored as v1beta1. BatchRelease has no webhook upstream: its shape is checked, then Coxswain's refusals
// (a workload kind it does not drive, the blue-green style). The Rollout and
// BatchRelease controllers (libs/workloads/src/rollout, libs/workloads/src/batchrelease) act on what is
// stored, the workload webhook (rollout-workload-webhook.ts) freezes the workloads they release.
// Approvals, jumps and aborts act on a stored Rollout's status (the API's rollout actions, docs/rollouts-api.md).
import {
  coxswainBatchReleaseRefusals, setDefaultsRollout, toStorageBatchRelease, toStorageRollout, validateRollout,
  type BatchRelease, type BatchReleaseV1alpha1, type KubeObject, type Rollout, type RolloutV1alpha1,
} from '@coxswain/kruise-api';
import type { KindAdmission } from './kind-admission.js';

const ROLLOUT_REF = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };

const asV1beta1 = (object: KubeObject) => toStorageRollout(object as Rollout | RolloutV1alpha1);

export const ROLLOUT_ADMISSION: KindAdmission = {
  errorKind: 'Rollout',
  defaults: ({ object }) => setDefaultsRollout(object),
  validate: ({ object, old, list }) => {
    const rollout = asV1beta1(object);
    const others = list ? list(ROLLOUT_REF, rollout.metadata.namespace ?? '').map(asV1beta1) : [];
    return validateRollout(rollout, { others, ...(old !== undefined ? { old: asV1beta1(old) } : {}) });
  },
  toStorage: (object) => asV1beta1(object),
};

export const BATCH_RELEASE_ADMISSION: KindAdmission = {
  errorKind: 'BatchRelease',
  defaults: ({ object }) => object,
  validate: ({ object }) => coxswainBatchReleaseRefusals(toStorageBatchRelease(object as BatchRelease | BatchReleaseV1alpha1)),
  toStorage: (object) => toStorageBatchRelease(object as BatchRelease | BatchReleaseV1alpha1),
};
