// The API: thin adapters over the runtime (GraphQL, REST for hook acknowledgements, health, metrics),
// with authentication, authorization and the audit log around every operation.
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import type { Request } from 'express';
import { Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { GraphQLModule, type GraphQLWsSubscriptionsConfig } from '@nestjs/graphql';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuditInterceptor } from './audit/audit.interceptor.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AuthenticationGuard } from './auth/authentication.guard.js';
import { AuthorizationInterceptor } from './auth/authorization.interceptor.js';
import { TokensService } from './auth/tokens.service.js';
import { ClusterCache } from './cluster/cluster-cache.js';
import { ClusterObjectsService } from './cluster/cluster-objects.service.js';
import { AuditResolver } from './graphql/audit/audit.resolver.js';
import { ClockResolver } from './graphql/clock/clock.resolver.js';
import { TokensResolver } from './graphql/auth/tokens.resolver.js';
import { compiledQueryExecution } from './graphql/compiled-queries.js';
import { deepDocumentOnSubscribe, refuseDeepDocument } from './graphql/document-nesting.js';
import { formatError } from './graphql/errors.js';
import { graphqlAuthentication } from './graphql/graphql-context.js';
import { queryLimitsRule, subscriptionsOverWebSocketOnly, validateWithLimits } from './graphql/query-limits.js';
import { HooksResolver } from './graphql/hooks/hooks.resolver.js';
import { ObjectsResolver } from './graphql/objects/objects.resolver.js';
import { ShadowResolver } from './graphql/observe/shadow.resolver.js';
import { RevisionFieldsResolver, WorkloadFieldsResolver } from './graphql/workloads/workload-fields.resolver.js';
import { StatefulSetFieldsResolver } from './graphql/workloads/statefulset-fields.resolver.js';
import { UnitedDeploymentFieldsResolver } from './graphql/workloads/uniteddeployment-fields.resolver.js';
import { TopologyResolver } from './graphql/topology/topology.resolver.js';
import { TopologyService } from './topology/topology.service.js';
import { WorkloadsResolver } from './graphql/workloads/workloads.resolver.js';
import { HealthController } from './health/health.controller.js';
import { HookAckService } from './hooks/hook-ack.service.js';
import { AckKeyRetention } from './hooks/ack-key-retention.js';
import { AckTombstoneRecorder } from './hooks/ack-tombstone-recorder.js';
import { AckTombstonesRepository } from './hooks/ack-tombstones.repository.js';
import { HookAcksRepository } from './hooks/hook-acks.repository.js';
import { PendingHooksService } from './hooks/pending-hooks.service.js';
import { PodTombstones } from './hooks/pod-tombstones.js';
import { BodyDepthMiddleware } from './http/body-depth.middleware.js';
import { ErrorFilter } from './http/error.filter.js';
import { InputGuardInterceptor } from './http/input-guard.interceptor.js';
import { RequestIdMiddleware } from './http/request-id.middleware.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { DocsController } from './rest/docs.controller.js';
import { HooksController } from './rest/hooks.controller.js';
import { KubeApiModule } from './kube-api/kube-api.server.js';
import { AdmissionWebhookModule } from './webhook/webhook.module.js';
import type { Runtime } from './runtime.js';
import { RuntimeModule } from './runtime.module.js';
import { WorkloadsService } from './workloads/workloads.service.js';

@Module({})
export class AppModule implements NestModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.register(runtime),
        AuditModule,
        AuthModule,
        KubeApiModule,
        AdmissionWebhookModule,
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
      controllers: [HealthController, MetricsController, HooksController, DocsController],
      providers: [
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_GUARD, useClass: AuthenticationGuard },
        // Order matters: the audit interceptor wraps the others, so refusals are audited; arguments are
        // checked before access is decided, so "" is bad input for every caller alike.
        { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
        { provide: APP_INTERCEPTOR, useClass: InputGuardInterceptor },
        { provide: APP_INTERCEPTOR, useClass: AuthorizationInterceptor },
        ClusterCache,
        ClusterObjectsService,
        ObjectsResolver,
        WorkloadsService,
        WorkloadsResolver,
        WorkloadFieldsResolver,
        RevisionFieldsResolver,
        StatefulSetFieldsResolver,
        UnitedDeploymentFieldsResolver,
        TopologyService,
        TopologyResolver,
        ClockResolver,
        TokensResolver,
        AuditResolver,
        PodTombstones,
        PendingHooksService,
        HookAcksRepository,
        AckTombstonesRepository,
        AckTombstoneRecorder,
        AckKeyRetention,
        HookAckService,
        HooksResolver,
        ShadowResolver,
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestIdMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
    consumer.apply(BodyDepthMiddleware).forRoutes({ path: 'api/{*path}', method: RequestMethod.ALL });
  }
}
