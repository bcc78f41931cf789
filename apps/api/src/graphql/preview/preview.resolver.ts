// GraphQL for previewRollout. Thin: the arguments become one ProposedChange, PreviewService runs the fork.
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { DomainError } from '../../errors/domain-error.js';
import { PreviewService } from '../../preview/preview.service.js';
import type { ProposedChange } from '../../preview/preview-types.js';
import { IntOrPercentScalar, type IntOrPercent } from '../scalars/int-or-percent.scalar.js';
import { WorkloadArgs } from '../workloads/workload.types.js';
import { RolloutPreviewModel } from './preview.types.js';

@Resolver()
export class PreviewResolver {
  constructor(private readonly previews: PreviewService) {}

  @Query(() => RolloutPreviewModel, {
    description: 'Simulates one proposed change (image, partition, replicas, paused, or a whole manifest of the workload) on a private fork of the workload, its pods and nodes, and answers what the rollout would do. Writes nothing.',
  })
  async previewRollout(
    @Args() address: WorkloadArgs,
    @Args('container', { type: () => String, nullable: true, description: 'With image: the container whose image changes.' }) container: string | null,
    @Args('image', { type: () => String, nullable: true }) image: string | null,
    @Args('partition', { type: () => IntOrPercentScalar, nullable: true }) partition: IntOrPercent | null,
    @Args('subset', { type: () => String, nullable: true, description: 'UnitedDeployment only: the subset whose partition to set.' }) subset: string | null,
    @Args('replicas', { type: () => Int, nullable: true }) replicas: number | null,
    @Args('paused', { type: () => Boolean, nullable: true }) paused: boolean | null,
    @Args('manifest', {
      type: () => String, nullable: true,
      description: 'The whole workload as YAML or JSON (same kind, namespace and name), judged as applyManifest judges it; field errors name change.manifest.',
    }) manifest: string | null,
  ) {
    return this.previews.preview({ kind: address.kind, namespace: address.namespace, name: address.name, change: proposedChange({ container, image, partition, subset, replicas, paused, manifest }) });
  }
}

function proposedChange(a: { container: string | null; image: string | null; partition: IntOrPercent | null; subset: string | null; replicas: number | null; paused: boolean | null; manifest: string | null }): ProposedChange {
  const given = (['image', 'partition', 'replicas', 'paused', 'manifest'] as const).filter((k) => a[k] != null);
  if (given.length !== 1) throw new DomainError('BAD_USER_INPUT', `give exactly one of image, partition, replicas, paused, manifest (got ${given.length === 0 ? 'none' : given.join(', ')})`, { field: given[1] ?? 'image' });
  if (a.manifest != null) return { manifest: a.manifest };
  if (a.image != null) {
    if (!a.container) throw new DomainError('BAD_USER_INPUT', 'container is required with image', { field: 'container' });
    return { image: { container: a.container, image: a.image } };
  }
  if (a.partition != null) return { partition: { value: a.partition, ...(a.subset ? { subset: a.subset } : {}) } };
  if (a.replicas != null) return { scale: { replicas: a.replicas } };
  return { paused: a.paused! };
}
