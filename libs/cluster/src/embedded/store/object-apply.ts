// Planning of a manifest apply as one write: each document is created, updated (merged over the stored
// object as apply does) or seeded with its status, in order, in the same transaction, so a later document
// sees what earlier ones did. A document that cannot be applied fails the whole write (the batcher rolls
// the transaction back to before the first document), naming the document.
import type { KubeObject } from '@coxswain/kruise-api';
import { asApplyError, type ApplyDocument } from '../../apply/apply-objects.js';
import { forCreate, mergeForApply, type AppliedObject } from '../../apply/apply-merge.js';
import { planCreate, planSeed } from './object-creation.js';
import { objectKey, resolveKind, DEFAULT_NAMESPACE } from './object-key.js';
import { planUpdate } from './object-replacement.js';
import type { WriteContext } from './write-context.js';
import type { WriteTransaction } from './write-transaction.js';

export function planApply(tx: WriteTransaction, ctx: WriteContext, documents: readonly ApplyDocument[]): AppliedObject[] {
  return documents.map((document, index) => {
    try {
      return applyDocument(tx, ctx, document);
    } catch (err) {
      throw asApplyError(err, index, document.object);
    }
  });
}

function applyDocument(tx: WriteTransaction, ctx: WriteContext, { object, keepStatus }: ApplyDocument): AppliedObject {
  const changesBefore = tx.changes.length;
  const current = storedVersionOf(tx, object);
  let result: KubeObject;
  if (keepStatus) result = planSeed(tx, ctx, [object])[0]!;
  else if (!current) result = planCreate(tx, ctx, forCreate(object));
  else result = planUpdate(tx, ctx, mergeForApply(current, object));
  // Decided by what the transaction recorded, so a dry run answers exactly what the write would.
  const action = !current ? 'created' : tx.changes.length > changesBefore ? 'configured' : 'unchanged';
  return { action, object: result };
}

/** The object the document names as this transaction sees it; none for generateName. */
function storedVersionOf(tx: WriteTransaction, object: KubeObject): KubeObject | undefined {
  const name = object.metadata?.name;
  if (!name) return undefined;
  const kind = resolveKind(object);
  const namespace = kind.info.namespaced ? object.metadata.namespace || DEFAULT_NAMESPACE : '';
  return tx.get(objectKey(kind.resource, namespace, name))?.object;
}
