// A real cluster's gatekeeping, for tests of docker/kubernetes: the apiserver's RBAC over the roles bound
// to Coxswain's ServiceAccount in coxswain.yaml (each request's verb, API group, resource and namespace
// read as the apiserver's RequestInfo reads them; a request no rule grants is a 403 in its words), and
// the versions a cluster with a given CRDs file serves the Kruise kinds in (discovery lists only those;
// a request in another version is the apiserver's 404). Used as a KubeFacade intercept.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { resourceList } from '../../src/kube-api/discovery.js';
import { parseKubePath } from '../../src/kube-api/paths.js';
import type { KubeIntercept } from './kube-facade.js';

/** What RBAC decides on: the apiserver's request attributes. */
export interface RequestAttributes {
  verb: string;
  apiGroup: string;
  apiVersion: string;
  /** With the subresource: `pods/status`. */
  resource: string;
  namespace: string | undefined;
  name: string | undefined;
}

/** "apps.kruise.io clonesets/status update": how requests and rules are compared and listed. */
export function permission(a: Pick<RequestAttributes, 'apiGroup' | 'resource' | 'verb'>): string {
  return `${a.apiGroup} ${a.resource} ${a.verb}`;
}

const VERB_BY_METHOD: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'patch' };

/** The request's attributes, or undefined for a non-resource request (discovery, /version, OpenAPI). */
export function requestAttributes(method: string, url: string): RequestAttributes | undefined {
  const parsed = new URL(url, 'http://x');
  const path = parseKubePath(parsed.pathname);
  if (path.type !== 'resource') return undefined;
  const slash = path.groupVersion.indexOf('/');
  const apiGroup = slash < 0 ? '' : path.groupVersion.slice(0, slash);
  const watch = ['true', '1'].includes(parsed.searchParams.get('watch') ?? '');
  let verb: string;
  if (method === 'GET') verb = watch ? 'watch' : path.name === undefined ? 'list' : 'get';
  else if (method === 'DELETE') verb = path.name === undefined ? 'deletecollection' : 'delete';
  else verb = VERB_BY_METHOD[method] ?? method.toLowerCase();
  return {
    verb, apiGroup, apiVersion: path.groupVersion,
    resource: path.subresource ? `${path.resource}/${path.subresource}` : path.resource,
    namespace: path.namespace, name: path.name,
  };
}

export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
}

interface Grant {
  role: string;
  rule: PolicyRule;
  /** A Role's (or a RoleBinding's) namespace; undefined: every namespace and the cluster scope. */
  namespace: string | undefined;
}

interface Subject {
  kind: string;
  name: string;
  namespace?: string;
}

interface Manifest {
  kind: string;
  metadata: { name: string; namespace?: string };
  rules?: PolicyRule[];
  roleRef?: { kind: string; name: string };
  subjects?: Subject[];
}

const matches = (values: readonly string[], value: string) => values.includes('*') || values.includes(value);

/** The RBAC rules that apply to one ServiceAccount, from a manifests file, as the apiserver evaluates them. */
export class ServiceAccountRbac {
  private constructor(
    readonly user: string,
    private readonly grants: readonly Grant[],
  ) {}

  /**
   * The roles bound to `namespace/name` in the file; with `roles`, only the bindings of those roles
   * (to check one role without the others bound beside it).
   */
  static fromManifests(file: string, account: { namespace: string; name: string }, roles?: readonly string[]): ServiceAccountRbac {
    const docs = parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as Manifest).filter(Boolean);
    const find = (kind: string, name: string, namespace?: string) =>
      docs.find((d) => d.kind === kind && d.metadata.name === name && (namespace === undefined || d.metadata.namespace === namespace));
    const grants: Grant[] = [];
    for (const binding of docs.filter((d) => d.kind === 'ClusterRoleBinding' || d.kind === 'RoleBinding')) {
      const bound = binding.subjects?.some((s) => s.kind === 'ServiceAccount' && s.name === account.name && s.namespace === account.namespace);
      if (!bound || !binding.roleRef || (roles && !roles.includes(binding.roleRef.name))) continue;
      const namespace = binding.kind === 'RoleBinding' ? binding.metadata.namespace : undefined;
      const role = binding.roleRef.kind === 'Role' ? find('Role', binding.roleRef.name, namespace) : find('ClusterRole', binding.roleRef.name);
      if (!role) throw new Error(`${binding.kind} ${binding.metadata.name} names the missing ${binding.roleRef.kind} ${binding.roleRef.name}`);
      for (const rule of role.rules ?? []) grants.push({ role: role.metadata.name, rule, namespace });
    }
    if (roles) {
      const missing = roles.filter((r) => !grants.some((g) => g.role === r));
      if (missing.length > 0) throw new Error(`no binding of ${missing.join(', ')} to ${account.namespace}/${account.name}`);
    }
    return new ServiceAccountRbac(`system:serviceaccount:${account.namespace}:${account.name}`, grants);
  }

  allows(a: RequestAttributes): boolean {
    return this.grants.some(({ rule, namespace }) =>
      (namespace === undefined || namespace === a.namespace) &&
      matches(rule.apiGroups, a.apiGroup) &&
      matches(rule.resources, a.resource) &&
      matches(rule.verbs, a.verb) &&
      (!rule.resourceNames?.length || (a.name !== undefined && rule.resourceNames.includes(a.name))));
  }

  /** Every permission the rules grant (`permission()` form). */
  granted(): Set<string> {
    const out = new Set<string>();
    for (const { rule } of this.grants) {
      for (const apiGroup of rule.apiGroups) for (const resource of rule.resources) for (const verb of rule.verbs) out.add(permission({ apiGroup, resource, verb }));
    }
    return out;
  }

  /** The apiserver's refusal. */
  forbidden(a: RequestAttributes): object {
    const base = a.resource.split('/')[0]!;
    const qualified = a.apiGroup ? `${base}.${a.apiGroup}` : base;
    const what = a.name ? `${qualified} "${a.name}"` : qualified;
    const where = a.namespace ? ` in the namespace "${a.namespace}"` : ' at the cluster scope';
    return {
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Forbidden', code: 403,
      message: `${what} is forbidden: User "${this.user}" cannot ${a.verb} resource "${a.resource}" in API group "${a.apiGroup}"${where}`,
      details: { ...(a.name ? { name: a.name } : {}), group: a.apiGroup, kind: base },
    };
  }
}

