// GraphQL shapes of raw cluster objects and nodes: enough to drive and watch the embedded cluster.
import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { FieldValidation } from '../../cluster/unknown-fields.js';
import { Connection } from '../connection.js';
import { JSONScalar } from '../scalars/json.scalar.js';

@ObjectType('KubeObject', { description: 'Any object stored in the cluster, as Kubernetes returns it.' })
export class KubeObjectModel {
  @Field() apiVersion!: string;
  @Field() kind!: string;
  @Field(() => String, { nullable: true }) namespace!: string | null;
  @Field() name!: string;
  @Field(() => ID) uid!: string;
  @Field() resourceVersion!: string;
  @Field(() => Int) generation!: number;
  @Field(() => JSONScalar) labels!: Record<string, string>;
  @Field(() => JSONScalar) annotations!: Record<string, string>;
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Set when deletion has started and finalizers or a grace period hold the object.' })
  deletionTimestamp!: Date | null;
  @Field(() => JSONScalar, { description: 'The whole object (metadata, spec, status).' }) object!: unknown;
  manifest!: string;
}

@ObjectType()
export class ObjectConnection extends Connection(KubeObjectModel, 'Object') {
  @Field({ description: 'The cluster resourceVersion of this list: subscribe to objectChanged from it to miss nothing.' })
  resourceVersion!: string;
}

@ObjectType({ description: 'What applyManifest did (or would do, with dryRun) with one document.' })
export class ObjectRef {
  @Field() apiVersion!: string;
  @Field() kind!: string;
  @Field(() => String, { nullable: true }) namespace!: string | null;
  @Field() name!: string;
  @Field(() => ID, { nullable: true, description: 'Empty for a dry run that would create the object.' }) uid!: string | null;
  @Field(() => String, { nullable: true }) resourceVersion!: string | null;
  @Field({ description: 'created, configured or unchanged' }) action!: string;
}

@ObjectType('ObjectEvent')
export class ObjectEventModel {
  @Field({ description: 'ADDED, MODIFIED or DELETED' }) type!: string;
  @Field(() => KubeObjectModel) object!: KubeObjectModel;
}

@ObjectType({ description: 'A node of the cluster with the columns of `kubectl get nodes -L topology.kubernetes.io/zone`.' })
export class ClusterNode {
  @Field() name!: string;
  @Field({ description: 'Ready, NotReady, or Ready,SchedulingDisabled' }) status!: string;
  @Field() ready!: boolean;
  @Field() unschedulable!: boolean;
  @Field(() => String, { nullable: true }) zone!: string | null;
  @Field(() => String, { nullable: true }) internalIP!: string | null;
  @Field(() => Int) pods!: number;
  @Field(() => Int) podCapacity!: number;
  @Field(() => [String], { description: 'key=value:Effect' }) taints!: string[];
  @Field(() => JSONScalar) labels!: Record<string, string>;
  @Field() createdAt!: Date;
}

registerEnumType(FieldValidation, {
  name: 'FieldValidation',
  description: 'What a write does with fields the kind\'s schema does not declare and keys a manifest repeats (the Kubernetes API\'s fieldValidation).',
  valuesMap: {
    STRICT: { description: 'Refuse the write, naming each unknown field and repeated key (the default: automation fails loudly).' },
    IGNORE: { description: 'Drop unknown fields, keep the last of a repeated key, and write the rest, as fieldValidation=Ignore does.' },
  },
});
