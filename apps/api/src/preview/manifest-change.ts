// A full manifest of the workload as the proposed change: read as applyManifest reads it (one document,
// unknown or repeated fields refused), of the same kind, namespace and name, and judged by the cluster's
// own admission in a dry run (nothing is written); the object the dry run answers is what the fork is
// given. Every refusal names its field under `change.manifest`.
import { applyObjects, type ClusterClient } from '@coxswain/cluster';
import { readManifests, type FieldMessage, type KubeObject } from '@coxswain/kruise-api';
import type { WorkloadKindDescriptor } from '@coxswain/workloads';
import { asDomainError } from '../errors/known-errors.js';
import { admitKnownFields, FieldValidation } from '../cluster/unknown-fields.js';
import { MAX_FORKED_PODS } from './fork-snapshot.js';
import { PreviewInputError } from './preview-errors.js';

const FIELD = 'change.manifest';
/** The longest manifest a preview reads: far above any one workload's, far below what would strain the API. */
export const MAX_MANIFEST_CHARS = 1_000_000;

export async function manifestChange(source: ClusterClient, descriptor: WorkloadKindDescriptor, workload: KubeObject, text: string): Promise<KubeObject> {
  if (typeof text !== 'string' || text.trim() === '') throw new PreviewInputError(FIELD, 'the manifest is empty');
  if (text.length > MAX_MANIFEST_CHARS) throw new PreviewInputError(FIELD, `the manifest has ${text.length} characters; a preview reads at most ${MAX_MANIFEST_CHARS}`);
  if (text.includes('\u0000')) throw new PreviewInputError(FIELD, 'the manifest contains a NUL character');
  const { objects, duplicates } = refusedAs(() => readManifests(text));
  if (objects.length !== 1) throw new PreviewInputError(FIELD, `give one document, the ${descriptor.clusterKind} itself (got ${objects.length})`);
  const read = objects[0]!;
  // The kind first: another kind's fields would be reported as unknown ones of this kind.
  if (read.kind !== descriptor.clusterKind || !descriptor.servedVersions.includes(read.apiVersion)) {
    throw new PreviewInputError(`${FIELD}.kind`, `the manifest is a ${read.kind} ${read.apiVersion}, not the ${descriptor.clusterKind} previewed (${descriptor.servedVersions.join(' or ')})`);
  }
  const object = refusedAs(() => admitKnownFields(read, FieldValidation.STRICT, '', {}, duplicates.map((d) => d.path)));
  // The cluster keeps a workload's status itself: a change proposes the rest.
  if ((object as { status?: unknown }).status !== undefined) throw new PreviewInputError(`${FIELD}.status`, 'a proposed change is the workload without its status: leave status out');
  const { namespace, name } = workload.metadata;
  if (object.metadata?.name !== name) throw new PreviewInputError(`${FIELD}.metadata.name`, `the manifest names ${JSON.stringify(object.metadata?.name ?? null)}, not ${name}: a preview changes the workload it previews`);
  if (object.metadata.namespace !== undefined && object.metadata.namespace !== namespace) {
    throw new PreviewInputError(`${FIELD}.metadata.namespace`, `the manifest is in namespace ${JSON.stringify(object.metadata.namespace)}, not ${namespace}`);
  }
  const [applied] = await refusedAsync(() => applyObjects(source, [{ ...object, metadata: { ...object.metadata, namespace } }], { dryRun: true }));
  const changed = applied!.object;
  // The fork would hold every pod: past the cap the answer is an error, not an unbounded simulation.
  if (descriptor.replicas(changed) > MAX_FORKED_PODS) throw new PreviewInputError(`${FIELD}.spec.replicas`, `a preview forks at most ${MAX_FORKED_PODS} pods, not ${descriptor.replicas(changed)}`);
  return changed;
}

/** A manifest's parse error, unknown fields or the cluster's refusal, as a PreviewInputError whose fields sit under change.manifest. */
function asInputError(err: unknown): unknown {
  if (err instanceof PreviewInputError) return err;
  const domain = asDomainError(err);
  if (!domain || domain.code !== 'BAD_USER_INPUT') return err;
  const fields: FieldMessage[] = (domain.options.fieldErrors ?? []).map((f) => ({ field: f.field ? `${FIELD}.${f.field}` : FIELD, message: f.message }));
  return new PreviewInputError(fields.length === 1 ? fields[0]!.field : FIELD, domain.message, fields);
}

function refusedAs<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    throw asInputError(err);
  }
}

async function refusedAsync<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw asInputError(err);
  }
}
