// The image-pull use cases (docs/image-pull.md): jobs with their per-node progress, nodes with their
// images and pulls, and createImagePullJob — an ImagePullJob built from plain arguments, authorized as
// any create of the kind, admitted by the cluster (Kruise's webhook rules, in its words), and audited.
import { Inject, Injectable } from '@nestjs/common';
import { isApiError, type ClusterClient, type KindRef } from '@coxswain/cluster';
import { lookupKind, type CompletionPolicyType, type ImagePullJob, type ImagePullPolicy, type Node, type NodeImage } from '@coxswain/kruise-api';
import { AuditTrail } from '../audit/audit-trail.js';
import { mayAccessObject, objectRefusal, type ObjectVerb } from '../auth/object-access.js';
import type { Principal } from '../auth/principal.js';
import { DomainError } from '../errors/domain-error.js';
import { CLUSTER } from '../tokens.js';
import { imagePullJobView, nodeImagesView, type ImagePullJobView, type NodeImagesView } from './image-pull-views.js';

const IMAGE_PULL_JOB: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob' };
const NODE_IMAGE: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'NodeImage' };
const NODE: KindRef = { apiVersion: 'v1', kind: 'Node' };

export interface CreateImagePullJobInput {
  namespace: string;
  name: string;
  image: string;
  /** Exactly the nodes named (selector.names). */
  nodeNames?: string[] | null;
  /** Nodes by label (selector.matchLabels). */
  nodeLabels?: unknown;
  /** The nodes of the pods with these labels in the namespace (podSelector.matchLabels). */
  podLabels?: unknown;
  parallelism?: number | null;
  timeoutSeconds?: number | null;
  backoffLimit?: number | null;
  completionPolicy?: CompletionPolicyType | null;
  activeDeadlineSeconds?: number | null;
  ttlSecondsAfterFinished?: number | null;
  pullSecrets?: string[] | null;
  imagePullPolicy?: ImagePullPolicy | null;
}

@Injectable()
export class ImagePullService {
  constructor(
    @Inject(CLUSTER) private readonly cluster: ClusterClient,
    private readonly trail: AuditTrail,
  ) {}

  async imagePullJobs(principal: Principal, namespace: string | null): Promise<ImagePullJobView[]> {
    authorize(principal, 'list', 'ImagePullJob');
    const jobs = await this.listOrEmpty<ImagePullJob>(IMAGE_PULL_JOB, namespace ?? undefined);
    const nodeImages = await this.listOrEmpty<NodeImage>(NODE_IMAGE);
    return jobs.map((job) => imagePullJobView(job, nodeImages));
  }

  async imagePullJob(principal: Principal, namespace: string, name: string): Promise<ImagePullJobView | null> {
    authorize(principal, 'get', 'ImagePullJob');
    const job = await this.getOrNull<ImagePullJob>(IMAGE_PULL_JOB, namespace, name);
    return job ? imagePullJobView(job, await this.listOrEmpty<NodeImage>(NODE_IMAGE)) : null;
  }

  async nodeImages(principal: Principal, node: string | null | undefined): Promise<NodeImagesView[]> {
    authorize(principal, 'list', 'NodeImage');
    // GraphQL passes an omitted argument as undefined, an explicit null as null: both mean every node.
    const nodes = (await this.listOrEmpty<Node>(NODE)).filter((n) => node == null || n.metadata.name === node);
    const byName = new Map((await this.listOrEmpty<NodeImage>(NODE_IMAGE)).map((n) => [n.metadata.name ?? '', n]));
    return nodes.map((n) => nodeImagesView(n.metadata.name ?? '', byName.get(n.metadata.name ?? ''), n));
  }

  async createImagePullJob(principal: Principal, input: CreateImagePullJobInput): Promise<ImagePullJobView> {
    authorize(principal, 'create', 'ImagePullJob');
    const job = buildImagePullJob(input);
    const created = await this.cluster.create<ImagePullJob>(job);
    this.trail.noteObjectChange(null, created);
    return imagePullJobView(created, []);
  }

