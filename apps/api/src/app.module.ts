// The API: thin adapters over the runtime (GraphQL, health, metrics).
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { APP_FILTER } from '@nestjs/core';
import { ClusterObjectsService } from './cluster/cluster-objects.service.js';
import { GraphQLErrorFilter } from './graphql/error.filter.js';
import { formatError } from './graphql/errors.js';
import { ObjectsResolver } from './graphql/objects/objects.resolver.js';
import { RevisionFieldsResolver, WorkloadFieldsResolver } from './graphql/workloads/workload-fields.resolver.js';
import { WorkloadsResolver } from './graphql/workloads/workloads.resolver.js';
import { WorkloadsService } from './workloads/workloads.service.js';
import { HealthController } from './health/health.controller.js';
import { MetricsController } from './metrics/metrics.controller.js';
import type { Runtime } from './runtime.js';
import { CLUSTER, RUNTIME } from './tokens.js';

@Module({})
export class AppModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          autoSchemaFile: true,
          sortSchema: true,
          subscriptions: { 'graphql-ws': true },
          formatError,
          introspection: true,
        }),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: APP_FILTER, useClass: GraphQLErrorFilter },
        { provide: RUNTIME, useValue: runtime },
        { provide: CLUSTER, useValue: runtime.cluster },
        ClusterObjectsService,
        ObjectsResolver,
        WorkloadsService,
        WorkloadsResolver,
        WorkloadFieldsResolver,
        RevisionFieldsResolver,
      ],
    };
  }
}
