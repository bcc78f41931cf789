// `JSON`: any JSON value, passed through unchanged (Kubernetes objects, plan diffs, update strategies).
// An input value may nest at most MAX_OBJECT_DEPTH levels, as every stored object; deeper is refused
// here, while variables are coerced and before anything recursive (the audit, the cluster worker's
// structured clone, patches) meets it.
import { MAX_OBJECT_DEPTH, nestsDeeperThanLimit, TOO_DEEP } from '@coxswain/kruise-api';
import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';

function tooDeep(): GraphQLError {
  return new GraphQLError(`the JSON value ${TOO_DEEP}`, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** A literal's value; the document's own nesting limit (document-nesting.ts) bounds this recursion. */
function literal(node: ValueNode, level = 1): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.OBJECT:
      if (level > MAX_OBJECT_DEPTH) throw tooDeep();
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value, level + 1)]));
    case Kind.LIST:
      if (level > MAX_OBJECT_DEPTH) throw tooDeep();
      return node.values.map((v) => literal(v, level + 1));
    case Kind.NULL:
      return null;
    default:
      throw new TypeError(`JSON cannot represent a ${node.kind} literal`);
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (nestsDeeperThanLimit(value)) throw tooDeep();
    return value;
  },
  parseLiteral: (node) => literal(node),
});
