// Prints the GraphQL schema the server serves, as SDL on stdout, without starting the server: the same
// resolvers (GraphQLApiModule's, which Nest's explorer hands to the schema factory), the same factory
// and the same lexicographic sort as GraphQLModule's `autoSchemaFile` + `sortSchema`. `npm run codegen`
// (scripts/graphql-codegen.mjs) commits this SDL as apps/api/schema.graphql and generates the dashboard's
// and the CLI's typed operations from it, so a schema change shows in review and a change that breaks
// either client fails its build.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { GRAPHQL_RESOLVERS } from '../graphql/graphql-api.module.js';

async function main(): Promise<void> {
  const context = await NestFactory.createApplicationContext(GraphQLSchemaBuilderModule, { logger: false });
  try {
    const schema = await context.get(GraphQLSchemaFactory).create(GRAPHQL_RESOLVERS);
    process.stdout.write(`${printSchema(lexicographicSortSchema(schema))}\n`);
  } finally {
    await context.close();
  }
}

main().catch((err: unknown) => {
  new Logger('print-schema').error(err instanceof Error ? err.stack ?? err.message : String(err));
  process.exit(1);
});
