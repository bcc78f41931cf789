// GraphQL shape of the audit log.
import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../connection.js';
import { JSONScalar } from '../scalars/json.scalar.js';

@ObjectType('AuditEntry', { description: 'One mutation request: who, what, on which object, what changed, and the outcome.' })
export class AuditEntryModel {
  @Field(() => ID) id!: string;
  @Field() at!: Date;
  @Field({ description: 'The token name.' }) actorName!: string;
  @Field() actorRole!: string;
  @Field({ description: 'The mutation (GraphQL field or REST operation id), e.g. setImage, ackHook.' }) action!: string;
  @Field(() => String, { nullable: true }) targetKind!: string | null;
  @Field(() => String, { nullable: true }) targetNamespace!: string | null;
  @Field(() => String, { nullable: true }) targetName!: string | null;
  @Field(() => JSONScalar, { nullable: true, description: 'Changed fields as they were: { "<field path>": value }.' }) before!: unknown;
  @Field(() => JSONScalar, { nullable: true, description: 'Changed fields as they are now.' }) after!: unknown;
  @Field() requestId!: string;
  @Field(() => String, { nullable: true }) idempotencyKey!: string | null;
  @Field({ description: '"ok", or the error code the caller received.' }) result!: string;
  @Field(() => String, { nullable: true }) message!: string | null;
}

@ObjectType()
export class AuditEntryConnection extends Connection(AuditEntryModel, 'AuditEntry') {}
