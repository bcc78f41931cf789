// What a request path of the Kubernetes API addresses: version, discovery, OpenAPI, or a resource
// (collection, object, or an object's subresource) in a group version, optionally in a namespace.

export type KubePath =
  | { type: 'version' }
  | { type: 'discovery-root'; legacy: boolean }
  | { type: 'discovery-group'; group: string }
  | { type: 'discovery-version'; groupVersion: string }
  | { type: 'openapi-index' }
  | { type: 'openapi-document'; groupVersion: string }
  | { type: 'openapi-v2' }
  | ResourcePath
  | { type: 'unknown' };

export interface ResourcePath {
  type: 'resource';
  groupVersion: string;
  resource: string;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** Subresources of a Namespace that are not a namespaced collection named like them. */
const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

export function parseKubePath(pathname: string): KubePath {
  const segments = pathname.split('/').filter((s) => s !== '').map(decodeSegment);
  if (segments.some((s) => s === undefined)) return { type: 'unknown' };
  const s = segments as string[];
  if (s.length === 1 && s[0] === 'version') return { type: 'version' };
  if (s[0] === 'openapi') {
    if (s[1] === 'v2' && s.length === 2) return { type: 'openapi-v2' };
    if (s[1] === 'v3' && s.length === 2) return { type: 'openapi-index' };
    if (s[1] === 'v3' && (s[2] === 'api' || s[2] === 'apis') && s.length > 3) return { type: 'openapi-document', groupVersion: s.slice(3).join('/') };
    return { type: 'unknown' };
  }
  if (s[0] === 'api') {
    if (s.length === 1) return { type: 'discovery-root', legacy: true };
    if (s.length === 2) return { type: 'discovery-version', groupVersion: s[1]! };
    return resourcePath(s[1]!, s.slice(2));
  }
  if (s[0] === 'apis') {
    if (s.length === 1) return { type: 'discovery-root', legacy: false };
    if (s.length === 2) return { type: 'discovery-group', group: s[1]! };
    if (s.length === 3) return { type: 'discovery-version', groupVersion: `${s[1]}/${s[2]}` };
    return resourcePath(`${s[1]}/${s[2]}`, s.slice(3));
  }
  return { type: 'unknown' };
}

function resourcePath(groupVersion: string, rest: string[]): KubePath {
  if (rest[0] === 'namespaces' && rest.length >= 3 && !(rest.length === 3 && NAMESPACE_SUBRESOURCES.has(rest[2]!))) {
    const [, namespace, resource, name, subresource, ...extra] = rest;
    if (extra.length > 0) return { type: 'unknown' };
    return { type: 'resource', groupVersion, namespace, resource: resource!, name, subresource };
  }
  const [resource, name, subresource, ...extra] = rest;
  if (extra.length > 0) return { type: 'unknown' };
  return { type: 'resource', groupVersion, resource: resource!, name, subresource };
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
