// The CustomResourceDefinitions of the Kruise kinds Coxswain runs: names, short names, printer columns
// (OpenKruise's own, from its kubebuilder markers), and the status and scale subresources. The embedded
// cluster serves them (so `kubectl get crd` and Table output work as on a cluster with OpenKruise), and
// docker/kruise-crds.yaml is printed from them for clusters without OpenKruise.
//
// The schemas declare only what the apiserver needs for the subresources (spec.replicas,
// status.replicas, status.labelSelector) and keep every other field (x-kubernetes-preserve-unknown-fields):
// Kruise's own schemas are tens of thousands of lines, and validation is Coxswain's admission's job.
import { CRD_API_VERSION, type CustomResourceDefinition, type JsonSchemaProps, type PrinterColumn } from './apiextensions.js';
import { KINDS } from './kinds.js';

const AGE: PrinterColumn = {
  name: 'AGE',
  type: 'date',
  jsonPath: '.metadata.creationTimestamp',
  description:
    'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.',
};

const CONTAINERS: PrinterColumn = { name: 'CONTAINERS', type: 'string', priority: 1, jsonPath: '.spec.template.spec.containers[*].name', description: 'The containers of currently %s.' };
const IMAGES: PrinterColumn = { name: 'IMAGES', type: 'string', priority: 1, jsonPath: '.spec.template.spec.containers[*].image', description: 'The images of currently %s.' };

function int(name: string, jsonPath: string, description: string): PrinterColumn {
  return { name, type: 'integer', jsonPath, description };
}

interface KruiseCrdKind {
  kind: string;
  plural: string;
  singular: string;
  shortNames: string[];
  printerColumns: PrinterColumn[];
  /** Versions a cluster without OpenKruise can serve with `conversion: None` (storage first). */
  standaloneVersions: string[];
}

/** OpenKruise's printer columns per kind (apis/apps/v1beta1 and v1alpha1 kubebuilder markers). */
export const KRUISE_CRD_KINDS: readonly KruiseCrdKind[] = [
  {
    kind: 'CloneSet',
    plural: 'clonesets',
    singular: 'cloneset',
    shortNames: ['clone'],
    printerColumns: [
      int('DESIRED', '.spec.replicas', 'The desired number of pods.'),
      int('UPDATED', '.status.updatedReplicas', 'The number of pods updated.'),
      int('UPDATED_READY', '.status.updatedReadyReplicas', 'The number of pods updated and ready.'),
      int('UPDATED_AVAILABLE', '.status.updatedAvailableReplicas', 'The number of pods updated and available.'),
      int('READY', '.status.readyReplicas', 'The number of pods ready.'),
      int('TOTAL', '.status.replicas', 'The number of currently all pods.'),
      AGE,
      { ...CONTAINERS, description: 'The containers of currently cloneset.' },
      { ...IMAGES, description: 'The images of currently cloneset.' },
      { name: 'SELECTOR', type: 'string', priority: 1, jsonPath: '.status.labelSelector', description: 'The selector of currently cloneset.' },
    ],
    // v1alpha1 and v1beta1 CloneSets differ in shape (updateStrategy.rollingUpdate): without Kruise's
    // conversion webhook only one version can be served safely.
    standaloneVersions: ['v1alpha1'],
  },
  {
    kind: 'StatefulSet',
    plural: 'statefulsets',
    singular: 'statefulset',
    shortNames: ['asts'],
    printerColumns: [
      int('DESIRED', '.spec.replicas', 'The desired number of pods.'),
      int('CURRENT', '.status.replicas', 'The number of currently all pods.'),
      int('UPDATED', '.status.updatedReplicas', 'The number of pods updated.'),
      int('READY', '.status.readyReplicas', 'The number of pods ready.'),
      AGE,
      { ...CONTAINERS, description: 'The containers of currently advanced statefulset.' },
      { ...IMAGES, description: 'The images of currently advanced statefulset.' },
    ],
    // v1beta1 only adds fields to v1alpha1, so `conversion: None` is lossless for v1alpha1 manifests.
    standaloneVersions: ['v1beta1', 'v1alpha1'],
  },
  {
    kind: 'UnitedDeployment',
    plural: 'uniteddeployments',
    singular: 'uniteddeployment',
    shortNames: ['ud'],
    printerColumns: [
      int('DESIRED', '.spec.replicas', 'The desired number of pods.'),
      int('CURRENT', '.status.replicas', 'The number of currently all pods.'),
      int('UPDATED', '.status.updatedReplicas', 'The number of pods updated.'),
      int('READY', '.status.readyReplicas', 'The number of pods ready.'),
      AGE,
    ],
    standaloneVersions: ['v1alpha1'],
  },
];

export const KRUISE_GROUP = 'apps.kruise.io';

const PRESERVE: JsonSchemaProps = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

function schema(kind: string): JsonSchemaProps {
  return {
    type: 'object',
    description: `${kind} is a Kruise workload; Coxswain's admission validates and defaults it.`,
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: { ...PRESERVE, properties: { replicas: { type: 'integer', format: 'int32' } } },
      status: { ...PRESERVE, properties: { replicas: { type: 'integer', format: 'int32' }, labelSelector: { type: 'string' } } },
    },
  };
}

function definition(k: KruiseCrdKind, versions: readonly string[]): CustomResourceDefinition {
  return {
    apiVersion: CRD_API_VERSION,
    kind: 'CustomResourceDefinition',
    metadata: { name: `${k.plural}.${KRUISE_GROUP}`, labels: { 'app.kubernetes.io/part-of': 'coxswain' } },
    spec: {
      group: KRUISE_GROUP,
      names: { kind: k.kind, listKind: `${k.kind}List`, plural: k.plural, singular: k.singular, shortNames: [...k.shortNames], categories: ['all'] },
      scope: 'Namespaced',
      conversion: { strategy: 'None' },
      versions: versions.map((name, i) => ({
        name,
        served: true,
        storage: i === 0,
        schema: { openAPIV3Schema: schema(k.kind) },
        subresources: {
          status: {},
          scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.labelSelector' },
        },
        additionalPrinterColumns: k.printerColumns.map((c) => ({ ...c })),
      })),
    },
  };
}

/** The CRDs as the embedded cluster serves them: every version it accepts, the storage version first. */
export function embeddedKruiseCrds(): CustomResourceDefinition[] {
  return KRUISE_CRD_KINDS.map((k) => {
    const info = KINDS.find((i) => i.group === KRUISE_GROUP && i.kind === k.kind);
    const versions = info ? info.apiVersions.map((v) => v.slice(KRUISE_GROUP.length + 1)) : k.standaloneVersions;
    return definition(k, versions);
  });
}

/** The CRDs for a real cluster without OpenKruise (no conversion webhook): docker/kruise-crds.yaml. */
export function standaloneKruiseCrds(): CustomResourceDefinition[] {
  return KRUISE_CRD_KINDS.map((k) => definition(k, k.standaloneVersions));
}

/** The printer columns of a Kruise kind, or undefined for other kinds. */
export function kruisePrinterColumns(group: string, kind: string): readonly PrinterColumn[] | undefined {
  return group === KRUISE_GROUP ? KRUISE_CRD_KINDS.find((k) => k.kind === kind)?.printerColumns : undefined;
}

/** The short names of a Kruise kind (`clone`, `asts`, `ud`). */
export function kruiseShortNames(group: string, kind: string): readonly string[] {
  return group === KRUISE_GROUP ? (KRUISE_CRD_KINDS.find((k) => k.kind === kind)?.shortNames ?? []) : [];
}
