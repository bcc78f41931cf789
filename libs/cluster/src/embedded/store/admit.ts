// Runs the store's admission hook inside a write: lookups read the transaction, and the result must
// still be the same object (kind, name, namespace) in a version the store serves.
import type { KubeObject } from '@coxswain/kruise-api';
import { isoNow } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { copyInput } from './json-value.js';
import { objectKey, resolveKind, scopeNamespace } from './object-key.js';
import type { WriteContext } from './write-context.js';
import type { WriteTransaction } from './write-transaction.js';

export function admit(tx: WriteTransaction, ctx: WriteContext, operation: 'CREATE' | 'UPDATE', object: KubeObject, old: KubeObject | undefined): KubeObject {
  if (!ctx.admission) return object;
  const admitted = ctx.admission({
    operation,
    object,
    old,
    now: isoNow(ctx.clock),
    get: (ref, namespace, name) => {
      const kind = resolveKind(ref);
      return tx.get(objectKey(kind.resource, scopeNamespace(kind, namespace), name))?.object;
    },
    list: (ref, namespace) => {
      const kind = resolveKind(ref);
      return tx.list(kind.resource, scopeNamespace(kind, namespace));
    },
  });
  if (admitted === object) return object;
  const before = resolveKind(object);
  const after = resolveKind(admitted);
  if (after.resource !== before.resource || admitted.metadata.name !== object.metadata.name || admitted.metadata.namespace !== object.metadata.namespace) {
    throw new ApiError('InternalError', `admission changed the identity of ${before.info.kind} "${object.metadata.name}"`);
  }
  // The store owns what it keeps; the hook's result may share structure with its input.
  return copyInput(admitted, `${after.info.kind} object`) as unknown as KubeObject;
}
