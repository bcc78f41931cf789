// GraphQL for the caller and for token management (admin only, see auth/access-policy.ts).
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { CurrentPrincipal } from '../../auth/current-principal.decorator.js';
import type { Principal } from '../../auth/principal.js';
import { TokensService } from '../../auth/tokens.service.js';
import { CreatedTokenModel, MeModel, TokenInfoModel } from './token.types.js';

@Resolver()
export class TokensResolver {
  constructor(private readonly service: TokensService) {}

  @Query(() => MeModel)
  me(@CurrentPrincipal() principal: Principal): MeModel {
    return { name: principal.name, role: principal.role, namespaces: principal.namespaces };
  }

  @Query(() => [TokenInfoModel], { description: 'Every token, revoked ones included, oldest first.' })
  tokens() {
    return this.service.list();
  }

  @Mutation(() => CreatedTokenModel)
  createToken(
    @Args('name') name: string,
    @Args('role', { description: 'viewer, operator, hook-acker, rollout-approver or admin' }) role: string,
    @Args('namespaces', { type: () => [String], nullable: true, description: 'hook-acker and rollout-approver only: the namespaces it is limited to.' }) namespaces: string[] | null,
  ) {
    return this.service.create({ name, role, namespaces: namespaces ?? [] });
  }

  @Mutation(() => Boolean, { description: 'Revokes the token at once; false when it already was revoked.' })
  revokeToken(@Args('name') name: string) {
    return this.service.revoke(name);
  }
}