  private async listOrEmpty<T extends ImagePullJob | NodeImage | Node>(ref: KindRef, namespace?: string): Promise<T[]> {
    try {
      return (await this.cluster.list<T>(ref, namespace === undefined ? {} : { namespace })).items;
    } catch (err) {
      // A real cluster without OpenKruise's CRDs serves no such kind: nothing to show.
      if (isApiError(err, 'NotFound')) return [];
      throw err;
    }
  }

  private async getOrNull<T extends ImagePullJob>(ref: KindRef, namespace: string, name: string): Promise<T | null> {
    try {
      return await this.cluster.get<T>(ref, namespace, name);
    } catch (err) {
      if (isApiError(err, 'NotFound')) return null;
      throw err;
    }
  }
}

function authorize(principal: Principal, verb: ObjectVerb, kind: 'ImagePullJob' | 'NodeImage'): void {
  const info = lookupKind('apps.kruise.io/v1beta1', kind)!;
  if (!mayAccessObject(principal, verb, info)) throw new DomainError('FORBIDDEN', objectRefusal(principal, verb, info));
}

/**
 * The job the arguments describe. Only the shape is checked here (a label map must map strings to
 * strings, one node selection at most); the rules are admission's, which answers in Kruise's words,
 * each naming its field.
 */
export function buildImagePullJob(input: CreateImagePullJobInput): ImagePullJob {
  const nodeLabels = labelMap(input.nodeLabels, 'nodeLabels');
  const podLabels = labelMap(input.podLabels, 'podLabels');
  const selections = [input.nodeNames != null, nodeLabels !== undefined, podLabels !== undefined].filter(Boolean).length;
  if (selections > 1) {
    throw new DomainError('BAD_USER_INPUT', 'choose the nodes one way: nodeNames, nodeLabels or podLabels', {
      fieldErrors: [{ field: 'nodeNames', message: 'at most one of nodeNames, nodeLabels, podLabels' }],
    });
  }
  const pullPolicy = {
    ...(input.timeoutSeconds != null ? { timeoutSeconds: input.timeoutSeconds } : {}),
    ...(input.backoffLimit != null ? { backoffLimit: input.backoffLimit } : {}),
  };
  return {
    apiVersion: 'apps.kruise.io/v1beta1',
    kind: 'ImagePullJob',
    metadata: { namespace: input.namespace, name: input.name },
    spec: {
      image: input.image,
      ...(input.nodeNames != null ? { selector: { names: input.nodeNames } } : {}),
      ...(nodeLabels !== undefined ? { selector: { matchLabels: nodeLabels } } : {}),
      ...(podLabels !== undefined ? { podSelector: { matchLabels: podLabels } } : {}),
      ...(input.parallelism != null ? { parallelism: input.parallelism } : {}),
      ...(Object.keys(pullPolicy).length > 0 ? { pullPolicy } : {}),
      completionPolicy: {
        type: input.completionPolicy ?? 'Always',
        ...(input.activeDeadlineSeconds != null ? { activeDeadlineSeconds: input.activeDeadlineSeconds } : {}),
        ...(input.ttlSecondsAfterFinished != null ? { ttlSecondsAfterFinished: input.ttlSecondsAfterFinished } : {}),
      },
      ...(input.pullSecrets != null ? { pullSecrets: input.pullSecrets } : {}),
      ...(input.imagePullPolicy != null ? { imagePullPolicy: input.imagePullPolicy } : {}),
    },
  };
}

function labelMap(value: unknown, field: string): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((v) => typeof v !== 'string')) {
    throw new DomainError('BAD_USER_INPUT', `${field} must be an object of string values`, { fieldErrors: [{ field, message: 'expected {"key": "value", ...}' }] });
  }
  return value as Record<string, string>;
}
