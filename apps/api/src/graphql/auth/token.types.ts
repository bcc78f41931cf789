// GraphQL shapes of the caller and of API tokens. Roles are strings (viewer, operator, hook-acker, rollout-approver,
// admin): "hook-acker" is not a valid GraphQL enum value.
import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('Me', { description: 'The token this request authenticated with.' })
export class MeModel {
  @Field() name!: string;
  @Field({ description: 'viewer, operator, hook-acker, rollout-approver or admin' }) role!: string;
  @Field(() => [String], { description: 'Namespaces a hook-acker or rollout-approver is limited to; empty means all.' }) namespaces!: string[];
}

@ObjectType('TokenInfo')
export class TokenInfoModel {
  @Field() name!: string;
  @Field() role!: string;
  @Field(() => [String]) namespaces!: string[];
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true }) lastUsedAt!: Date | null;
  @Field(() => Date, { nullable: true }) revokedAt!: Date | null;
}

@ObjectType('CreatedToken', { description: 'A new token. The secret is shown this once: only its hash is stored.' })
export class CreatedTokenModel {
  @Field() name!: string;
  @Field() role!: string;
  @Field(() => [String]) namespaces!: string[];
  @Field({ description: 'Send as "Authorization: Bearer <secret>".' }) secret!: string;
}
