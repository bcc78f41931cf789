// The API: thin adapters over the runtime (GraphQL, REST for hook acknowledgements and Rollout approvals, the Kubernetes API,
// health, metrics), with authentication, authorization and the audit log around every operation. Each
// domain has its module (workloads, hooks, topology, the cluster's cache and objects, auth, audit); each
// surface has its own (GraphQLApiModule, KubeApiModule) or, for the few REST routes, its controllers here.
import { Module, RequestMethod, type DynamicModule, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuditInterceptor } from './audit/audit.interceptor.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { AuthenticationGuard } from './auth/authentication.guard.js';
import { AuthorizationInterceptor } from './auth/authorization.interceptor.js';
import { GraphQLApiModule } from './graphql/graphql-api.module.js';
import { HealthController } from './health/health.controller.js';
import { HooksModule } from './hooks/hooks.module.js';
import { BodyDepthMiddleware } from './http/body-depth.middleware.js';
import { ErrorFilter } from './http/error.filter.js';
import { InputGuardInterceptor } from './http/input-guard.interceptor.js';
import { RequestIdMiddleware } from './http/request-id.middleware.js';
import { KubeApiModule } from './kube-api/kube-api.server.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { DocsController } from './rest/docs.controller.js';
import { HooksController } from './rest/hooks.controller.js';
import { RolloutsController } from './rest/rollouts.controller.js';
import { RolloutsModule } from './rollouts/rollouts.module.js';
import type { Runtime } from './runtime.js';
import { RuntimeModule } from './runtime.module.js';
import { AdmissionWebhookModule } from './webhook/webhook.module.js';

@Module({})
export class AppModule implements NestModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.register(runtime),
        AuditModule,
        AuthModule,
        HooksModule,
        RolloutsModule,
        GraphQLApiModule,
        KubeApiModule,
        AdmissionWebhookModule,
      ],
      controllers: [HealthController, MetricsController, HooksController, RolloutsController, DocsController],
      providers: [
        { provide: APP_FILTER, useClass: ErrorFilter },
        { provide: APP_GUARD, useClass: AuthenticationGuard },
        // Order matters: the audit interceptor wraps the others, so refusals are audited; arguments are
        // checked before access is decided, so "" is bad input for every caller alike.
        { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
        { provide: APP_INTERCEPTOR, useClass: InputGuardInterceptor },
        { provide: APP_INTERCEPTOR, useClass: AuthorizationInterceptor },
      ],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestIdMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
    consumer.apply(BodyDepthMiddleware).forRoutes({ path: 'api/{*path}', method: RequestMethod.ALL });
  }
}