/** The versions each kind of a CRD group is served in, as a cluster with these CRDs serves them. */
export class ServedVersions {
  private constructor(
    /** group → plural → served versions. */
    private readonly served: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>,
  ) {}

  static fromCrds(file: string): ServedVersions {
    const served = new Map<string, Map<string, string[]>>();
    for (const doc of parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS()).filter(Boolean)) {
      if (doc.kind !== 'CustomResourceDefinition') continue;
      const group = served.get(doc.spec.group) ?? new Map<string, string[]>();
      group.set(doc.spec.names.plural, doc.spec.versions.filter((v: { served: boolean }) => v.served).map((v: { name: string }) => v.name));
      served.set(doc.spec.group, group);
    }
    return new ServedVersions(served);
  }

  /** What this cluster answers itself: discovery of the CRD groups, and 404 for a kind in a version not served. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    const path = parseKubePath(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.type === 'discovery-group' && this.served.has(path.group)) {
      const versions = this.versionsOf(path.group).map((version) => ({ groupVersion: `${path.group}/${version}`, version }));
      return send(res, 200, { kind: 'APIGroup', apiVersion: 'v1', name: path.group, versions, preferredVersion: versions[0] });
    }
    if (path.type === 'discovery-version' || path.type === 'resource') {
      const [group, version] = path.groupVersion.split('/');
      const kinds = group !== undefined && version !== undefined ? this.served.get(group) : undefined;
      if (!kinds) return false;
      const isServed = (plural: string) => kinds.get(plural)?.includes(version!) ?? false;
      if (path.type === 'resource') return isServed(path.resource) ? false : send(res, 404, NOT_FOUND);
      const list = resourceList(path.groupVersion)?.body as { resources: { name: string }[] } | undefined;
      const rows = list?.resources.filter((r) => isServed(r.name.split('/')[0]!)) ?? [];
      return rows.length === 0 ? send(res, 404, NOT_FOUND) : send(res, 200, { ...list, resources: rows });
    }
    return false;
  }

  /** The group's served versions, the apiserver's priority order (v1beta1 before v1alpha1). */
  private versionsOf(group: string): string[] {
    const all = new Set([...this.served.get(group)!.values()].flat());
    return [...all].sort((a, b) => b.localeCompare(a));
  }
}

const NOT_FOUND = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 };

function send(res: ServerResponse, code: number, body: object): true {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
  return true;
}

/** Every resource request a cluster saw, and those it refused. */
export interface GateRecord {
  requests: RequestAttributes[];
  denied: RequestAttributes[];
}

/**
 * A cluster's gate in front of the Kubernetes API: RBAC first (as the apiserver authorizes before it
 * routes), then the served versions when given. Records every resource request.
 */
export function clusterGate(rbac: ServiceAccountRbac, served?: ServedVersions): { intercept: KubeIntercept; record: GateRecord } {
  const record: GateRecord = { requests: [], denied: [] };
  const intercept: KubeIntercept = (req, res) => {
    const attributes = requestAttributes(req.method ?? 'GET', req.url ?? '/');
    if (attributes) {
      record.requests.push(attributes);
      if (!rbac.allows(attributes)) {
        record.denied.push(attributes);
        return send(res, 403, rbac.forbidden(attributes));
      }
    }
    return served?.answer(req, res) ?? false;
  };
  return { intercept, record };
}
