// The GraphQL API (docs/spec/api-contract.md): Apollo with graphql-ws subscriptions, and the resolvers,
// thin adapters over the use cases of the domain modules. Authentication reads the token in Apollo's
// context; the global guard, interceptors and error filter (app.module.ts) wrap every resolver.
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule, type GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import type { Request } from 'express';
import { AuthModule } from '../auth/auth.module.js';
import { TokensService } from '../auth/tokens.service.js';
import { ClusterModule } from '../cluster/cluster.module.js';
import { ContainersModule } from '../containers/containers.module.js';
import { HooksModule } from '../hooks/hooks.module.js';
import { ImagePullModule } from '../image-pull/image-pull.module.js';
import { TopologyModule } from '../topology/topology.module.js';
import { WorkloadsModule } from '../workloads/workloads.module.js';
import { PreviewModule } from '../preview/preview.module.js';
import { RolloutsModule } from '../rollouts/rollouts.module.js';
import { PreviewResolver } from './preview/preview.resolver.js';
import { AuditResolver } from './audit/audit.resolver.js';
import { TokensResolver } from './auth/tokens.resolver.js';
import { ClockResolver } from './clock/clock.resolver.js';
import { ContainerRestartsResolver } from './containers/container-restarts.resolver.js';
import { compiledQueryExecution } from './compiled-queries.js';
import { deepDocumentOnSubscribe, refuseDeepDocument } from './document-nesting.js';
import { formatError } from './errors.js';
import { graphqlAuthentication } from './graphql-context.js';
import { HooksResolver } from './hooks/hooks.resolver.js';
import { ImagePullResolver } from './image-pull/image-pull.resolver.js';
import { ObjectsResolver } from './objects/objects.resolver.js';
import { ShadowResolver } from './observe/shadow.resolver.js';
import { RolloutAnalysisFieldResolver } from './rollouts/rollout-analysis.resolver.js';
import { RolloutHistoryFieldResolver } from './rollouts/rollout-history.resolver.js';
import { RolloutWebhooksResolver } from './rollouts/rollout-webhooks.resolver.js';
import { RolloutsResolver } from './rollouts/rollouts.resolver.js';
import { WorkloadRolloutFieldResolver } from './rollouts/workload-rollout-field.resolver.js';
import { queryLimitsRule, subscriptionsOverWebSocketOnly, validateWithLimits } from './query-limits.js';
import { TopologyResolver } from './topology/topology.resolver.js';
import { StatefulSetFieldsResolver } from './workloads/statefulset-fields.resolver.js';
import { UnitedDeploymentFieldsResolver } from './workloads/uniteddeployment-fields.resolver.js';
import { RevisionFieldsResolver, WorkloadFieldsResolver } from './workloads/workload-fields.resolver.js';
import { WorkloadsResolver } from './workloads/workloads.resolver.js';

/** Every resolver of the schema (cli/print-schema.ts prints the schema from these). */
export const GRAPHQL_RESOLVERS = [
  ObjectsResolver,
  WorkloadsResolver,
  WorkloadFieldsResolver,
  RevisionFieldsResolver,
  StatefulSetFieldsResolver,
  UnitedDeploymentFieldsResolver,
  TopologyResolver,
  ClockResolver,
  TokensResolver,
  AuditResolver,
  HooksResolver,
  ShadowResolver,
  ContainerRestartsResolver,
  ImagePullResolver,
  PreviewResolver,
  RolloutsResolver,
  WorkloadRolloutFieldResolver,
  RolloutWebhooksResolver,
  RolloutAnalysisFieldResolver,
  RolloutHistoryFieldResolver,
];

@Module({
  imports: [
    AuthModule,
    ClusterModule,
    WorkloadsModule,
    ContainersModule,
    TopologyModule,
    HooksModule,
    ImagePullModule,
    PreviewModule,
    RolloutsModule,
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [AuthModule],
      inject: [TokensService],
      useFactory: (tokens: TokensService) => {
        const authentication = graphqlAuthentication(tokens);
        return {
          autoSchemaFile: true,
          sortSchema: true,
          formatError,
          introspection: true,
          validationRules: [queryLimitsRule()],
          // No HTTP caching hints are served; the cache-control plugin would otherwise wrap every field resolver.
          plugins: [subscriptionsOverWebSocketOnly, ApolloServerPluginCacheControlDisabled(), compiledQueryExecution()],
          // Compact JSON: Apollo's default pretty-prints every answer (about 5% of the API thread's time
          // under the scale benchmark's read load, and more bytes on the wire).
          stringifyResult: (result) => JSON.stringify(result),
          context: async (arg: { req?: Request }) => {
            const context = await authentication.context(arg);
            // Apollo calls this before it parses the document, whose parser recurses per bracket.
            if (arg.req) refuseDeepDocument(arg.req);
            return context;
          },
          // graphql-ws takes `validate` and `onSubscribe` (Nest passes these options through to its useServer).
          subscriptions: {
            'graphql-ws': { ...(authentication.subscriptions?.['graphql-ws'] as object), onSubscribe: deepDocumentOnSubscribe, validate: validateWithLimits } as GraphQLWsSubscriptionsConfig,
          },
        };
      },
    }),
  ],
  providers: GRAPHQL_RESOLVERS,
})
export class GraphQLApiModule {}
