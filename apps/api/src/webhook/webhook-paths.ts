// The admission webhooks Coxswain serves: OpenKruise v1.9's for CloneSet, Advanced StatefulSet,
// UnitedDeployment, ImagePullJob, NodeImage and ContainerRecreateRequest, and its pod webhook, each by the
// path, webhook name, rule (versions, operations) and failure policy of Kruise's
// config/webhook/manifests.yaml, so docker/kubernetes/coxswain.yaml registers them exactly as OpenKruise
// registers its own (a test compares the two). The pod webhook keeps Kruise's namespaceSelector (its Helm
// chart's): not in kube-system, and not in the namespace the webhook itself runs in, whose pods could
// otherwise never be created while no replica serves it. Kruise Rollouts' webhooks (openkruise/rollouts
// config/webhook/manifests.yaml): its Rollout webhook (vrollout.kb.io), one for BatchRelease (upstream has
// none: only the shape is checked), and its workload webhook (docs/spec/kruise-rollout.md §4), which
// upstream serves at Kruise's own CloneSet and Advanced StatefulSet paths (there the same admission entry
// runs both) and for apps/v1 StatefulSets at /mutate-apps-v1-statefulset — named mstatefulset.kb.io
// upstream, a name Kruise's Advanced StatefulSet webhook has in the same configuration here, so
// Coxswain's is mnativestatefulset.kb.io. For apps/v1 Deployments (canary and partition style) the workload webhook is
// upstream's mdeployment.kb.io at /mutate-apps-v1-deployment, with its object selector (labelled with a
// workload type, not control-plane=controller-manager), so other Deployments' writes never reach Coxswain.
import type { LabelSelector } from '@coxswain/kruise-api';

export interface WebhookPath {
  path: string;
  type: 'mutating' | 'validating';
  /** The webhook's name in its configuration; the API server names it in refusals. */
  name: string;
  group: string;
  kind: string;
  /** The resource the rule matches. */
  resource: string;
  /** The versions the rule matches. */
  versions: readonly string[];
  operations: readonly string[];
  /** Kruise's: Fail, so nothing is stored without its defaults and validation. */
  failurePolicy: 'Fail';
  /** Namespaces whose objects the API server sends (all when absent). */
  namespaceSelector?: LabelSelector;
  /** Objects whose writes the API server sends (all when absent). */
  objectSelector?: LabelSelector;
  /**
   * A mutating webhook that validates too (Kruise's ContainerRecreateRequest has no validating webhook:
   * its mutating handler refuses what is invalid).
   */
  validates?: true;
}

const KRUISE = 'apps.kruise.io';
const WRITES = ['CREATE', 'UPDATE'];
const WRITES_AND_DELETE = ['CREATE', 'UPDATE', 'DELETE'];
const ROLLOUTS = 'rollouts.kruise.io';
const BOTH_VERSIONS = ['v1alpha1', 'v1beta1'];

/** The label of the namespace coxswain.yaml deploys into, which the pod webhook skips (Kruise's `control-plane: openkruise`). */
export const CONTROL_PLANE_LABEL = { key: 'control-plane', value: 'coxswain' } as const;

