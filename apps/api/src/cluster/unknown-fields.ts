// Fields a write names that its kind's schema does not declare (a misspelling, or the v1beta1 shape in a
// v1alpha1 object): GraphQL refuses them by default, naming each, or drops them when asked, so nothing
// is stored that no controller reads. The Kubernetes API reads its `fieldValidation` parameter instead
// (kube-api/field-validation.ts); both prune with the same schemas.
import { pruneObjectUnknownFields, type KubeObject } from '@coxswain/kruise-api';
import { DomainError } from '../errors/domain-error.js';

export enum FieldValidation {
  STRICT = 'STRICT',
  IGNORE = 'IGNORE',
}

/**
 * `object` without its unknown fields; with STRICT a BAD_USER_INPUT naming them instead. `at` prefixes
 * the field paths of a value that is not the object itself (a patch: `patch.spec.bogus`); `details` go
 * along with the refusal (the manifest document it is about).
 */
export function admitKnownFields<T extends Pick<KubeObject, 'apiVersion' | 'kind'>>(
  object: T,
  validation: FieldValidation,
  at = '',
  details: Record<string, unknown> = {},
): T {
  const { object: pruned, unknownFields } = pruneObjectUnknownFields(object);
  if (unknownFields.length === 0 || validation === FieldValidation.IGNORE) return pruned;
  const fields = unknownFields.map((f) => `${at}${f}`);
  throw new DomainError(
    'BAD_USER_INPUT',
    `${object.kind} ${object.apiVersion} does not declare ${fields.map((f) => JSON.stringify(f)).join(', ')} (pass fieldValidation: IGNORE to drop unknown fields)`,
    { fieldErrors: fields.map((field) => ({ field, message: 'unknown field' })), details },
  );
}
