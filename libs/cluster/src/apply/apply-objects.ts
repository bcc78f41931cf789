// Applies a set of objects (the documents of one manifest) all or none. Every document is checked first
// (status only where it may be loaded, no two documents for one object). A cluster that can commit many
// objects in one transaction (the embedded store: TransactionalApplier) then applies them so; a real
// cluster cannot, so there every document is dry-run in order, then written, and the ones already
// written are undone if a later write still fails.
import { lookupResource, resourceKey, type KubeObject } from '@coxswain/kruise-api';
import { ApiError, isApiError } from '../errors.js';
import { deepEqual } from '../embedded/store/json-value.js';
import type { ClusterClient, KindRef } from '../port.js';
import { forCreate, hasStatus, mergeForApply, SEEDABLE_WITH_STATUS, type AppliedObject } from './apply-merge.js';

/** Embedded clusters can take objects with `status` (seeding a Pod or Node as it already runs). */
export interface StatusSeeder {
  seed(objects: KubeObject[]): Promise<KubeObject[]>;
}

/** One document to apply; `keepStatus` when its status is loaded too (a Pod or Node seeded with status). */
export interface ApplyDocument {
  object: KubeObject;
  keepStatus: boolean;
}

/**
 * A cluster that applies many documents as one write: every document is judged before anything is
 * committed, the result is made durable in one commit, and watchers hear of it only after that commit.
 * Throws ApplyError (naming the document) when any document cannot be applied; then nothing changed.
 */
export interface TransactionalApplier {
  applyInOneTransaction(documents: readonly ApplyDocument[], options?: { dryRun?: boolean }): Promise<AppliedObject[]>;
}

export interface ApplyOptions {
  dryRun?: boolean;
  /** Present only in embedded mode: Pods and Nodes whose manifest carries `status` go through it. */
  seeder?: StatusSeeder;
}

/** Thrown when document `documentIndex` (0-based) cannot be applied; nothing was written. */
export class ApplyError extends Error {
  constructor(readonly documentIndex: number, readonly object: KubeObject, override readonly cause: ApiError) {
    super(`document ${documentIndex + 1} (${object.kind} "${describe(object)}"): ${cause.message}`);
    this.name = 'ApplyError';
  }
}

export async function applyObjects(client: ClusterClient, objects: readonly KubeObject[], options: ApplyOptions = {}): Promise<AppliedObject[]> {
  objects.forEach((o, i) => refuseStatus(o, i, options.seeder));
  refuseDuplicates(objects);
  const documents = objects.map((object) => ({ object, keepStatus: options.seeder !== undefined && hasStatus(object) }));
  const transactional = asTransactional(options.seeder) ?? asTransactional(client);
  if (transactional) return transactional.applyInOneTransaction(documents, { dryRun: options.dryRun });
  return applyOneByOne(client, documents, options);
}

function asTransactional(candidate: unknown): TransactionalApplier | undefined {
  const applier = candidate as Partial<TransactionalApplier> | undefined;
  return typeof applier?.applyInOneTransaction === 'function' ? (applier as TransactionalApplier) : undefined;
}

async function applyOneByOne(client: ClusterClient, documents: readonly ApplyDocument[], options: ApplyOptions): Promise<AppliedObject[]> {
  const results: AppliedObject[] = [];
  const namespacesCreated = new Set<string>();
  for (const [i, { object }] of documents.entries()) {
    try {
      const current = await getIfExists(client, object);
      results.push(await writeOne(client, object, current, { dryRun: true }));
    } catch (err) {
      // A dry run creates nothing, so the contents of a Namespace the manifest creates find it missing:
      // they are checked when written, after it (and a refusal then undoes the Namespace).
      if (!isMissingNamespace(err, namespacesCreated)) throw asApplyError(err, i, object);
      results.push({ action: 'created', object: forCreate(object) });
    }
    if (object.apiVersion === 'v1' && object.kind === 'Namespace' && object.metadata.name) namespacesCreated.add(object.metadata.name);
  }
  if (options.dryRun) return results;

  const done: { current?: KubeObject; written: KubeObject }[] = [];
  const applied: AppliedObject[] = [];
  for (const [i, { object, keepStatus }] of documents.entries()) {
    try {
      // Re-read: an earlier document may have created this one's namespace, or a controller moved on.
      const current = await getIfExists(client, object);
      const seeded = keepStatus && options.seeder ? await options.seeder.seed([object]) : undefined;
      const result: AppliedObject = seeded
        ? { action: current ? 'configured' : 'created', object: seeded[0]! }
        : await writeOne(client, object, current, {});
      done.push({ current, written: result.object });
      applied.push(result);
    } catch (err) {
      await undo(client, done, options.seeder);
      throw asApplyError(err, i, object);
    }
  }
  return applied;
}

