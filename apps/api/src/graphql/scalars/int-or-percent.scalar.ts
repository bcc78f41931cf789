// `IntOrPercent`: Kubernetes' intstr as GraphQL sees it — an Int (5) or a percentage string ("20%").
// Anything else is refused while the request is parsed, naming the value.
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

export type IntOrPercent = number | string;

const PERCENT = /^\d+%$/;

/** Kubernetes' intstr holds an int32. */
const INT32_MAX = 2147483647;

function accept(value: unknown): IntOrPercent {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= INT32_MAX) return value;
  if (typeof value === 'string' && PERCENT.test(value)) return value;
  throw new GraphQLError(`IntOrPercent must be an Int from 0 to ${INT32_MAX} or a percentage such as "20%", got ${JSON.stringify(value)}`, {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

export const IntOrPercentScalar = new GraphQLScalarType({
  name: 'IntOrPercent',
  description: 'An Int, or a String such as "20%".',
  serialize: (value) => value,
  parseValue: accept,
  parseLiteral: (node) => {
    if (node.kind === Kind.INT) return accept(Number(node.value));
    if (node.kind === Kind.STRING) return accept(node.value);
    return accept(undefined);
  },
});
