// GraphQL for raw cluster objects: applyManifest, objects/object, nodes, patchObject, deleteObject, objectChanged.
import { Args, Int, Mutation, Parent, Query, ResolveField, Resolver, Subscription } from '@nestjs/graphql';
import type { KubeObject } from '@coxswain/kruise-api';
import { ClusterObjectsService } from '../../cluster/cluster-objects.service.js';
import { FieldValidation } from '../../cluster/unknown-fields.js';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { paginateOrdered } from '../connection.js';
import { JSONScalar } from '../scalars/json.scalar.js';
import { ClusterNode, KubeObjectModel, ObjectConnection, ObjectEventModel, ObjectRef } from './object.types.js';

@Resolver(() => KubeObjectModel)
export class ObjectsResolver {
  constructor(private readonly cluster: ClusterObjectsService) {}

  @Query(() => ObjectConnection, { description: 'Objects of one kind ("pods", "Pod", "clonesets", ...), sorted by namespace and name.' })
  async objects(
    @CurrentPrincipal() principal: Principal,
    @Args('kind') kind: string,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('labelSelector', { type: () => String, nullable: true, description: 'e.g. "app=web,tier in (a,b)"' }) labelSelector: string | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 100 }) first: number,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ) {
    const { source, resourceVersion } = await this.cluster.objects(principal, kind, namespace, labelSelector);
    return { ...paginateOrdered(source, first, after, undefined, (o) => this.model(o)), resourceVersion };
  }

  @Query(() => KubeObjectModel, { nullable: true })
  async object(
    @CurrentPrincipal() principal: Principal,
    @Args('kind') kind: string,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('name') name: string,
  ) {
    const found = await this.cluster.object(principal, kind, namespace, name);
    return found ? this.model(found) : null;
  }

  @Query(() => [ClusterNode], { description: 'Nodes with zone, readiness and pod counts.' })
  async nodes() {
    return this.cluster.nodes();
  }

  @Mutation(() => [ObjectRef], { description: 'Creates or updates every document of a multi-document YAML, all or none.' })
  async applyManifest(
    @CurrentPrincipal() principal: Principal,
    @Args('yaml') yaml: string,
    @Args('dryRun', { type: () => Boolean, nullable: true, defaultValue: false }) dryRun: boolean,
    @Args('fieldValidation', { type: () => FieldValidation, nullable: true, defaultValue: FieldValidation.STRICT }) fieldValidation: FieldValidation,
  ) {
    return (await this.cluster.applyManifest(principal, yaml, dryRun, fieldValidation ?? FieldValidation.STRICT)).map(({ action, object }) => ({
      apiVersion: object.apiVersion,
      kind: object.kind,
      namespace: object.metadata.namespace ?? null,
      name: object.metadata.name ?? '',
      uid: object.metadata.uid || null,
      resourceVersion: object.metadata.resourceVersion || null,
      action,
    }));
  }

  @Mutation(() => KubeObjectModel, {
    description: 'A JSON merge patch of one object (kubectl patch --type=merge): labels, annotations, spec fields; a metadata.resourceVersion in it is a precondition.',
  })
  async patchObject(
    @CurrentPrincipal() principal: Principal,
    @Args('kind') kind: string,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('name') name: string,
    @Args('patch', { type: () => JSONScalar }) patch: unknown,
    @Args('fieldValidation', { type: () => FieldValidation, nullable: true, defaultValue: FieldValidation.STRICT }) fieldValidation: FieldValidation,
  ) {
    return this.model(await this.cluster.patchObject(principal, kind, namespace, name, patch, fieldValidation ?? FieldValidation.STRICT));
  }

  @Mutation(() => KubeObjectModel, { description: 'Deletes an object; returns it as marked for deletion, or as it last was.' })
  async deleteObject(
    @CurrentPrincipal() principal: Principal,
    @Args('kind') kind: string,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('name') name: string,
  ) {
    return this.model(await this.cluster.deleteObject(principal, kind, namespace, name));
  }

  @Subscription(() => ObjectEventModel, {
    description: 'Changes to objects of one kind; from `resourceVersion` when given (a too-old one fails as NOT_FOUND / 410).',
    resolve: function (this: ObjectsResolver, event: { type: string; object: KubeObject }) {
      return { type: event.type, object: this.model(event.object) };
    },
  })
  objectChanged(
    @CurrentPrincipal() principal: Principal,
    @Args('kind') kind: string,
    @Args('namespace', { type: () => String, nullable: true }) namespace: string | null,
    @Args('labelSelector', { type: () => String, nullable: true }) labelSelector: string | null,
    @Args('resourceVersion', { type: () => String, nullable: true }) resourceVersion: string | null,
  ) {
    return this.cluster.objectChanged(principal, kind, namespace, labelSelector, resourceVersion);
  }

  @ResolveField(() => String, { description: 'The object as YAML.' })
  manifest(@Parent() model: KubeObjectModel): string {
    return this.cluster.manifest(model.object as KubeObject);
  }

  private model(object: KubeObject): Omit<KubeObjectModel, 'manifest'> {
    const meta = object.metadata;
    return {
      apiVersion: object.apiVersion,
      kind: object.kind,
      namespace: meta.namespace ?? null,
      name: meta.name ?? '',
      uid: meta.uid ?? '',
      resourceVersion: meta.resourceVersion ?? '',
      generation: meta.generation ?? 0,
      labels: meta.labels ?? {},
      annotations: meta.annotations ?? {},
      createdAt: new Date(meta.creationTimestamp ?? 0),
      deletionTimestamp: meta.deletionTimestamp ? new Date(meta.deletionTimestamp) : null,
      object,
    };
  }
}

