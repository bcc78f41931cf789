// The kinds Coxswain stores and serves. The store keys objects by group + kind, so one kind served in
// two versions (CloneSet v1alpha1 and v1beta1) is one resource.

export interface KindInfo {
  /** apiVersions accepted for this kind; the first is the preferred (storage) version. */
  apiVersions: readonly string[];
  kind: string;
  group: string;
  /** Lower-case plural, as in REST paths and kubectl. */
  plural: string;
  namespaced: boolean;
  /** Whether `status` is a subresource (spec writes ignore it; status writes ignore everything else). */
  hasStatusSubresource: boolean;
}

export const KINDS: readonly KindInfo[] = [
  { apiVersions: ['v1'], kind: 'Namespace', group: '', plural: 'namespaces', namespaced: false, hasStatusSubresource: true },
  { apiVersions: ['v1'], kind: 'Node', group: '', plural: 'nodes', namespaced: false, hasStatusSubresource: true },
  { apiVersions: ['v1'], kind: 'Pod', group: '', plural: 'pods', namespaced: true, hasStatusSubresource: true },
  { apiVersions: ['v1'], kind: 'PersistentVolumeClaim', group: '', plural: 'persistentvolumeclaims', namespaced: true, hasStatusSubresource: true },
  // Provisioned for claims by the embedded cluster's simulator (sim/volume-provisioner.ts).
  { apiVersions: ['v1'], kind: 'PersistentVolume', group: '', plural: 'persistentvolumes', namespaced: false, hasStatusSubresource: true },
  { apiVersions: ['v1'], kind: 'Event', group: '', plural: 'events', namespaced: true, hasStatusSubresource: false },
  // The admission webhook's certificate (README "Kubernetes mode"); only admins may read or write them.
  { apiVersions: ['v1'], kind: 'Secret', group: '', plural: 'secrets', namespaced: true, hasStatusSubresource: false },
  { apiVersions: ['apps/v1'], kind: 'ControllerRevision', group: 'apps', plural: 'controllerrevisions', namespaced: true, hasStatusSubresource: false },
  { apiVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'], kind: 'CloneSet', group: 'apps.kruise.io', plural: 'clonesets', namespaced: true, hasStatusSubresource: true },
  { apiVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'], kind: 'StatefulSet', group: 'apps.kruise.io', plural: 'statefulsets', namespaced: true, hasStatusSubresource: true },
  // The native kind, after the Advanced StatefulSet so that a bare "statefulsets" means Kruise's.
  { apiVersions: ['apps/v1'], kind: 'StatefulSet', group: 'apps', plural: 'statefulsets', namespaced: true, hasStatusSubresource: true },
  { apiVersions: ['apps/v1'], kind: 'Deployment', group: 'apps', plural: 'deployments', namespaced: true, hasStatusSubresource: true },
  { apiVersions: ['apps/v1'], kind: 'ReplicaSet', group: 'apps', plural: 'replicasets', namespaced: true, hasStatusSubresource: true },
  { apiVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'], kind: 'UnitedDeployment', group: 'apps.kruise.io', plural: 'uniteddeployments', namespaced: true, hasStatusSubresource: true },
  // The kinds kruise-daemon acts on (docs/spec/image-pull.md §1.1), stored and served; no controller runs them yet.
  { apiVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'], kind: 'ImagePullJob', group: 'apps.kruise.io', plural: 'imagepulljobs', namespaced: true, hasStatusSubresource: true },
  { apiVersions: ['apps.kruise.io/v1beta1', 'apps.kruise.io/v1alpha1'], kind: 'NodeImage', group: 'apps.kruise.io', plural: 'nodeimages', namespaced: false, hasStatusSubresource: true },
  { apiVersions: ['apps.kruise.io/v1alpha1'], kind: 'ContainerRecreateRequest', group: 'apps.kruise.io', plural: 'containerrecreaterequests', namespaced: true, hasStatusSubresource: true },
  // OpenKruise Rollouts (docs/spec/kruise-rollout.md §1.11); admitted as its webhook says (docs/spec/kruise-rollout.md §1.8, §8.1).
  { apiVersions: ['rollouts.kruise.io/v1beta1', 'rollouts.kruise.io/v1alpha1'], kind: 'Rollout', group: 'rollouts.kruise.io', plural: 'rollouts', namespaced: true, hasStatusSubresource: true },
  { apiVersions: ['rollouts.kruise.io/v1beta1', 'rollouts.kruise.io/v1alpha1'], kind: 'BatchRelease', group: 'rollouts.kruise.io', plural: 'batchreleases', namespaced: true, hasStatusSubresource: true },
  // Leader election's locks, admission webhooks' configurations and the Kruise kinds' definitions.
  { apiVersions: ['coordination.k8s.io/v1'], kind: 'Lease', group: 'coordination.k8s.io', plural: 'leases', namespaced: true, hasStatusSubresource: false },
  // Where the API server finds admission webhooks; the webhook writes its caBundle into them.
  { apiVersions: ['admissionregistration.k8s.io/v1'], kind: 'MutatingWebhookConfiguration', group: 'admissionregistration.k8s.io', plural: 'mutatingwebhookconfigurations', namespaced: false, hasStatusSubresource: false },
  { apiVersions: ['admissionregistration.k8s.io/v1'], kind: 'ValidatingWebhookConfiguration', group: 'admissionregistration.k8s.io', plural: 'validatingwebhookconfigurations', namespaced: false, hasStatusSubresource: false },
  { apiVersions: ['apiextensions.k8s.io/v1'], kind: 'CustomResourceDefinition', group: 'apiextensions.k8s.io', plural: 'customresourcedefinitions', namespaced: false, hasStatusSubresource: true },
];

export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** Identifies a stored resource independent of version: "Pod", "CloneSet.apps.kruise.io". */
export function resourceKey(apiVersion: string, kind: string): string {
  const group = groupOf(apiVersion);
  return group ? `${kind}.${group}` : kind;
}

const byVersionKind = new Map<string, KindInfo>();
const byResource = new Map<string, KindInfo>();
for (const info of KINDS) {
  byResource.set(resourceKey(info.apiVersions[0]!, info.kind), info);
  for (const v of info.apiVersions) byVersionKind.set(`${v}/${info.kind}`, info);
}

/** The kind's info, or undefined when Coxswain does not serve this apiVersion + kind. */
export function lookupKind(apiVersion: string, kind: string): KindInfo | undefined {
  return byVersionKind.get(`${apiVersion}/${kind}`);
}

/** Like lookupKind but only by group + kind, accepting any served version. */
export function lookupResource(apiVersion: string, kind: string): KindInfo | undefined {
  return byResource.get(resourceKey(apiVersion, kind));
}

/** Finds a kind by its name, plural or `kind.group` (as kubectl does: "pods", "Pod", "clonesets.apps.kruise.io"). */
export function findKindByName(name: string): KindInfo | undefined {
  const lower = name.toLowerCase();
  return KINDS.find(
    (k) =>
      k.kind.toLowerCase() === lower ||
      k.plural === lower ||
      `${k.kind.toLowerCase()}.${k.group}` === lower ||
      `${k.plural}.${k.group}` === lower,
  );
}
