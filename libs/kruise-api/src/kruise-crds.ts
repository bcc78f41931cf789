// The CustomResourceDefinitions of the Kruise kinds Coxswain runs: names, short names, printer columns
// (OpenKruise's own, from its kubebuilder markers), and the status and scale subresources. The embedded
// cluster serves them (so discovery, `kubectl get crd` and Table output are a cluster with OpenKruise
// v1.9's), and docker/kruise-crds.yaml is printed from them for clusters without OpenKruise.
//
// The schemas declare only what the apiserver needs for the subresources (spec.replicas,
// status.replicas, status.labelSelector) and keep every other field (x-kubernetes-preserve-unknown-fields):
// Kruise's own schemas are tens of thousands of lines, and validation is Coxswain's admission's job.
import { CRD_API_VERSION, type CustomResourceDefinition, type JsonSchemaProps, type PrinterColumn } from './apiextensions.js';
import { IMAGE_PULL_CRD_KINDS } from './image-pull-crds.js';
import { ROLLOUT_CRD_KINDS } from './rollout-crds.js';

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

const DESIRED = int('DESIRED', '.spec.replicas', 'The desired number of pods.');
const UPDATED = int('UPDATED', '.status.updatedReplicas', 'The number of pods updated.');
const READY = int('READY', '.status.readyReplicas', 'The number of pods ready.');
/** The Advanced StatefulSet's and the UnitedDeployment's first columns (a CloneSet orders and names them its own way). */
const COUNTS: readonly PrinterColumn[] = [DESIRED, int('CURRENT', '.status.replicas', 'The number of currently all pods.'), UPDATED, READY, AGE];

export interface KruiseCrdKind {
  kind: string;
  plural: string;
  singular: string;
  shortNames: string[];
  printerColumns: PrinterColumn[];
  /**
   * The versions OpenKruise v1.9's CRD serves, its storage version first. Clients see exactly these, on
   * the embedded cluster's Kubernetes API and in docker/kruise-crds.yaml; whatever version the store
   * keeps an object in, a request reads and writes it in one of these.
   */
  servedVersions: string[];
  /** Defaults for the workloads; the kinds of image-pull-crds.ts differ. */
  scope?: 'Namespaced' | 'Cluster';
  /** Whether the kind has the scale subresource (the workloads: default true). */
  scalable?: boolean;
  /** `kubectl get all` lists the workloads (default ['all']). */
  categories?: string[];
  /** A version's printer columns where they are not `printerColumns`. */
  versionPrinterColumns?: Readonly<Record<string, PrinterColumn[]>>;
  /** The schema's description (default: a Kruise workload's). */
  description?: string;
  /** The API group (default apps.kruise.io; Kruise Rollouts' kinds: rollouts.kruise.io). */
  group?: string;
  /** Whose kind it is, in the schema's description (default "OpenKruise v1.9's kind"). */
  origin?: string;
}

/** OpenKruise's printer columns per kind (apis/apps/v1beta1 and v1alpha1 kubebuilder markers). */
export const KRUISE_CRD_KINDS: readonly KruiseCrdKind[] = [
  {
    kind: 'CloneSet',
    plural: 'clonesets',
    singular: 'cloneset',
    shortNames: ['clone'],
    printerColumns: [
      DESIRED,
      UPDATED,
      int('UPDATED_READY', '.status.updatedReadyReplicas', 'The number of pods updated and ready.'),
      int('UPDATED_AVAILABLE', '.status.updatedAvailableReplicas', 'The number of pods updated and available.'),
      READY,
      int('TOTAL', '.status.replicas', 'The number of currently all pods.'),
      AGE,
      { ...CONTAINERS, description: 'The containers of currently cloneset.' },
      { ...IMAGES, description: 'The images of currently cloneset.' },
      { name: 'SELECTOR', type: 'string', priority: 1, jsonPath: '.status.labelSelector', description: 'The selector of currently cloneset.' },
    ],
    // OpenKruise v1.9 serves CloneSet in v1alpha1 only (its v1beta1 shape, with updateStrategy.rollingUpdate,
    // is not served): `kubectl patch clone` must reach the v1alpha1 fields the documents use.
    servedVersions: ['v1alpha1'],
  },
  {
    kind: 'StatefulSet',
    plural: 'statefulsets',
    singular: 'statefulset',
    shortNames: ['asts'],
    printerColumns: [
      ...COUNTS,
      { ...CONTAINERS, description: 'The containers of currently advanced statefulset.' },
      { ...IMAGES, description: 'The images of currently advanced statefulset.' },
    ],
    // v1beta1 only adds fields to v1alpha1, so `conversion: None` is lossless for v1alpha1 manifests.
    servedVersions: ['v1beta1', 'v1alpha1'],
  },
  {
    kind: 'UnitedDeployment',
    plural: 'uniteddeployments',
    singular: 'uniteddeployment',
    shortNames: ['ud'],
    printerColumns: [...COUNTS],
    servedVersions: ['v1alpha1'],
  },
  // ImagePullJob, NodeImage, ContainerRecreateRequest (docs/spec/image-pull.md §1.1).
  ...IMAGE_PULL_CRD_KINDS,
  // Rollout, BatchRelease (docs/spec/kruise-rollout.md §1.11).
  ...ROLLOUT_CRD_KINDS,
];

