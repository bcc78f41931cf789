// Planning of create and seed: system fields stamped, names generated, the namespace made to exist.
import type { KubeObject } from '@coxswain/kruise-api';
import { isoNow } from '../../clock.js';
import { ApiError } from '../../errors.js';
import { deepEqual } from './json-value.js';
import { keyOf, readIncoming, type IncomingObject } from './incoming-object.js';
import { validateMetadata } from './metadata-validation.js';
import { admit } from './admit.js';
import { prepareForCreate } from './create-strategy.js';
import { objectKey } from './object-key.js';
import { specChanged } from './spec-change.js';
import type { WriteContext } from './write-context.js';
import type { WriteTransaction } from './write-transaction.js';
import type { WriteOptions } from '../../port.js';

const NAME_SUFFIX_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const NAME_SUFFIX_LENGTH = 5;
/** Kubernetes truncates the prefix so generated names still fit a 63-character label. */
const MAX_GENERATE_NAME_PREFIX = 63 - NAME_SUFFIX_LENGTH;
/** A generated name that is taken is drawn again, as unlikely collisions should not fail a create. */
const GENERATE_NAME_ATTEMPTS = 8;
const NAMESPACE_RESOURCE = 'Namespace';

export function planCreate(tx: WriteTransaction, ctx: WriteContext, input: KubeObject, options: WriteOptions = {}): KubeObject {
  const incoming = readIncoming(input);
  const { kind, namespace } = incoming;
  if (incoming.object.metadata.resourceVersion) {
    throw ApiError.badRequest('resourceVersion should not be set on objects to be created');
  }
  if (!incoming.object.metadata.name && incoming.object.metadata.generateName) {
    incoming.object.metadata.name = freeGeneratedName(tx, incoming, ctx.random);
  }
  assertValidMetadata(incoming);
  const key = keyOf(incoming);
  if (tx.get(key)) throw ApiError.alreadyExists(kind.info.kind, incoming.object.metadata.name!);
  const object = admit(tx, ctx, 'CREATE', incoming.object, undefined);
  const meta = object.metadata;
  ensureNamespace(tx, ctx, incoming, options.createNamespace ?? ctx.autoCreateNamespaces);

  meta.uid = ctx.newUid();
  meta.creationTimestamp = isoNow(ctx.clock);
  meta.generation = 1;
  delete meta.resourceVersion;
  delete meta.deletionTimestamp;
  delete meta.deletionGracePeriodSeconds;
  // The status subresource is written by controllers through updateStatus only.
  if (kind.info.hasStatusSubresource) delete object.status;
  prepareForCreate(object, kind);
  return tx.put({ key, resource: kind.resource, namespace, object });
}

/**
 * Create-or-replace of many objects as one all-or-nothing write, keeping `status` (to load Pods and Nodes
 * as they were). Namespaces go first so a file listing a Namespace after its contents loads as written.
 */
export function planSeed(tx: WriteTransaction, ctx: WriteContext, inputs: readonly KubeObject[]): KubeObject[] {
  const incoming = inputs.map((input) => readIncoming(input));
  const order = incoming.map((_, i) => i);
  order.sort((a, b) => rank(incoming[a]!) - rank(incoming[b]!) || a - b);
  const results: KubeObject[] = new Array(incoming.length);
  for (const i of order) results[i] = seedOne(tx, ctx, incoming[i]!);
  return results;
}

function rank(incoming: IncomingObject): number {
  return incoming.kind.resource === NAMESPACE_RESOURCE ? 0 : 1;
}

function seedOne(tx: WriteTransaction, ctx: WriteContext, incoming: IncomingObject): KubeObject {
  const { kind, namespace } = incoming;
  if (!incoming.object.metadata.name && incoming.object.metadata.generateName) {
    incoming.object.metadata.name = freeGeneratedName(tx, incoming, ctx.random);
  }
  assertValidMetadata(incoming);
  const key = keyOf(incoming);
  const existing = tx.get(key)?.object;
  const object = admit(tx, ctx, existing ? 'UPDATE' : 'CREATE', incoming.object, existing);
  const meta = object.metadata;
  ensureNamespace(tx, ctx, incoming, ctx.autoCreateNamespaces);

  meta.uid = meta.uid || existing?.metadata.uid || ctx.newUid();
  const holder = tx.keyOfUid(meta.uid);
  if (holder !== undefined && holder !== key) {
    throw ApiError.invalid(kind.info.kind, meta.name!, [{ field: 'metadata.uid', message: `"${meta.uid}" already belongs to ${holder}` }]);
  }
  meta.creationTimestamp = meta.creationTimestamp || existing?.metadata.creationTimestamp || isoNow(ctx.clock);
  if (meta.generation === undefined) {
    const previous = existing?.metadata.generation ?? 0;
    meta.generation = existing ? previous + (specChanged(object, existing) ? 1 : 0) : 1;
  }
  meta.resourceVersion = existing?.metadata.resourceVersion;
  if (existing && deepEqual(object, existing)) return existing;
  return tx.put({ key, resource: kind.resource, namespace, object });
}

function assertValidMetadata(incoming: IncomingObject): void {
  const causes = validateMetadata(incoming.object, incoming.kind.resource === NAMESPACE_RESOURCE);
  if (causes.length > 0) throw ApiError.invalid(incoming.kind.info.kind, incoming.object.metadata.name ?? '', causes);
}

function freeGeneratedName(tx: WriteTransaction, incoming: IncomingObject, random: () => number): string {
  const prefix = incoming.object.metadata.generateName!.slice(0, MAX_GENERATE_NAME_PREFIX);
  let name = '';
  for (let attempt = 0; attempt < GENERATE_NAME_ATTEMPTS; attempt++) {
    name = prefix;
    for (let i = 0; i < NAME_SUFFIX_LENGTH; i++) {
      name += NAME_SUFFIX_ALPHABET[Math.floor(random() * NAME_SUFFIX_ALPHABET.length) % NAME_SUFFIX_ALPHABET.length];
    }
    if (!tx.get(objectKey(incoming.kind.resource, incoming.namespace, name))) return name;
  }
  return name; // still taken after every draw: the create reports AlreadyExists, as the apiserver does
}

/** A namespaced object needs its Namespace: created in the same batch when allowed, refused when terminating. */
function ensureNamespace(tx: WriteTransaction, ctx: WriteContext, incoming: IncomingObject, create: boolean): void {
  if (!incoming.kind.info.namespaced) return;
  const name = incoming.namespace;
  const key = objectKey(NAMESPACE_RESOURCE, '', name);
  const existing = tx.get(key);
  if (existing) {
    if (existing.object.metadata.deletionTimestamp) {
      throw new ApiError('Forbidden', `unable to create new content in namespace ${name} because it is being terminated`, {
        kind: 'Namespace',
        name,
      });
    }
    return;
  }
  // The apiserver's words (NamespaceLifecycle): `namespaces "x" not found`.
  if (!create) throw new ApiError('NotFound', `namespaces ${JSON.stringify(name)} not found`, { kind: 'Namespace', name });
  const namespace: KubeObject = {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: { name, uid: ctx.newUid(), creationTimestamp: isoNow(ctx.clock), generation: 1 },
  };
  tx.put({ key, resource: NAMESPACE_RESOURCE, namespace: '', object: namespace });
}
