// Fields a write names that its kind's schema does not declare (a misspelling, or the v1beta1 shape in a
// v1alpha1 object), and keys a manifest's text repeats: GraphQL refuses them by default, naming each, or
// drops the unknown fields and keeps the last of a repeated key when asked, so nothing is stored that no
// controller reads and nothing written is silently lost. The Kubernetes API reads its `fieldValidation`
// parameter instead (kube-api/field-validation.ts); both prune with the same schemas.
import { pruneObjectUnknownFields, type KubeObject } from '@coxswain/kruise-api';
import { DomainError } from '../errors/domain-error.js';

export enum FieldValidation {
  STRICT = 'STRICT',
  IGNORE = 'IGNORE',
}

/**
 * `object` without its unknown fields; with STRICT a BAD_USER_INPUT naming them, and the `repeated` keys
 * of its text, instead. `at` prefixes the field paths of a value that is not the object itself (a patch:
 * `patch.spec.bogus`); `details` go along with the refusal (the manifest document it is about).
 */
export function admitKnownFields<T extends Pick<KubeObject, 'apiVersion' | 'kind'>>(
  object: T,
  validation: FieldValidation,
  at = '',
  details: Record<string, unknown> = {},
  repeated: readonly string[] = [],
): T {
  const { object: pruned, unknownFields } = pruneObjectUnknownFields(object);
  if ((unknownFields.length === 0 && repeated.length === 0) || validation === FieldValidation.IGNORE) return pruned;
  const unknown = unknownFields.map((f) => `${at}${f}`);
  const twice = [...new Set(repeated)].map((f) => `${at}${f}`);
  const list = (fields: string[]) => fields.map((f) => JSON.stringify(f)).join(', ');
  const problems = [
    ...(unknown.length > 0 ? [`does not declare ${list(unknown)}`] : []),
    ...(twice.length > 0 ? [`repeats ${list(twice)}`] : []),
  ];
  const remedy = twice.length === 0 ? 'drop unknown fields' : unknown.length === 0 ? 'keep the last of each' : 'drop unknown fields and keep the last of each repeated one';
  throw new DomainError(
    'BAD_USER_INPUT',
    `${object.kind} ${object.apiVersion} ${problems.join(' and ')} (pass fieldValidation: IGNORE to ${remedy})`,
    { fieldErrors: [...unknown.map((field) => ({ field, message: 'unknown field' })), ...twice.map((field) => ({ field, message: 'duplicate field' }))], details },
  );
}
