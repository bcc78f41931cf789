// REST paths of a kind, in the version the cluster serves it in. Kinds Coxswain knows take their
// plural and scope from its table; the served version is learnt once per group and kind from
// discovery, falling back to another version of the kind when the requested one is not served and
// the two convert.
import { KINDS, groupOf, type KindInfo } from '@coxswain/kruise-api';
import { ApiError, isApiError } from '../errors.js';
import type { KindRef } from '../port.js';
import { canConvert } from './conversion.js';
import type { RawApi } from './raw-api.js';

export interface ResolvedResource {
  /** The apiVersion requests are made in. */
  wireVersion: string;
  plural: string;
  namespaced: boolean;
}

interface ApiResourceList {
  resources: { name: string; kind: string; namespaced: boolean }[];
}

interface ApiGroup {
  versions: { groupVersion: string }[];
  preferredVersion?: { groupVersion: string };
}

export class ResourcePaths {
  private readonly resolved = new Map<string, Promise<ResolvedResource>>();
  private readonly lists = new Map<string, Promise<ApiResourceList | undefined>>();

  constructor(private readonly api: RawApi) {}

  resolve(ref: KindRef): Promise<ResolvedResource> {
    const key = `${ref.apiVersion}/${ref.kind}`;
    let hit = this.resolved.get(key);
    if (!hit) {
      hit = this.discover(ref);
      // A failed discovery (cluster unreachable) is tried again next time.
      hit.catch(() => this.resolved.delete(key));
      this.resolved.set(key, hit);
    }
    return hit;
  }

  /** `/api/v1/namespaces/ns/pods/name/status`, with the parts that apply. */
  path(resolved: ResolvedResource, namespace: string | undefined, name?: string, subresource?: string): string {
    const group = groupOf(resolved.wireVersion);
    const parts = [group ? `/apis/${resolved.wireVersion}` : `/api/${resolved.wireVersion}`];
    if (resolved.namespaced && namespace) parts.push('namespaces', encodeURIComponent(namespace));
    parts.push(resolved.plural);
    if (name !== undefined) parts.push(encodeURIComponent(name));
    if (subresource) parts.push(subresource);
    return parts.join('/');
  }

  private async discover(ref: KindRef): Promise<ResolvedResource> {
    const known: KindInfo | undefined = KINDS.find((k) => k.kind === ref.kind && k.apiVersions.includes(ref.apiVersion));
    const inRequested = await this.find(ref.apiVersion, ref.kind);
    if (inRequested) return { wireVersion: ref.apiVersion, plural: inRequested.name, namespaced: inRequested.namespaced };
    const group = groupOf(ref.apiVersion);
    if (group) {
      const apiGroup = await this.api.send<ApiGroup>({ method: 'GET', path: `/apis/${group}` }).catch((err) => {
        if (isApiError(err, 'NotFound')) return undefined;
        throw err;
      });
      const versions = apiGroup ? [apiGroup.preferredVersion?.groupVersion, ...apiGroup.versions.map((v) => v.groupVersion)] : [];
      for (const version of versions) {
        if (!version || version === ref.apiVersion || !canConvert(ref.kind, version, ref.apiVersion)) continue;
        const found = await this.find(version, ref.kind);
        if (found) return { wireVersion: version, plural: found.name, namespaced: found.namespaced };
      }
    }
    const where = known ? '' : ' (and Coxswain does not know the kind either)';
    throw new ApiError('NotFound', `the cluster does not serve ${ref.kind} in ${ref.apiVersion} or a version Coxswain can convert from${where}; are the CRDs installed?`, { kind: ref.kind });
  }

  private async find(apiVersion: string, kind: string): Promise<{ name: string; namespaced: boolean } | undefined> {
    let list = this.lists.get(apiVersion);
    if (!list) {
      const path = groupOf(apiVersion) ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      list = this.api.send<ApiResourceList>({ method: 'GET', path }).catch((err) => {
        if (isApiError(err, 'NotFound')) return undefined;
        this.lists.delete(apiVersion);
        throw err;
      });
      this.lists.set(apiVersion, list);
    }
    return (await list)?.resources.find((r) => r.kind === kind && !r.name.includes('/'));
  }
}
