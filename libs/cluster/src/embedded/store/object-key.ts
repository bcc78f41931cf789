// Where an object lives in the store: resource (group + kind, any served version) / namespace / name.
// CloneSet apps.kruise.io/v1alpha1 and v1beta1 therefore address the same stored object.
import { lookupKind, resourceKey, type KindInfo } from '@coxswain/kruise-api';
import { ApiError } from '../../errors.js';
import type { KindRef } from '../../port.js';

export const DEFAULT_NAMESPACE = 'default';

export interface ResolvedKind {
  info: KindInfo;
  /** `resourceKey` of the kind: "Pod", "CloneSet.apps.kruise.io". */
  resource: string;
}

const resolved = new Map<string, ResolvedKind>();

/** The served kind for apiVersion + kind; NotFound naming both when Coxswain does not serve it. */
export function resolveKind(ref: KindRef): ResolvedKind {
  if (typeof ref?.apiVersion !== 'string' || typeof ref.kind !== 'string' || !ref.apiVersion || !ref.kind) {
    throw ApiError.badRequest('apiVersion and kind are required');
  }
  const cacheKey = `${ref.apiVersion}/${ref.kind}`;
  let hit = resolved.get(cacheKey);
  if (!hit) {
    const info = lookupKind(ref.apiVersion, ref.kind);
    if (!info) {
      throw new ApiError('NotFound', `no matches for kind "${ref.kind}" in version "${ref.apiVersion}"`, { kind: ref.kind });
    }
    hit = { info, resource: resourceKey(ref.apiVersion, ref.kind) };
    resolved.set(cacheKey, hit);
  }
  return hit;
}

/**
 * The namespace an operation addresses: namespaced kinds default to "default" (as kubectl does);
 * cluster-scoped kinds have none, and asking for one is a bad request rather than a silent miss.
 */
export function scopeNamespace(kind: ResolvedKind, namespace: string | undefined): string {
  if (kind.info.namespaced) return namespace || DEFAULT_NAMESPACE;
  if (namespace) throw ApiError.badRequest(`${kind.info.kind} is cluster-scoped; namespace "${namespace}" must be omitted`);
  return '';
}

export function objectKey(resource: string, namespace: string, name: string): string {
  return `${resource}/${namespace}/${name}`;
}
