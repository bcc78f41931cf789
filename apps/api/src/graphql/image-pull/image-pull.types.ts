// GraphQL shapes of image pulling (docs/image-pull.md): a job with its per-node progress, a node with
// its images and pulls.
import { Field, Float, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum PullCompletionPolicy {
  Always = 'Always',
  Never = 'Never',
}
registerEnumType(PullCompletionPolicy, { name: 'PullCompletionPolicy', description: 'Always: the job finishes once every node succeeded or failed. Never: it keeps pulling on new nodes.' });

export enum ImagePullPolicyValue {
  Always = 'Always',
  IfNotPresent = 'IfNotPresent',
}
registerEnumType(ImagePullPolicyValue, { name: 'ImagePullPolicy', description: 'IfNotPresent skips the pull on a node that has the image.' });

@ObjectType({ description: 'One image tag a node is asked to pull, and how it went (its NodeImage).' })
export class NodePullModel {
  @Field() node!: string;
  @Field({ description: 'name:tag (or name@digest)' }) image!: string;
  @Field({ description: 'Waiting, Pulling, Succeeded or Failed; Waiting until the node reports on the current version.' }) phase!: string;
  @Field(() => Int) progress!: number;
  @Field(() => Float) version!: number;
  @Field(() => String, { nullable: true }) startTime!: string | null;
  @Field(() => String, { nullable: true }) completionTime!: string | null;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => [String], { description: 'The ImagePullJobs that want it, namespace/name.' }) jobs!: string[];
}

@ObjectType({ description: 'The object that controls an ImagePullJob (its controller owner reference).' })
export class ImagePullJobOwnerModel {
  @Field({ description: 'CloneSet or StatefulSet (an Advanced StatefulSet) for a pre-download job' }) kind!: string;
  @Field() name!: string;
}

@ObjectType('ImagePullJob', { description: 'An ImagePullJob with its progress over the nodes it selects.' })
export class ImagePullJobModel {
  @Field() namespace!: string;
  @Field() name!: string;
  @Field() image!: string;
  @Field(() => Int, { nullable: true }) parallelism!: number | null;
  @Field() completionPolicy!: string;
  @Field(() => Int) desired!: number;
  @Field(() => Int) active!: number;
  @Field(() => Int) succeeded!: number;
  @Field(() => Int) failed!: number;
  @Field(() => String, { nullable: true }) message!: string | null;
  @Field(() => String, { nullable: true }) startTime!: string | null;
  @Field(() => String, { nullable: true }) completionTime!: string | null;
  @Field(() => [String]) failedNodes!: string[];
  @Field(() => [NodePullModel], { description: 'The nodes given the image so far, by name.' }) nodes!: NodePullModel[];
  @Field(() => ImagePullJobOwnerModel, { nullable: true, description: 'The workload a pre-download job pulls for; null for a job created by hand.' }) owner!: ImagePullJobOwnerModel | null;
  @Field(() => String, { nullable: true, description: 'A pre-download job\'s update revision hash (label controller.kubernetes.io/hash).' }) revisionHash!: string | null;
}

@ObjectType({ description: 'An image a node holds (node.status.images).' })
export class NodeHeldImageModel {
  @Field(() => [String]) names!: string[];
  @Field(() => Float, { nullable: true }) sizeBytes!: number | null;
}

@ObjectType('NodeImages', { description: 'A node\'s images: what it holds and what it is asked to pull (its NodeImage).' })
export class NodeImagesModel {
  @Field() node!: string;
  @Field(() => Int) desired!: number;
  @Field(() => Int) pulling!: number;
  @Field(() => Int) succeeded!: number;
  @Field(() => Int) failed!: number;
  @Field(() => [NodePullModel]) pulls!: NodePullModel[];
  @Field(() => [NodeHeldImageModel]) images!: NodeHeldImageModel[];
  @Field(() => Float) diskUsedBytes!: number;
}
