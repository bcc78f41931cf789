// Hands the started runtime (runtime.ts) to Nest: the cluster, the clock and the database, for every
// module to inject.
import { Module, type DynamicModule } from '@nestjs/common';
import type { Runtime } from './runtime.js';
import { CLOCK, CLUSTER, PRISMA, RUNTIME } from './tokens.js';

@Module({})
export class RuntimeModule {
  static register(runtime: Runtime): DynamicModule {
    const providers = [
      { provide: RUNTIME, useValue: runtime },
      { provide: CLUSTER, useValue: runtime.cluster },
      { provide: CLOCK, useValue: runtime.clock },
      { provide: PRISMA, useValue: runtime.database.prisma },
    ];
    return { module: RuntimeModule, global: true, providers, exports: providers.map((p) => p.provide) };
  }
}