const POD_NAMESPACES: LabelSelector = {
  matchExpressions: [
    { key: CONTROL_PLANE_LABEL.key, operator: 'NotIn', values: [CONTROL_PLANE_LABEL.value] },
    { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system'] },
  ],
};

/** Kruise Rollouts' object selector for Deployments (docs/spec/kruise-rollout.md §4.1). */
const ROLLOUT_DEPLOYMENTS: LabelSelector = {
  matchExpressions: [
    { key: 'rollouts.kruise.io/workload-type', operator: 'Exists' },
    { key: 'control-plane', operator: 'NotIn', values: ['controller-manager'] },
  ],
};

export const WEBHOOK_PATHS: readonly WebhookPath[] = [
  { path: '/mutate-pod', type: 'mutating', name: 'mpod.kb.io', group: '', kind: 'Pod', resource: 'pods', versions: ['v1'], operations: ['CREATE'], failurePolicy: 'Fail', namespaceSelector: POD_NAMESPACES },
  { path: '/mutate-apps-kruise-io-v1alpha1-cloneset', type: 'mutating', name: 'mcloneset.kb.io', group: KRUISE, kind: 'CloneSet', resource: 'clonesets', versions: ['v1alpha1'], operations: WRITES, failurePolicy: 'Fail' },
  { path: '/mutate-apps-kruise-io-v1alpha1-containerrecreaterequest', type: 'mutating', name: 'mcontainerrecreaterequest.kb.io', group: KRUISE, kind: 'ContainerRecreateRequest', resource: 'containerrecreaterequests', versions: ['v1alpha1'], operations: WRITES, failurePolicy: 'Fail', validates: true },
  { path: '/mutate-apps-kruise-io-imagepulljob', type: 'mutating', name: 'mimagepulljob-v1beta1.kb.io', group: KRUISE, kind: 'ImagePullJob', resource: 'imagepulljobs', versions: BOTH_VERSIONS, operations: WRITES, failurePolicy: 'Fail' },
  { path: '/mutate-apps-kruise-io-nodeimage', type: 'mutating', name: 'mnodeimage.kb.io', group: KRUISE, kind: 'NodeImage', resource: 'nodeimages', versions: BOTH_VERSIONS, operations: WRITES, failurePolicy: 'Fail' },
  { path: '/mutate-apps-kruise-io-statefulset', type: 'mutating', name: 'mstatefulset.kb.io', group: KRUISE, kind: 'StatefulSet', resource: 'statefulsets', versions: BOTH_VERSIONS, operations: WRITES, failurePolicy: 'Fail' },
  { path: '/mutate-apps-v1-statefulset', type: 'mutating', name: 'mnativestatefulset.kb.io', group: 'apps', kind: 'StatefulSet', resource: 'statefulsets', versions: ['v1'], operations: ['UPDATE'], failurePolicy: 'Fail' },
  { path: '/mutate-apps-v1-deployment', type: 'mutating', name: 'mdeployment.kb.io', group: 'apps', kind: 'Deployment', resource: 'deployments', versions: ['v1'], operations: ['UPDATE'], failurePolicy: 'Fail', objectSelector: ROLLOUT_DEPLOYMENTS },
  { path: '/mutate-apps-kruise-io-v1alpha1-uniteddeployment', type: 'mutating', name: 'muniteddeployment.kb.io', group: KRUISE, kind: 'UnitedDeployment', resource: 'uniteddeployments', versions: ['v1alpha1'], operations: WRITES, failurePolicy: 'Fail' },
  { path: '/validate-apps-kruise-io-v1alpha1-cloneset', type: 'validating', name: 'vcloneset.kb.io', group: KRUISE, kind: 'CloneSet', resource: 'clonesets', versions: ['v1alpha1'], operations: WRITES_AND_DELETE, failurePolicy: 'Fail' },
  { path: '/validate-apps-kruise-io-imagepulljob', type: 'validating', name: 'vimagepulljob-v1beta1.kb.io', group: KRUISE, kind: 'ImagePullJob', resource: 'imagepulljobs', versions: BOTH_VERSIONS, operations: WRITES, failurePolicy: 'Fail' },
  { path: '/validate-apps-kruise-io-nodeimage', type: 'validating', name: 'vnodeimage.kb.io', group: KRUISE, kind: 'NodeImage', resource: 'nodeimages', versions: BOTH_VERSIONS, operations: WRITES, failurePolicy: 'Fail' },
  { path: '/validate-apps-kruise-io-statefulset', type: 'validating', name: 'vstatefulset.kb.io', group: KRUISE, kind: 'StatefulSet', resource: 'statefulsets', versions: BOTH_VERSIONS, operations: WRITES_AND_DELETE, failurePolicy: 'Fail' },
  { path: '/validate-apps-kruise-io-v1alpha1-uniteddeployment', type: 'validating', name: 'vuniteddeployment.kb.io', group: KRUISE, kind: 'UnitedDeployment', resource: 'uniteddeployments', versions: ['v1alpha1'], operations: WRITES_AND_DELETE, failurePolicy: 'Fail' },
  { path: '/validate-rollouts-kruise-io-rollout', type: 'validating', name: 'vrollout.kb.io', group: ROLLOUTS, kind: 'Rollout', resource: 'rollouts', versions: BOTH_VERSIONS, operations: WRITES, failurePolicy: 'Fail' },
  { path: '/validate-rollouts-kruise-io-batchrelease', type: 'validating', name: 'vbatchrelease.kb.io', group: ROLLOUTS, kind: 'BatchRelease', resource: 'batchreleases', versions: BOTH_VERSIONS, operations: WRITES, failurePolicy: 'Fail' },
];

export function webhookAt(path: string): WebhookPath | undefined {
  return WEBHOOK_PATHS.find((w) => w.path === path);
}
