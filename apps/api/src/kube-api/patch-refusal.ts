// kube-apiserver's refusal of a patch in which fieldValidation=Strict finds unknown or repeated fields
// (k8s.io/apiserver handlers/patch.go, jsonPatcher.applyPatchToCurrentObject and applyPatchToObject):
// errors.NewInvalid with no kind and no name and one cause, the field `patch`, whose value is the patched
// object as JSON (merge and JSON patches) or the patch as Go prints a map (strategic merge patches):
//   422 Invalid   ` "" is invalid: patch: Invalid value: "{...}": strict decoding error: unknown field "spec.bogus"`
// A create or update is refused with 400 BadRequest instead (field-validation.ts), and so is a
// server-side apply. The object's JSON has its keys sorted at every level, as Go marshals the patched
// maps; the apiserver keeps a built-in kind's untouched fields in its struct order, so for those the
// embedded JSON can differ from a real cluster's in key order.
import type { KubeObject } from '@coxswain/kruise-api';
import { goJsonMarshal, goPrintValue } from './go-format.js';
import { KubeStatusError } from './kube-status.js';
import { goQuote } from './strict-decoding.js';

/** The 422 for `refusal` (`strict decoding error: ...`) found in a patch of the `role`. */
export function patchStrictDecodingRefusal(refusal: string, role: 'merge-patch' | 'strategic-patch' | 'json-patch', patched: KubeObject, patch: unknown): KubeStatusError {
  const value = role === 'strategic-patch' ? goPrintValue(patch) : goJsonMarshal(patched);
  const cause = `Invalid value: ${goQuote(value)}: ${refusal}`;
  return new KubeStatusError('Invalid', ` "" is invalid: patch: ${cause}`, { causes: [{ reason: 'FieldValueInvalid', message: cause, field: 'patch' }] });
}