/** NotFound for one of `namespaces` (the apiserver names the resource, the embedded store the kind). */
function isMissingNamespace(err: unknown, namespaces: ReadonlySet<string>): boolean {
  if (!(err instanceof ApiError) || err.reason !== 'NotFound') return false;
  const { kind, name } = err.details;
  return (kind === 'namespaces' || kind === 'Namespace') && name !== undefined && namespaces.has(name);
}

async function writeOne(client: ClusterClient, object: KubeObject, current: KubeObject | undefined, opts: { dryRun?: boolean }): Promise<AppliedObject> {
  if (!current) return { action: 'created', object: await client.create(forCreate(object), opts) };
  const updated = await client.update(mergeForApply(current, object), opts);
  // Judged on content: a dry run consumes no resourceVersion, so comparing versions would call every
  // dry-run update unchanged.
  return { action: sameContent(updated, current) ? 'unchanged' : 'configured', object: updated };
}

/** Equal apart from what the server changes on every write. */
function sameContent(a: KubeObject, b: KubeObject): boolean {
  const strip = (o: KubeObject) => ({ ...o, metadata: { ...o.metadata, resourceVersion: undefined, managedFields: undefined } });
  return deepEqual(strip(a), strip(b));
}

async function undo(client: ClusterClient, done: { current?: KubeObject; written: KubeObject }[], seeder?: StatusSeeder): Promise<void> {
  for (const { current, written } of done.reverse()) {
    try {
      if (!current) {
        await client.delete(refOf(written), written.metadata.namespace, written.metadata.name!, { gracePeriodSeconds: 0 });
      } else if (seeder) {
        await seeder.seed([current]);
      } else {
        await client.update({ ...current, metadata: { ...current.metadata, resourceVersion: undefined } });
      }
    } catch {
      // Best effort: the original failure is what the caller must see.
    }
  }
}

async function getIfExists(client: ClusterClient, object: KubeObject): Promise<KubeObject | undefined> {
  if (!object.metadata.name) return undefined; // generateName always creates
  try {
    return await client.get(refOf(object), namespaceOf(object), object.metadata.name);
  } catch (err) {
    if (isApiError(err, 'NotFound')) return undefined;
    throw err;
  }
}

function refuseStatus(object: KubeObject, index: number, seeder: StatusSeeder | undefined): void {
  if (!hasStatus(object)) return;
  if (!seeder) {
    throw new ApplyError(index, object, ApiError.invalid(object.kind, describe(object), [
      { field: 'status', message: 'status cannot be set through a manifest when Coxswain runs against a real cluster' },
    ]));
  }
  if (!SEEDABLE_WITH_STATUS.has(object.kind)) {
    throw new ApplyError(index, object, ApiError.invalid(object.kind, describe(object), [
      { field: 'status', message: `only Pods and Nodes may carry status in a manifest; ${object.kind} status is computed by its controller` },
    ]));
  }
}

/** Two documents for one object would apply silently, the last one winning: a manifest names each object once. */
function refuseDuplicates(objects: readonly KubeObject[]): void {
  const first = new Map<string, number>();
  objects.forEach((object, index) => {
    const name = object.metadata?.name;
    const info = lookupResource(object.apiVersion, object.kind);
    if (!name || !info) return; // generateName always creates; an unknown kind is reported when applied
    const key = `${resourceKey(object.apiVersion, object.kind)}/${info.namespaced ? object.metadata.namespace || 'default' : ''}/${name}`;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, index);
      return;
    }
    throw new ApplyError(index, object, ApiError.invalid(object.kind, describe(object), [
      { field: 'metadata.name', message: `Duplicate value: ${JSON.stringify(name)}: document ${earlier + 1} already applies this ${object.kind}; a manifest may name each object once` },
    ]));
  });
}

function namespaceOf(object: KubeObject): string | undefined {
  const info = lookupResource(object.apiVersion, object.kind);
  if (info && !info.namespaced) return undefined;
  return object.metadata.namespace ?? 'default';
}

function refOf(object: KubeObject): KindRef {
  return { apiVersion: object.apiVersion, kind: object.kind };
}

function describe(object: KubeObject): string {
  const name = object.metadata?.name ?? `${object.metadata?.generateName ?? ''}*`;
  return object.metadata?.namespace ? `${object.metadata.namespace}/${name}` : name;
}

export function asApplyError(err: unknown, index: number, object: KubeObject): Error {
  if (err instanceof ApplyError) return err;
  if (isApiError(err)) return new ApplyError(index, object, err);
  return err instanceof Error ? err : new Error(String(err));
}
