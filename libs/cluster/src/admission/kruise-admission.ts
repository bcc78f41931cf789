// Kruise's webhooks for the embedded cluster: CloneSet writes in either served version are defaulted
// (mutating webhook), validated (validating webhook, Kubernetes-style field errors) and stored in the
// storage version v1beta1 (CRD conversion). Other kinds pass through unchanged.
import {
  DEFAULT_FEATURE_GATES, groupOf, setDefaultsCloneSetAnyVersion, toStorageCloneSet, validateCloneSet,
  type CloneSet, type CloneSetV1alpha1, type FeatureGates, type Pod,
} from '@coxswain/kruise-api';
import { ApiError } from '../errors.js';
import type { AdmissionHook } from '../embedded/store/admission.js';

const POD = { apiVersion: 'v1', kind: 'Pod' };

export function kruiseAdmission(gates: FeatureGates = DEFAULT_FEATURE_GATES): AdmissionHook {
  return (request) => {
    const { object } = request;
    if (object.kind !== 'CloneSet' || groupOf(object.apiVersion) !== 'apps.kruise.io') return object;
    const version = object.apiVersion.endsWith('/v1alpha1') ? 'v1alpha1' : 'v1beta1';
    const old = request.old as CloneSet | CloneSetV1alpha1 | undefined;
    const defaulted = setDefaultsCloneSetAnyVersion(object as CloneSet | CloneSetV1alpha1, { old, gates });
    const errors = validateCloneSet(defaulted, {
      version,
      old,
      podsLookup: (namespace, name) => request.get(POD, namespace, name) as Pod | undefined,
    });
    if (errors.length > 0) throw ApiError.fromFieldErrors('CloneSet', object.metadata.name ?? '', errors);
    return toStorageCloneSet(defaulted);
  };
}
