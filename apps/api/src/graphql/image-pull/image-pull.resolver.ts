// GraphQL for image pulling (docs/image-pull.md): progress per job and per node, and createImagePullJob.
// Thin: arguments in, ImagePullService use case, view out.
import { Args, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { ImagePullService } from '../../image-pull/image-pull.service.js';
import { JSONScalar } from '../scalars/json.scalar.js';
import { ImagePullJobModel, ImagePullPolicyValue, NodeImagesModel, PullCompletionPolicy } from './image-pull.types.js';

@Resolver()
export class ImagePullResolver {
  constructor(private readonly service: ImagePullService) {}

  @Query(() => [ImagePullJobModel], { description: 'ImagePullJobs with their progress per node.' })
  imagePullJobs(@CurrentPrincipal() principal: Principal, @Args('namespace', { type: () => String, nullable: true }) namespace: string | null) {
    return this.service.imagePullJobs(principal, namespace);
  }

  @Query(() => ImagePullJobModel, { nullable: true })
  imagePullJob(@CurrentPrincipal() principal: Principal, @Args('namespace') namespace: string, @Args('name') name: string) {
    return this.service.imagePullJob(principal, namespace, name);
  }

  @Query(() => [NodeImagesModel], { description: 'Per node: the images it holds, and what it is pulling and has pulled.' })
  nodeImages(@CurrentPrincipal() principal: Principal, @Args('node', { type: () => String, nullable: true }) node: string | null) {
    return this.service.nodeImages(principal, node);
  }

  @Mutation(() => ImagePullJobModel, { description: 'Creates an ImagePullJob: pull `image` on the chosen nodes (all of them when none is chosen). Needs gate ImagePullJobGate.' })
  createImagePullJob(
    @CurrentPrincipal() principal: Principal,
    @Args('namespace') namespace: string,
    @Args('name') name: string,
    @Args('image') image: string,
    @Args('nodeNames', { type: () => [String], nullable: true }) nodeNames: string[] | null,
    @Args('nodeLabels', { type: () => JSONScalar, nullable: true, description: 'Nodes by label: {"topology.kubernetes.io/zone": "zone-a"}' }) nodeLabels: unknown,
    @Args('podLabels', { type: () => JSONScalar, nullable: true, description: 'The nodes of the namespace\'s pods with these labels' }) podLabels: unknown,
    @Args('parallelism', { type: () => Int, nullable: true }) parallelism: number | null,
    @Args('timeoutSeconds', { type: () => Int, nullable: true }) timeoutSeconds: number | null,
    @Args('backoffLimit', { type: () => Int, nullable: true }) backoffLimit: number | null,
    @Args('completionPolicy', { type: () => PullCompletionPolicy, nullable: true }) completionPolicy: PullCompletionPolicy | null,
    @Args('activeDeadlineSeconds', { type: () => Int, nullable: true }) activeDeadlineSeconds: number | null,
    @Args('ttlSecondsAfterFinished', { type: () => Int, nullable: true }) ttlSecondsAfterFinished: number | null,
    @Args('pullSecrets', { type: () => [String], nullable: true }) pullSecrets: string[] | null,
    @Args('imagePullPolicy', { type: () => ImagePullPolicyValue, nullable: true }) imagePullPolicy: ImagePullPolicyValue | null,
  ) {
    return this.service.createImagePullJob(principal, {
      namespace, name, image, nodeNames, nodeLabels, podLabels, parallelism, timeoutSeconds, backoffLimit,
      completionPolicy, activeDeadlineSeconds, ttlSecondsAfterFinished, pullSecrets, imagePullPolicy,
    });
  }
}
