// The CRDs of the kinds kruise-daemon acts on, as OpenKruise v1.9 defines them (docs/spec/image-pull.md
// §1.1): names, scope, served versions (storage first), printer columns per version (ImagePullJob's
// v1alpha1 has a MESSAGE column its v1beta1 lacks), the status subresource and no scale. kruise-crds.ts
// adds them to the workloads' definitions, so the embedded cluster installs and serves them and
// docker/kubernetes/kruise-crds.yaml lists them.
import type { PrinterColumn } from './apiextensions.js';
import type { KruiseCrdKind } from './kruise-crds.js';

const LONG_AGE_DESCRIPTION =
  'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.';

const age = (description = LONG_AGE_DESCRIPTION): PrinterColumn => ({ name: 'AGE', type: 'date', jsonPath: '.metadata.creationTimestamp', description });
const int = (name: string, jsonPath: string, description: string): PrinterColumn => ({ name, type: 'integer', jsonPath, description });
const str = (name: string, jsonPath: string, description: string): PrinterColumn => ({ name, type: 'string', jsonPath, description });

const IMAGE_PULL_JOB_COUNTS: PrinterColumn[] = [
  int('TOTAL', '.status.desired', 'Number of all nodes matched by this job'),
  int('ACTIVE', '.status.active', 'Number of image pull task active'),
  int('SUCCEED', '.status.succeeded', 'Number of image pull task succeeded'),
  int('FAILED', '.status.failed', 'Number of image pull tasks failed'),
];

export const IMAGE_PULL_CRD_KINDS: readonly KruiseCrdKind[] = [
  {
    kind: 'ImagePullJob',
    plural: 'imagepulljobs',
    singular: 'imagepulljob',
    shortNames: [],
    categories: [],
    scalable: false,
    // v1beta1's columns (the storage and preferred version, what `kubectl get imagepulljobs` shows).
    printerColumns: [...IMAGE_PULL_JOB_COUNTS, age('CreationTimestamp is a timestamp representing the server time when this object was created.')],
    versionPrinterColumns: {
      v1alpha1: [...IMAGE_PULL_JOB_COUNTS, age(), str('MESSAGE', '.status.message', 'Summary of status when job is failed')],
    },
    servedVersions: ['v1beta1', 'v1alpha1'],
    description: 'ImagePullJob pulls an image on a set of nodes through kruise-daemon',
  },
  {
    kind: 'NodeImage',
    plural: 'nodeimages',
    singular: 'nodeimage',
    shortNames: [],
    categories: [],
    scalable: false,
    scope: 'Cluster',
    printerColumns: [
      int('DESIRED', '.status.desired', 'Number of all images on this node'),
      int('PULLING', '.status.pulling', 'Number of image pull task active'),
      int('SUCCEED', '.status.succeeded', 'Number of image pull task succeeded'),
      int('FAILED', '.status.failed', 'Number of image pull tasks failed'),
      age(),
    ],
    servedVersions: ['v1beta1', 'v1alpha1'],
    description: 'NodeImage lists the images kruise-daemon pulls on the node it is named after, and how they went',
  },
  {
    kind: 'ContainerRecreateRequest',
    plural: 'containerrecreaterequests',
    singular: 'containerrecreaterequest',
    shortNames: ['crr'],
    categories: [],
    scalable: false,
    printerColumns: [
      str('PHASE', '.status.phase', 'Phase of this ContainerRecreateRequest.'),
      str('POD', '.spec.podName', 'Pod name of this ContainerRecreateRequest.'),
      // Kruise describes the node column with the pod column's words.
      str('NODE', '.metadata.labels.crr\\.apps\\.kruise\\.io/node-name', 'Pod name of this ContainerRecreateRequest.'),
      age(),
    ],
    servedVersions: ['v1alpha1'],
    description: 'ContainerRecreateRequest recreates containers of a running pod in place through kruise-daemon',
  },
];
