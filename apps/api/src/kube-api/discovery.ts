// API discovery: the legacy documents (APIVersions, APIGroupList, APIGroup, APIResourceList) and the
// aggregated ones (APIGroupDiscoveryList, apidiscovery.k8s.io v2 and v2beta1) that kubectl asks for
// first. client-go tells them apart by the answer's Content-Type only, so the caller sets it from
// `contentType`.
import { resourcesOf, servedGroups, SUBRESOURCE_VERBS, type ServedResource } from './served-resources.js';

export interface Document {
  body: unknown;
  contentType: string;
}

const JSON_TYPE = 'application/json';

function groupVersion(group: string, version: string): string {
  return group ? `${group}/${version}` : version;
}

export function legacyRoot(host: string): Document {
  return {
    contentType: JSON_TYPE,
    body: { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: host }] },
  };
}

function apiGroup(name: string, versions: string[]) {
  const list = versions.map((v) => ({ groupVersion: groupVersion(name, v), version: v }));
  return { name, versions: list, preferredVersion: list[0] };
}

export function groupList(): Document {
  const groups = servedGroups().filter((g) => g.name !== '').map((g) => apiGroup(g.name, g.versions));
  return { contentType: JSON_TYPE, body: { kind: 'APIGroupList', apiVersion: 'v1', groups } };
}

export function group(name: string): Document | undefined {
  const found = servedGroups().find((g) => g.name === name && name !== '');
  return found ? { contentType: JSON_TYPE, body: { kind: 'APIGroup', apiVersion: 'v1', ...apiGroup(found.name, found.versions) } } : undefined;
}

export function resourceList(gv: string): Document | undefined {
  const resources = resourcesOf(gv);
  if (resources.length === 0) return undefined;
  const rows: unknown[] = [];
  for (const r of resources) {
    rows.push({
      name: r.resource,
      singularName: r.singular,
      namespaced: r.namespaced,
      kind: r.kind,
      verbs: r.verbs,
      ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
      ...(r.categories.length ? { categories: r.categories } : {}),
    });
    if (r.status) rows.push({ name: `${r.resource}/status`, singularName: '', namespaced: r.namespaced, kind: r.kind, verbs: SUBRESOURCE_VERBS });
    if (r.scale) {
      rows.push({ name: `${r.resource}/scale`, singularName: '', namespaced: r.namespaced, group: 'autoscaling', version: 'v1', kind: 'Scale', verbs: SUBRESOURCE_VERBS });
    }
  }
  return { contentType: JSON_TYPE, body: { kind: 'APIResourceList', apiVersion: 'v1', groupVersion: gv, resources: rows } };
}

function discoveryResource(r: ServedResource) {
  const responseKind = { group: r.group, version: r.version, kind: r.kind };
  const subresources = [
    ...(r.status ? [{ subresource: 'status', responseKind, verbs: SUBRESOURCE_VERBS }] : []),
    ...(r.scale ? [{ subresource: 'scale', responseKind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, verbs: SUBRESOURCE_VERBS }] : []),
  ];
  return {
    resource: r.resource,
    responseKind,
    scope: r.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: r.singular,
    verbs: r.verbs,
    ...(r.shortNames.length ? { shortNames: r.shortNames } : {}),
    ...(r.categories.length ? { categories: r.categories } : {}),
    ...(subresources.length ? { subresources } : {}),
  };
}

/** `/api` (the core group) or `/apis` (every other group) as one aggregated document. */
export function aggregated(legacy: boolean, version: 'v2' | 'v2beta1'): Document {
  const groups = servedGroups().filter((g) => (g.name === '') === legacy);
  const items = groups.map((g) => ({
    metadata: { name: g.name, creationTimestamp: null },
    versions: g.versions.map((v) => ({ version: v, resources: resourcesOf(groupVersion(g.name, v)).map(discoveryResource), freshness: 'Current' })),
  }));
  return {
    contentType: `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList`,
    body: { kind: 'APIGroupDiscoveryList', apiVersion: `apidiscovery.k8s.io/${version}`, metadata: {}, items },
  };
}
