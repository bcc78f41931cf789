// Prints the GraphQL schema the server serves, as SDL on stdout, without starting the server: the same
// classes (AppModule's providers, of which Nest's explorer hands every one to the schema factory, which
// keeps the resolvers), the same factory and the same lexicographic sort as GraphQLModule's
// `autoSchemaFile` + `sortSchema`. The dashboard commits this SDL and generates its typed operations
// from it (apps/dashboard/scripts/graphql-codegen.mjs), so a schema change shows in review and a change
// that breaks the dashboard fails its build.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { AppModule } from '../app.module.js';
import type { Runtime } from '../runtime.js';

async function main(): Promise<void> {
  // register() only lists the module's parts; the runtime it would hand to them is never started here.
  const notStarted = { database: {} } as unknown as Runtime;
  const providers = AppModule.register(notStarted).providers ?? [];
  const classes = providers.filter((p): p is NonNullable<typeof p> & (new (...args: never[]) => unknown) => typeof p === 'function');
  const context = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
  try {
    const schema = await context.get(GraphQLSchemaFactory).create(classes);
    process.stdout.write(`${printSchema(lexicographicSortSchema(schema))}\n`);
  } finally {
    await context.close();
  }
}

main().catch((err: unknown) => {
  new Logger('print-schema').error(err instanceof Error ? err.stack ?? err.message : String(err));
  process.exit(1);
});
