// Queries run as compiled code (graphql-jit) instead of graphql-js's interpreter. Under the scale
// benchmark's readers the interpreter was the API thread's largest cost: per field it builds argument
// maps and result objects in V8's dictionary mode (slow to fill and slow to serialize), so a page of
// 100 pods cost more in graphql-js and JSON.stringify than in our resolvers.
//
// Only answers without errors are taken from the compiled query. A query that ends in an error runs
// again through Apollo's own execution, which formats, masks and counts errors in one place; queries
// only read, so running one twice changes nothing. Mutations always run through Apollo.
import type { ApolloServerPlugin, GraphQLRequestContext, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { isObjectType, type DocumentNode, type GraphQLField, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

/** A document the compiler refused (an unsupported construct) runs through graphql-js instead. */
type Compiled = CompiledQuery | null;

export class CompiledQueries {
  // Apollo keeps one parsed document per distinct query text (its LRU document store), so entries
  // live as long as Apollo keeps the document; a schema change makes new documents.
  private readonly byDocument = new WeakMap<DocumentNode, Map<string, Compiled>>();

  /** The compiled operation of `document`, compiled on first use. */
  get(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): Compiled {
    let operations = this.byDocument.get(document);
    if (!operations) {
      operations = new Map();
      this.byDocument.set(document, operations);
    }
    const key = operationName ?? '';
    if (operations.has(key)) return operations.get(key)!;
    const compiled = compile(schema, document, operationName);
    operations.set(key, compiled);
    return compiled;
  }
}

function compile(schema: GraphQLSchema, document: DocumentNode, operationName: string | undefined): Compiled {
  const fields = propertyFields(schema);
  const resolvers = fields.map((f) => f.resolve);
  // For the compiler only, and synchronously (so no execution sees it): a field that only reads its
  // property is compiled as that property read instead of a call per object and field.
  for (const f of fields) f.resolve = undefined;
  try {
    // disableLeafSerialization: built-in scalars and enums are answered as the resolvers hold them.
    // graphql-jit 0.8.9 otherwise passes each leaf, per item of a list, fresh arrays of its source
    // locations and response path for the error it might raise: 2 KB per pod of a 100-pod page, more
    // than half of all the API thread allocated under the benchmark's reads. Our models hold their
    // declared types (enum values are their names), so serializing them changed nothing.
    const result = compileQuery(schema, document, operationName, { disablingCapturingStackErrors: true, disableLeafSerialization: true });
    return isCompiledQuery(result) ? result : null;
  } catch {
    return null;
  } finally {
    fields.forEach((f, i) => (f.resolve = resolvers[i]));
  }
}

const propertyFieldsOf = new WeakMap<GraphQLSchema, GraphQLField<unknown, unknown>[]>();

/**
 * The fields whose resolver is Nest's property read (`root[name]`, undefined when absent: what a
 * compiled query does without a resolver). Nest gives one to every field of an object type that has
 * no resolver of its own and no field middleware; none of ours declares an output default value,
 * the one case where it would answer differently.
 */
function propertyFields(schema: GraphQLSchema): GraphQLField<unknown, unknown>[] {
  let fields = propertyFieldsOf.get(schema);
  if (!fields) {
    fields = Object.values(schema.getTypeMap())
      .filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'))
      .flatMap((t) => Object.values(t.getFields()))
      .filter((f) => f.resolve?.name === NEST_PROPERTY_RESOLVER);
    propertyFieldsOf.set(schema, fields);
  }
  return fields;
}

/** The name of the resolver @nestjs/graphql makes for a plain field (ObjectTypeDefinitionFactory). */
export const NEST_PROPERTY_RESOLVER = 'rootFieldResolver';

/** The Apollo plugin answering error-free queries from their compiled form. */
export function compiledQueryExecution(queries = new CompiledQueries()): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async responseForOperation(request: GraphQLRequestContext<object>): Promise<GraphQLResponse | null> {
          if (request.operation?.operation !== 'query') return null;
          const compiled = queries.get(request.schema, request.document!, request.request.operationName ?? undefined);
          if (!compiled) return null;
          const result = await compiled.query(undefined, request.contextValue, request.request.variables ?? {});
          if (result.errors?.length) return null;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data: result.data } } };
        },
      };
    },
  };
}
