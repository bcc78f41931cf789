import { ApolloServer } from '@apollo/server';
import { describe, expect, it } from '@jest/globals';
import { GraphQLError, GraphQLEnumType, GraphQLInt, GraphQLInterfaceType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLScalarType, GraphQLSchema, GraphQLString, type DocumentNode, type GraphQLSchema as Schema } from 'graphql';
import { CompiledQueries, compiledQueryExecution, NEST_PROPERTY_RESOLVER } from './compiled-queries.js';

class CountingQueries extends CompiledQueries {
  compiledRuns = 0;
  override get(schema: Schema, document: DocumentNode, operationName: string | undefined) {
    const compiled = super.get(schema, document, operationName);
    if (compiled) this.compiledRuns++;
    return compiled;
  }
}

// The shapes the API's schema uses: an interface resolved by type, enums, a custom scalar, lists,
// arguments with defaults, and a field that fails on request.
function testSchema(calls: { failing: number; mutations: number }) {
  const state = new GraphQLEnumType({ name: 'State', values: { NORMAL: { value: 'NORMAL' }, PREPARING_DELETE: { value: 'PREPARING_DELETE' } } });
  const dateTime = new GraphQLScalarType({ name: 'DateTime', serialize: (d) => (d as Date).toISOString() });
  const workload: GraphQLInterfaceType = new GraphQLInterfaceType({
    name: 'Workload',
    fields: () => ({ name: { type: new GraphQLNonNull(GraphQLString) } }),
    resolveType: (w: { kind: string }) => (w.kind === 'CloneSet' ? 'CloneSet' : 'StatefulSet'),
  });
  const pod = new GraphQLObjectType({
    name: 'Pod',
    fields: { name: { type: GraphQLString }, state: { type: state }, createdAt: { type: dateTime }, restarts: { type: GraphQLInt } },
  });
  const cloneSet = new GraphQLObjectType({
    name: 'CloneSet',
    interfaces: [workload],
    fields: {
      name: { type: new GraphQLNonNull(GraphQLString) },
      pods: {
        type: new GraphQLList(pod),
        args: { first: { type: GraphQLInt, defaultValue: 2 } },
        resolve: (w: { pods: unknown[] }, { first }: { first: number }) => w.pods.slice(0, first),
      },
      failing: {
        type: GraphQLString,
        resolve: () => {
          calls.failing++;
          throw new GraphQLError('no such thing', { extensions: { code: 'NOT_FOUND' } });
        },
      },
    },
  });
  const statefulSet = new GraphQLObjectType({ name: 'StatefulSet', interfaces: [workload], fields: { name: { type: new GraphQLNonNull(GraphQLString) }, ordinals: { type: new GraphQLList(GraphQLInt) } } });
  const workloads = [
    { kind: 'CloneSet', name: 'web', pods: [0, 1, 2].map((i) => ({ name: `web-${i}`, state: i === 2 ? 'PREPARING_DELETE' : 'NORMAL', createdAt: new Date(Date.UTC(2026, 10, 27, 0, 0, i)), restarts: i })) },
    { kind: 'StatefulSet', name: 'db', ordinals: [0, 1] },
  ];
  return new GraphQLSchema({
    types: [cloneSet, statefulSet],
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        workloads: { type: new GraphQLList(workload), resolve: () => workloads },
        workload: { type: workload, args: { name: { type: new GraphQLNonNull(GraphQLString) } }, resolve: (_, { name }: { name: string }) => workloads.find((w) => w.name === name) },
      },
    }),
    mutation: new GraphQLObjectType({ name: 'Mutation', fields: { touch: { type: GraphQLString, resolve: () => `touched ${++calls.mutations}` } } }),
  });
}

async function serve() {
  const calls = { failing: 0, mutations: 0 };
  const queries = new CountingQueries();
  const schema = testSchema(calls);
  const compiled = new ApolloServer({ schema, plugins: [compiledQueryExecution(queries)] });
  const interpreted = new ApolloServer({ schema });
  const run = async (server: ApolloServer, query: string, variables?: Record<string, unknown>, operationName?: string) => {
    const response = await server.executeOperation({ query, variables, operationName });
    if (response.body.kind !== 'single') throw new Error('expected a single result');
    return { status: response.http.status, ...response.body.singleResult };
  };
  return { calls, queries, compiled: run.bind(null, compiled), interpreted: run.bind(null, interpreted) };
}