export const KRUISE_GROUP = 'apps.kruise.io';

const groupOfCrd = (k: KruiseCrdKind): string => k.group ?? KRUISE_GROUP;
const findCrdKind = (group: string, kind: string) => KRUISE_CRD_KINDS.find((k) => groupOfCrd(k) === group && k.kind === kind);

const PRESERVE: JsonSchemaProps = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

function schema(k: KruiseCrdKind): JsonSchemaProps {
  if (k.scalable === false) {
    return {
      type: 'object',
      description: `${k.description ?? k.kind} (${k.origin ?? "OpenKruise v1.9's kind"}).`,
      properties: { apiVersion: { type: 'string' }, kind: { type: 'string' }, metadata: { type: 'object' }, spec: PRESERVE, status: PRESERVE },
    };
  }
  return {
    type: 'object',
    description: `${k.kind} is a Kruise workload; Coxswain's admission validates and defaults it.`,
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
    metadata: { name: `${k.plural}.${groupOfCrd(k)}`, labels: { 'app.kubernetes.io/part-of': 'coxswain' } },
    spec: {
      group: groupOfCrd(k),
      names: {
        kind: k.kind, listKind: `${k.kind}List`, plural: k.plural, singular: k.singular,
        ...(k.shortNames.length > 0 ? { shortNames: [...k.shortNames] } : {}),
        ...((k.categories ?? ['all']).length > 0 ? { categories: [...(k.categories ?? ['all'])] } : {}),
      },
      scope: k.scope ?? 'Namespaced',
      conversion: { strategy: 'None' },
      versions: versions.map((name, i) => ({
        name,
        served: true,
        storage: i === 0,
        schema: { openAPIV3Schema: schema(k) },
        subresources: k.scalable === false ? { status: {} } : {
          status: {},
          scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas', labelSelectorPath: '.status.labelSelector' },
        },
        additionalPrinterColumns: printerColumnsOf(k, name).map((c) => ({ ...c })),
      })),
    },
  };
}

/**
 * The CRDs of the Kruise kinds, one definition for both places clients meet them: the embedded cluster
 * installs them (and serves their versions), and docker/kruise-crds.yaml is printed from them for a real
 * cluster without OpenKruise (no conversion webhook: the served versions convert losslessly).
 */
export function kruiseCrds(): CustomResourceDefinition[] {
  return KRUISE_CRD_KINDS.map((k) => definition(k, k.servedVersions));
}

/** The versions clients may use for a Kruise kind (OpenKruise v1.9's), or undefined for other kinds. */
export function kruiseServedVersions(group: string, kind: string): readonly string[] | undefined {
  return findCrdKind(group, kind)?.servedVersions;
}

function printerColumnsOf(k: KruiseCrdKind, version: string | undefined): readonly PrinterColumn[] {
  return (version !== undefined ? k.versionPrinterColumns?.[version] : undefined) ?? k.printerColumns;
}

/** The printer columns of a Kruise kind (in `version`, when its columns differ), or undefined for other kinds. */
export function kruisePrinterColumns(group: string, kind: string, version?: string): readonly PrinterColumn[] | undefined {
  const k = findCrdKind(group, kind);
  return k && printerColumnsOf(k, version);
}

/** The short names of a Kruise kind (`clone`, `asts`, `ud`). */
export function kruiseShortNames(group: string, kind: string): readonly string[] {
  return findCrdKind(group, kind)?.shortNames ?? [];
}
