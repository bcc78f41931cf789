// Applies a set of objects (the documents of one manifest) all or none: every document is first
// dry-run in order, then written; if a real write still fails, the ones already written are undone.
import { lookupKind, type KubeObject } from '@coxswain/kruise-api';
import { ApiError, isApiError } from '../errors.js';
import type { ClusterClient, KindRef } from '../port.js';

export type ApplyAction = 'created' | 'configured' | 'unchanged';

export interface AppliedObject {
  action: ApplyAction;
  object: KubeObject;
}

/** Embedded clusters can take objects with `status` (seeding a Pod or Node as it already runs). */
export interface StatusSeeder {
  seed(objects: KubeObject[]): Promise<KubeObject[]>;
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

const SEEDABLE_WITH_STATUS = new Set(['Pod', 'Node']);

export async function applyObjects(client: ClusterClient, objects: readonly KubeObject[], options: ApplyOptions = {}): Promise<AppliedObject[]> {
  objects.forEach((o, i) => refuseStatus(o, i, options.seeder));

  const planned: { current?: KubeObject; object: KubeObject }[] = [];
  const results: AppliedObject[] = [];
  for (const [i, object] of objects.entries()) {
    try {
      const current = await getIfExists(client, object);
      const result = await writeOne(client, object, current, { dryRun: true });
      planned.push({ current, object });
      results.push(result);
    } catch (err) {
      throw asApplyError(err, i, object);
    }
  }
  if (options.dryRun) return results;

  const done: { current?: KubeObject; written: KubeObject }[] = [];
  const applied: AppliedObject[] = [];
  for (const [i, { object }] of planned.entries()) {
    try {
      // Re-read: an earlier document may have created this one's namespace, or a controller moved on.
      const current = await getIfExists(client, object);
      const seeded = hasStatus(object) && options.seeder ? await options.seeder.seed([object]) : undefined;
      const result = seeded
        ? { action: (current ? 'configured' : 'created') as ApplyAction, object: seeded[0]! }
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

async function writeOne(client: ClusterClient, object: KubeObject, current: KubeObject | undefined, opts: { dryRun?: boolean }): Promise<AppliedObject> {
  if (!current) return { action: 'created', object: await client.create(stripServerFields(object), opts) };
  const desired: KubeObject = {
    ...current,
    ...withoutStatus(object),
    metadata: {
      ...current.metadata,
      labels: object.metadata.labels ?? current.metadata.labels,
      annotations: object.metadata.annotations ?? current.metadata.annotations,
      ownerReferences: object.metadata.ownerReferences ?? current.metadata.ownerReferences,
      finalizers: object.metadata.finalizers ?? current.metadata.finalizers,
    },
  };
  const updated = await client.update(desired, opts);
  return { action: updated.metadata.resourceVersion === current.metadata.resourceVersion ? 'unchanged' : 'configured', object: updated };
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

function hasStatus(object: KubeObject): boolean {
  return object.status !== undefined && object.status !== null && Object.keys(object.status as object).length > 0;
}

function withoutStatus(object: KubeObject): KubeObject {
  const { status: _status, ...rest } = object;
  return rest as KubeObject;
}

function stripServerFields(object: KubeObject): KubeObject {
  const { uid: _u, resourceVersion: _rv, generation: _g, creationTimestamp: _c, deletionTimestamp: _d, ...metadata } = object.metadata;
  return { ...withoutStatus(object), metadata };
}

function namespaceOf(object: KubeObject): string | undefined {
  const info = lookupKind(object.apiVersion, object.kind);
  if (info && !info.namespaced) return undefined;
  return object.metadata.namespace ?? 'default';
}

function refOf(object: KubeObject): KindRef {
  return { apiVersion: object.apiVersion, kind: object.kind };
}

function describe(object: KubeObject): string {
  const name = object.metadata.name ?? `${object.metadata.generateName ?? ''}*`;
  return object.metadata.namespace ? `${object.metadata.namespace}/${name}` : name;
}

function asApplyError(err: unknown, index: number, object: KubeObject): Error {
  if (err instanceof ApplyError) return err;
  if (isApiError(err)) return new ApplyError(index, object, err);
  return err instanceof Error ? err : new Error(String(err));
}
