// docker/kubernetes: the Kruise CRDs file is what libs/kruise-api's definitions print, and the
// Deployment runs two replicas in Kubernetes mode with probes and the database settings.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
// @ts-expect-error a plain ESM script without types
import { kruiseCrdsYaml } from '../../../scripts/kruise-crds.mjs';
import { WEBHOOK_CONFIGURATIONS } from '../src/webhook/certificates/webhook-configurations.js';
import { CONTROL_PLANE_LABEL, WEBHOOK_PATHS } from '../src/webhook/webhook-paths.js';

const DIR = join(import.meta.dirname, '..', '..', '..', 'docker', 'kubernetes');
const docs = (file: string) => parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((d) => d.toJS()).filter(Boolean);

describe('docker/kubernetes', () => {
  it('kruise-crds.yaml is printed from the CRD definitions (node scripts/kruise-crds.mjs > docker/kubernetes/kruise-crds.yaml)', () => {
    expect(readFileSync(join(DIR, 'kruise-crds.yaml'), 'utf8')).toBe(kruiseCrdsYaml());
    const crds = docs('kruise-crds.yaml');
    expect(crds.map((c) => `${c.metadata.name} ${c.spec.versions.map((v: { name: string; storage: boolean }) => `${v.name}${v.storage ? '*' : ''}`).join(',')}`)).toEqual([
      'clonesets.apps.kruise.io v1alpha1*', 'statefulsets.apps.kruise.io v1beta1*,v1alpha1', 'uniteddeployments.apps.kruise.io v1alpha1*',
      'imagepulljobs.apps.kruise.io v1beta1*,v1alpha1', 'nodeimages.apps.kruise.io v1beta1*,v1alpha1', 'containerrecreaterequests.apps.kruise.io v1alpha1*',
      'rollouts.rollouts.kruise.io v1beta1*,v1alpha1', 'batchreleases.rollouts.kruise.io v1beta1*,v1alpha1',
    ]);
    const workloads = crds.filter((crd) => ['CloneSet', 'StatefulSet', 'UnitedDeployment'].includes(crd.spec.names.kind));
    for (const crd of workloads) {
      for (const v of crd.spec.versions) {
        expect(v.subresources.scale).toEqual({ specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.labelSelector' });
        expect(v.additionalPrinterColumns.map((c: { name: string }) => c.name)).toContain('DESIRED');
      }
    }
    // The kinds kruise-daemon acts on (docs/spec/image-pull.md §1.1): no scale, NodeImage cluster-scoped.
    const columns = (kind: string, version: string) =>
      crds.find((c) => c.spec.names.kind === kind).spec.versions.find((v: { name: string }) => v.name === version).additionalPrinterColumns.map((c: { name: string }) => c.name);
    expect(columns('ImagePullJob', 'v1beta1')).toEqual(['TOTAL', 'ACTIVE', 'SUCCEED', 'FAILED', 'AGE']);
    expect(columns('ImagePullJob', 'v1alpha1')).toEqual(['TOTAL', 'ACTIVE', 'SUCCEED', 'FAILED', 'AGE', 'MESSAGE']);
    expect(columns('NodeImage', 'v1beta1')).toEqual(['DESIRED', 'PULLING', 'SUCCEED', 'FAILED', 'AGE']);
    expect(columns('ContainerRecreateRequest', 'v1alpha1')).toEqual(['PHASE', 'POD', 'NODE', 'AGE']);
    // OpenKruise Rollouts' kinds (docs/spec/kruise-rollout.md §1.11).
    expect(columns('Rollout', 'v1beta1')).toEqual(['STATUS', 'CANARY_STEP', 'CANARY_STATE', 'MESSAGE', 'AGE']);
    expect(columns('BatchRelease', 'v1alpha1')).toEqual(['KIND', 'PHASE', 'BATCH', 'BATCH-STATE', 'AGE']);
    for (const crd of crds.filter((c) => !workloads.includes(c))) {
      expect(crd.spec.versions.map((v: { subresources: object }) => v.subresources)).toEqual(crd.spec.versions.map(() => ({ status: {} })));
      expect(crd.spec.scope).toBe(crd.spec.names.kind === 'NodeImage' ? 'Cluster' : 'Namespaced');
    }
  });

  it('runs two replicas in Kubernetes mode with probes, the Lease namespace and the database from a Secret', () => {
    const deployment = docs('coxswain.yaml').find((d) => d.kind === 'Deployment');
    expect(deployment.spec.replicas).toBe(2);
    const container = deployment.spec.template.spec.containers[0];
    const env = Object.fromEntries(container.env.map((e: { name: string; value?: string; valueFrom?: unknown }) => [e.name, e.value ?? e.valueFrom]));
    expect(env).toMatchObject({
      CLUSTER: 'kubernetes',
      POD_NAME: { fieldRef: { fieldPath: 'metadata.name' } },
      LEADER_ELECTION_NAMESPACE: { fieldRef: { fieldPath: 'metadata.namespace' } },
      DATABASE_URL: { secretKeyRef: { name: 'coxswain-database', key: 'DATABASE_URL' } },
    });
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(deployment.spec.template.spec.serviceAccountName).toBe('coxswain');
  });

  it('registers the admission webhooks as OpenKruise v1.9 does (names, paths, rules, selectors, failurePolicy Fail) behind the webhook Service the Deployment serves', () => {
    const all = docs('coxswain.yaml');
    const webhooks = (kind: string, name: string) => all.find((d) => d.kind === kind && d.metadata.name === name).webhooks;
    const registered = [
      ...webhooks('MutatingWebhookConfiguration', WEBHOOK_CONFIGURATIONS.mutating).map((w: object) => ({ type: 'mutating', ...w })),
      ...webhooks('ValidatingWebhookConfiguration', WEBHOOK_CONFIGURATIONS.validating).map((w: object) => ({ type: 'validating', ...w })),
    ];
    expect(registered).toEqual(WEBHOOK_PATHS.map((w) => ({
      type: w.type,
      name: w.name,
      admissionReviewVersions: ['v1'],
      clientConfig: { service: { name: 'coxswain-webhook-service', namespace: 'coxswain', path: w.path } },
      failurePolicy: 'Fail',
      ...(w.namespaceSelector ? { namespaceSelector: w.namespaceSelector } : {}),
      ...(w.objectSelector ? { objectSelector: w.objectSelector } : {}),
      rules: [{ apiGroups: [w.group], apiVersions: [...w.versions], operations: [...w.operations], resources: [w.resource] }],
      sideEffects: 'None',
    })));
    // Every kind whose admission Coxswain has is registered: the Kruise workloads, the image-pull kinds
    // (ContainerRecreateRequest only mutating: its one webhook validates too, as Kruise's), and pods; and
    // Kruise Rollouts' two kinds and its workload webhook for apps/v1 StatefulSets and Deployments (docs/rollouts.md).
    expect(registered.map((w) => w.name)).toEqual([
      'mpod.kb.io', 'mcloneset.kb.io', 'mcontainerrecreaterequest.kb.io', 'mimagepulljob-v1beta1.kb.io', 'mnodeimage.kb.io', 'mstatefulset.kb.io', 'mnativestatefulset.kb.io', 'mdeployment.kb.io', 'muniteddeployment.kb.io',
      'vcloneset.kb.io', 'vimagepulljob-v1beta1.kb.io', 'vnodeimage.kb.io', 'vstatefulset.kb.io', 'vuniteddeployment.kb.io',
      'vrollout.kb.io', 'vbatchrelease.kb.io',
    ]);
    // The pod webhook skips kube-system and Coxswain's own namespace (labelled as the selector expects).
    const namespace = all.find((d) => d.kind === 'Namespace' && d.metadata.name === 'coxswain');
    expect(namespace.metadata.labels).toEqual({ [CONTROL_PLANE_LABEL.key]: CONTROL_PLANE_LABEL.value });
    expect(registered.find((w) => w.name === 'mpod.kb.io').namespaceSelector.matchExpressions).toEqual([
      { key: 'control-plane', operator: 'NotIn', values: ['coxswain'] },
      { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system'] },
    ]);
    const service = all.find((d) => d.kind === 'Service' && d.metadata.name === 'coxswain-webhook-service');
    expect(service.spec.ports).toEqual([{ name: 'webhook', port: 443, targetPort: 'webhook' }]);
    const container = all.find((d) => d.kind === 'Deployment').spec.template.spec.containers[0];
    expect(container.ports).toContainEqual({ name: 'webhook', containerPort: 9876 });
    const env = Object.fromEntries(container.env.map((e: { name: string; value?: string; valueFrom?: unknown }) => [e.name, e.value ?? e.valueFrom]));
    expect(env).toMatchObject({ WEBHOOK_PORT: '9876', WEBHOOK_SERVICE: 'coxswain-webhook-service', WEBHOOK_NAMESPACE: { fieldRef: { fieldPath: 'metadata.namespace' } } });
  });
});
