// What the image-pull surfaces show (docs/image-pull.md): a job with its per-node progress, and a node
// with the images it has and what it is asked to pull. Pure: built from the ImagePullJobs, NodeImages
// and Nodes as stored.
import { LABEL_CONTROLLER_HASH, normalizeImageReference, type ImagePullJob, type ImageTagSpec, type ImageTagStatus, type Node, type NodeImage } from '@coxswain/kruise-api';

export interface NodePullView {
  node: string;
  image: string;
  /** Waiting until kruise-daemon reports on the tag's current version. */
  phase: string;
  progress: number;
  version: number;
  startTime: string | null;
  completionTime: string | null;
  message: string | null;
  /** The ImagePullJobs that want the tag, `namespace/name`. */
  jobs: string[];
}

export interface ImagePullJobView {
  namespace: string;
  name: string;
  image: string;
  parallelism: number | null;
  completionPolicy: string;
  desired: number;
  active: number;
  succeeded: number;
  failed: number;
  message: string | null;
  startTime: string | null;
  completionTime: string | null;
  failedNodes: string[];
  /** The nodes given the job's image, with their pull status. */
  nodes: NodePullView[];
  /** The controller owner (a CloneSet or Advanced StatefulSet for pre-download jobs, docs/spec/image-pull.md §6.3); null for a job created by hand. */
  owner: { kind: string; name: string } | null;
  /** Label `controller.kubernetes.io/hash`: the update revision's hash a pre-download job pulls for (docs/spec/image-pull.md §6.3). */
  revisionHash: string | null;
}

export interface NodeImagesView {
  node: string;
  desired: number;
  pulling: number;
  succeeded: number;
  failed: number;
  /** What the node is asked to pull. */
  pulls: NodePullView[];
  /** The images the node holds (node.status.images): names and size. */
  images: { names: string[]; sizeBytes: number | null }[];
  diskUsedBytes: number;
}

function controllerOwner(job: ImagePullJob): { kind: string; name: string } | null {
  const ref = (job.metadata.ownerReferences ?? []).find((r) => r.controller === true);
  return ref ? { kind: ref.kind, name: ref.name } : null;
}

function tagStatus(nodeImage: NodeImage, name: string, tag: string): ImageTagStatus | undefined {
  return nodeImage.status?.imageStatuses?.[name]?.tags?.find((t) => t.tag === tag);
}

function pullView(nodeImage: NodeImage, name: string, tag: ImageTagSpec): NodePullView {
  const version = tag.version ?? 0;
  const status = tagStatus(nodeImage, name, tag.tag);
  const current = status && (status.version ?? 0) === version ? status : undefined;
  return {
    node: nodeImage.metadata.name ?? '',
    image: /^[a-z0-9]+(?:[.+_-][a-z0-9]+)*:/.test(tag.tag) ? `${name}@${tag.tag}` : `${name}:${tag.tag}`,
    phase: current?.phase ?? 'Waiting',
    progress: current?.progress ?? 0,
    version,
    startTime: current?.startTime ?? null,
    completionTime: current?.completionTime ?? null,
    message: current?.message ?? null,
    jobs: (tag.ownerReferences ?? []).filter((r) => r.kind === 'ImagePullJob').map((r) => `${r.namespace ?? ''}/${r.name ?? ''}`),
  };
}

function pullsOf(nodeImage: NodeImage): NodePullView[] {
  return Object.entries(nodeImage.spec?.images ?? {}).flatMap(([name, image]) => (image.tags ?? []).map((tag) => pullView(nodeImage, name, tag)));
}

export function imagePullJobView(job: ImagePullJob, nodeImages: readonly NodeImage[]): ImagePullJobView {
  const parsed = normalizeImageReference(job.spec.image);
  const key = parsed.ok ? { name: parsed.reference.familiarName, tag: parsed.reference.nodeImageTag } : undefined;
  const nodes: NodePullView[] = [];
  if (key) {
    for (const nodeImage of nodeImages) {
      const tag = nodeImage.spec?.images?.[key.name]?.tags?.find((t) => t.tag === key.tag);
      if (!tag || !(tag.ownerReferences ?? []).some((r) => r.uid === job.metadata.uid)) continue;
      nodes.push(pullView(nodeImage, key.name, tag));
    }
  }
  const parallelism = job.spec.parallelism;
  return {
    namespace: job.metadata.namespace ?? '',
    name: job.metadata.name ?? '',
    image: job.spec.image,
    parallelism: typeof parallelism === 'number' ? parallelism : parallelism === undefined ? null : Number.parseInt(parallelism, 10) || 0,
    completionPolicy: job.spec.completionPolicy?.type ?? 'Always',
    desired: job.status?.desired ?? 0,
    active: job.status?.active ?? 0,
    succeeded: job.status?.succeeded ?? 0,
    failed: job.status?.failed ?? 0,
    message: job.status?.message ?? null,
    startTime: job.status?.startTime ?? null,
    completionTime: job.status?.completionTime ?? null,
    failedNodes: job.status?.failedNodes ?? [],
    nodes: nodes.sort((a, b) => (a.node < b.node ? -1 : a.node > b.node ? 1 : 0)),
    owner: controllerOwner(job),
    revisionHash: job.metadata.labels?.[LABEL_CONTROLLER_HASH] ?? null,
  };
}

export function nodeImagesView(name: string, nodeImage: NodeImage | undefined, node: Node | undefined): NodeImagesView {
  const images = (node?.status?.images ?? []).map((i) => ({ names: i.names ?? [], sizeBytes: typeof i.sizeBytes === 'number' ? i.sizeBytes : null }));
  return {
    node: name,
    desired: nodeImage?.status?.desired ?? 0,
    pulling: nodeImage?.status?.pulling ?? 0,
    succeeded: nodeImage?.status?.succeeded ?? 0,
    failed: nodeImage?.status?.failed ?? 0,
    pulls: nodeImage ? pullsOf(nodeImage) : [],
    images,
    diskUsedBytes: images.reduce((sum, i) => sum + (i.sizeBytes ?? 0), 0),
  };
}
