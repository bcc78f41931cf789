// The REST resources the Kubernetes API serves: one per served kind and version, read from the kinds the
// cluster stores (KINDS), with the names, verbs and subresources discovery and kubectl need. The Kruise
// kinds are served in the versions of their CRDs (kruise-crds.ts, OpenKruise v1.9's), whatever version
// the store keeps them in, so kubectl resolves `clone` and `ud` to v1alpha1 as on a real cluster. Beside
// them, the create-only reviews kubectl's `auth can-i` and `auth whoami` post (self-reviews.ts).
import { KINDS, kruiseServedVersions, kruiseShortNames, type KindInfo } from '@coxswain/kruise-api';

export interface ServedResource {
  group: string;
  version: string;
  /** "v1", "apps/v1", "apps.kruise.io/v1beta1". */
  groupVersion: string;
  /** The plural, as in REST paths: "clonesets". */
  resource: string;
  singular: string;
  kind: string;
  namespaced: boolean;
  shortNames: readonly string[];
  categories: readonly string[];
  verbs: readonly string[];
  /** Whether `<resource>/status` is served (status as a subresource). */
  status: boolean;
  /** Whether `<resource>/scale` (autoscaling/v1 Scale) is served. */
  scale: boolean;
  /** A review answered from the caller's token (SelfSubjectAccessReview, ...): created, never stored. */
  review: boolean;
  info: KindInfo;
}

export const VERBS = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'] as const;
export const SUBRESOURCE_VERBS = ['get', 'patch', 'update'] as const;

/**
 * The apiserver's short names for the built-in kinds (their REST storages' ShortNames; ControllerRevisions
 * and Leases have none); Kruise kinds take theirs from their CRDs.
 */
const BUILTIN_SHORT_NAMES: Record<string, readonly string[]> = {
  'Namespace': ['ns'],
  'Node': ['no'],
  'Pod': ['po'],
  'PersistentVolumeClaim': ['pvc'],
  'PersistentVolume': ['pv'],
  'Event': ['ev'],
  'StatefulSet.apps': ['sts'],
  'Deployment.apps': ['deploy'],
  'ReplicaSet.apps': ['rs'],
  'CustomResourceDefinition.apiextensions.k8s.io': ['crd', 'crds'],
};

/** Kinds `kubectl get all` lists: the built-in ones the apiserver puts in category "all", and the Kruise CRDs'. */
const IN_CATEGORY_ALL = new Set([
  'Pod', 'StatefulSet.apps', 'Deployment.apps', 'ReplicaSet.apps', 'CloneSet.apps.kruise.io', 'StatefulSet.apps.kruise.io', 'UnitedDeployment.apps.kruise.io',
]);

/** Kinds with the scale subresource (spec.replicas, status.replicas, status.labelSelector). */
const SCALABLE = new Set(['StatefulSet.apps', 'CloneSet.apps.kruise.io', 'StatefulSet.apps.kruise.io', 'UnitedDeployment.apps.kruise.io']);

/** The order groups are listed in discovery: core, then Kubernetes' own groups, then extensions. */
const GROUP_ORDER = ['', 'apps', 'authentication.k8s.io', 'authorization.k8s.io', 'coordination.k8s.io', 'admissionregistration.k8s.io', 'apiextensions.k8s.io', 'apps.kruise.io'];

/**
 * The reviews every token may post about itself, as the apiserver serves them: cluster-scoped,
 * create only, kept nowhere.
 */
const REVIEW_KINDS: readonly KindInfo[] = [
  { apiVersions: ['authentication.k8s.io/v1'], kind: 'SelfSubjectReview', group: 'authentication.k8s.io', plural: 'selfsubjectreviews', namespaced: false, hasStatusSubresource: false },
  { apiVersions: ['authorization.k8s.io/v1'], kind: 'SelfSubjectAccessReview', group: 'authorization.k8s.io', plural: 'selfsubjectaccessreviews', namespaced: false, hasStatusSubresource: false },
  { apiVersions: ['authorization.k8s.io/v1'], kind: 'SelfSubjectRulesReview', group: 'authorization.k8s.io', plural: 'selfsubjectrulesreviews', namespaced: false, hasStatusSubresource: false },
];