describe('compiled query execution', () => {
  it.each([
    ['fields, arguments with defaults, enums and a custom scalar', '{ workload(name: "web") { name ... on CloneSet { pods { name state createdAt restarts } } } }', undefined, undefined],
    ['an interface list resolved per item, with aliases and fragments', '{ workloads { __typename n: name ...P } } fragment P on CloneSet { all: pods(first: 10) { name } }', undefined, undefined],
    ['variables, @skip and @include', 'query Q($n: Int, $skip: Boolean!) { workload(name: "web") { ... on CloneSet { pods(first: $n) { name restarts @skip(if: $skip) state @include(if: $skip) } } } }', { n: 3, skip: true }, 'Q'],
    ['the named operation of a document with two', 'query A { workloads { name } } query B { workload(name: "db") { ... on StatefulSet { ordinals } } }', undefined, 'B'],
    ['null for an unknown object', '{ workload(name: "none") { name } }', undefined, undefined],
    // Literals end up in generated code: quotes, backslashes, template and comment syntax stay data.
    ['hostile string literals', '{ a: workload(name: "\\"); process.exit(1); //") { name } b: workload(name: "${process.exit(1)}`*/\\\\") { name } c: workload(name: "web") { name } }', undefined, undefined],
  ])('answers exactly as graphql-js does: %s', async (_, query, variables, operationName) => {
    const server = await serve();
    const expected = await server.interpreted(query, variables, operationName);
    expect(expected.errors).toBeUndefined();
    expect(await server.compiled(query, variables, operationName)).toEqual(expected);
    expect(server.queries.compiledRuns).toBe(1);
  });

  it('leaves an answer with errors to Apollo, which formats it (the failing query runs once more there)', async () => {
    const server = await serve();
    const query = '{ workload(name: "web") { name ... on CloneSet { failing } } }';
    const answer = await server.compiled(query);
    expect(answer).toEqual(await server.interpreted(query));
    expect(answer.errors).toEqual([expect.objectContaining({ message: 'no such thing', path: ['workload', 'failing'], extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
    expect(answer.data).toEqual({ workload: { name: 'web', failing: null } });
    expect(server.calls.failing).toBe(3); // compiled, then Apollo's; then the interpreted server's
  });

  it('runs mutations once, through Apollo only', async () => {
    const server = await serve();
    expect((await server.compiled('mutation { touch }')).data).toEqual({ touch: 'touched 1' });
    expect(server.calls.mutations).toBe(1);
    expect(server.queries.compiledRuns).toBe(0);
  });

  it("compiles Nest's property resolvers as property reads, leaving the schema's resolvers as they were", async () => {
    let calls = 0;
    // What @nestjs/graphql gives a plain field: a function of this name reading root[field name].
    const propertyResolver = { [NEST_PROPERTY_RESOLVER]: (root: Record<string, unknown>) => (calls++, root['label']) }[NEST_PROPERTY_RESOLVER]!;
    const item = new GraphQLObjectType({ name: 'Item', fields: { label: { type: GraphQLString, resolve: propertyResolver } } });
    const schema = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { items: { type: new GraphQLList(item), resolve: () => [{ label: 'a' }, { label: 'b' }] } } }) });
    const queries = new CountingQueries();
    const compiled = new ApolloServer({ schema, plugins: [compiledQueryExecution(queries)] });
    const answer = await compiled.executeOperation({ query: '{ items { label } }' });
    expect(answer.body.kind === 'single' && answer.body.singleResult.data).toEqual({ items: [{ label: 'a' }, { label: 'b' }] });
    expect(queries.compiledRuns).toBe(1);
    expect(calls).toBe(0);
    expect(item.getFields()['label']!.resolve).toBe(propertyResolver);
    // graphql-js still calls it.
    const interpreted = await new ApolloServer({ schema }).executeOperation({ query: '{ items { label } }' });
    expect(interpreted.body.kind === 'single' && interpreted.body.singleResult.data).toEqual({ items: [{ label: 'a' }, { label: 'b' }] });
    expect(calls).toBe(2);
  });

  it('compiles a document once and reuses it', async () => {
    const queries = new CompiledQueries();
    const schema = testSchema({ failing: 0, mutations: 0 });
    const { parse } = await import('graphql');
    const document = parse('query A { workloads { name } } query B { workloads { __typename } }');
    const a = queries.get(schema, document, 'A');
    expect(a).not.toBeNull();
    expect(queries.get(schema, document, 'A')).toBe(a);
    expect(queries.get(schema, document, 'B')).not.toBe(a);
  });
});