function qualified(info: KindInfo): string {
  return info.group ? `${info.kind}.${info.group}` : info.kind;
}

function versionOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? apiVersion : apiVersion.slice(slash + 1);
}

function build(): ServedResource[] {
  const out: ServedResource[] = [];
  for (const info of KINDS) {
    const key = qualified(info);
    const versions = kruiseServedVersions(info.group, info.kind) ?? info.apiVersions.map(versionOf);
    for (const version of versions) {
      out.push({
        group: info.group,
        version,
        groupVersion: info.group ? `${info.group}/${version}` : version,
        resource: info.plural,
        singular: info.kind.toLowerCase(),
        kind: info.kind,
        namespaced: info.namespaced,
        shortNames: BUILTIN_SHORT_NAMES[key] ?? kruiseShortNames(info.group, info.kind),
        categories: IN_CATEGORY_ALL.has(key) ? ['all'] : [],
        verbs: VERBS,
        status: info.hasStatusSubresource,
        scale: SCALABLE.has(key),
        review: false,
        info,
      });
    }
  }
  for (const info of REVIEW_KINDS) {
    const version = versionOf(info.apiVersions[0]!);
    out.push({
      group: info.group, version, groupVersion: info.apiVersions[0]!, resource: info.plural, singular: info.kind.toLowerCase(), kind: info.kind,
      namespaced: false, shortNames: [], categories: [], verbs: ['create'], status: false, scale: false, review: true, info,
    });
  }
  return out;
}

const RESOURCES = build();
const BY_PATH = new Map(RESOURCES.map((r) => [`${r.groupVersion}/${r.resource}`, r]));

export function servedResources(): readonly ServedResource[] {
  return RESOURCES;
}

/** The resource served at `/api(s)/<groupVersion>/<resource>`, if any. */
export function findResource(groupVersion: string, resource: string): ServedResource | undefined {
  return BY_PATH.get(`${groupVersion}/${resource}`);
}

export interface ServedGroup {
  /** "" for the core group. */
  name: string;
  /** Versions by the apiserver's priority, the preferred one first. */
  versions: string[];
}

const KUBE_VERSION = /^v(\d+)(?:(alpha|beta)(\d+))?$/;
const STAGE_RANK: Record<string, number> = { '': 2, beta: 1, alpha: 0 };

/**
 * The apiserver's order of a group's versions (apimachinery's CompareKubeAwareVersionStrings): GA before
 * beta before alpha, a higher major then a higher minor first, and other names last, alphabetically.
 * The first is the group's preferred version, and kubectl resolves a resource to the first version that
 * serves it.
 */
export function compareVersionPriority(a: string, b: string): number {
  const x = KUBE_VERSION.exec(a);
  const y = KUBE_VERSION.exec(b);
  if (!x || !y) return x ? -1 : y ? 1 : a.localeCompare(b);
  return STAGE_RANK[y[2] ?? '']! - STAGE_RANK[x[2] ?? '']! || Number(y[1]) - Number(x[1]) || Number(y[3] ?? 0) - Number(x[3] ?? 0);
}

/** Every group with its versions, in discovery order. */
export function servedGroups(): ServedGroup[] {
  const groups = new Map<string, string[]>();
  for (const r of RESOURCES) {
    const versions = groups.get(r.group) ?? [];
    if (!versions.includes(r.version)) versions.push(r.version);
    groups.set(r.group, versions);
  }
  for (const versions of groups.values()) versions.sort(compareVersionPriority);
  const rank = (g: string) => (GROUP_ORDER.includes(g) ? GROUP_ORDER.indexOf(g) : GROUP_ORDER.length);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)).map(([name, versions]) => ({ name, versions }));
}

/** The resources of one group version, in KINDS order. */
export function resourcesOf(groupVersion: string): ServedResource[] {
  return RESOURCES.filter((r) => r.groupVersion === groupVersion);
}

/** Built-in kinds take strategic merge patches; custom resources (Kruise's, CRDs' objects) do not. */
export function acceptsStrategicMerge(resource: ServedResource): boolean {
  return resource.group !== 'apps.kruise.io';
}
