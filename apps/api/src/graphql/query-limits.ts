// Limits on what one GraphQL document may ask for, checked while it is validated (before anything runs),
// on HTTP and graphql-ws alike, so no single query can stall the server for everyone: nesting depth,
// aliases (700 aliases of `plan` took 12.9 s) and an estimated cost (700 aliases of `pods(first: 1000)`
// took 17 s). The cost of a field is 1 plus its selections, multiplied by its page size (`first`, or
// the argument's default; MAX_PAGE when it is a variable, whose value validation does not see yet).
import {
  GraphQLError,
  Kind,
  getNamedType,
  isCompositeType,
  specifiedRules,
  validate,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { MAX_PAGE } from './connection.js';

export interface QueryLimits {
  /** Levels of nested selections (`{ a { b } }` is 2). The standard introspection query needs 13. */
  maxDepth: number;
  /** Aliased fields in one operation, fragments included. */
  maxAliases: number;
  /** Estimated fields resolved; the dashboard's heaviest page (1,000 workloads with plans) is about 47,000. */
  maxCost: number;
}

export const QUERY_LIMITS: QueryLimits = { maxDepth: 15, maxAliases: 30, maxCost: 100_000 };

/** Page-size arguments, as the connections and event lists name them. */
const PAGE_ARGUMENTS = ['first'];

export function queryLimitsRule(limits: QueryLimits = QUERY_LIMITS): ValidationRule {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(operation) {
      const measure = measureOperation(context.getSchema(), operation, fragmentsOf(context.getDocument()));
      if (measure === undefined) return;
      const over = (limit: 'depth' | 'aliases' | 'cost', actual: number, maximum: number, text: string) =>
        context.reportError(new GraphQLError(text, { nodes: [operation], extensions: { limit, maximum, actual } }));
      if (measure.depth > limits.maxDepth) {
        over('depth', measure.depth, limits.maxDepth, `the query nests ${measure.depth} levels deep; at most ${limits.maxDepth} are allowed`);
      }
      if (measure.aliases > limits.maxAliases) {
        over('aliases', measure.aliases, limits.maxAliases, `the query uses ${measure.aliases} aliases; at most ${limits.maxAliases} are allowed (send several requests instead)`);
      }
      if (measure.cost > limits.maxCost) {
        over('cost', measure.cost, limits.maxCost, `the query would resolve about ${measure.cost} fields (page sizes multiplied in); at most ${limits.maxCost} are allowed: ask for smaller pages or fewer fields`);
      }
    },
  });
}

/** graphql-js `validate` with the limits, for graphql-ws (Apollo takes the rule through validationRules). */
export function validateWithLimits(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document, [...specifiedRules, queryLimitsRule()]);
}

interface Measure {
  depth: number;
  aliases: number;
  cost: number;
}

function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  return fragments;
}

/** undefined when the operation's root type does not exist (another rule reports that). */
function measureOperation(schema: GraphQLSchema, operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>): Measure | undefined {
  const root = schema.getRootType(operation.operation);
  if (!root) return undefined;
  const measure: Measure = { depth: 0, aliases: 0, cost: 0 };
  measure.cost = selectionCost(schema, root, operation.selectionSet, fragments, measure, 1, new Set());
  return measure;
}

/**
 * The cost of a selection set on `parent` at nesting `depth`, counting depth and aliases into `measure`
 * on the way. `visiting` holds the fragments being expanded: a cycle (which another rule refuses) stops.
 * Costs saturate at a large number, so a huge query cannot overflow into a small one.
 */
function selectionCost(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType | undefined,
  selections: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  measure: Measure,
  depth: number,
  visiting: Set<string>,
): number {
  measure.depth = Math.max(measure.depth, depth);
  let cost = 0;
  for (const selection of selections.selections) {
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) measure.aliases++;
      cost += fieldCost(schema, parent, selection, fragments, measure, depth, visiting);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
      cost += selectionCost(schema, isCompositeType(type) ? type : undefined, selection.selectionSet, fragments, measure, depth, visiting);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || visiting.has(name)) continue;
      visiting.add(name);
      const type = schema.getType(fragment.typeCondition.name.value);
      cost += selectionCost(schema, isCompositeType(type) ? type : undefined, fragment.selectionSet, fragments, measure, depth, visiting);
      visiting.delete(name);
    }
  }
  return Math.min(cost, Number.MAX_SAFE_INTEGER);
}

function fieldCost(
  schema: GraphQLSchema,
  parent: GraphQLCompositeType | undefined,
  field: FieldNode,
  fragments: Map<string, FragmentDefinitionNode>,
  measure: Measure,
  depth: number,
  visiting: Set<string>,
): number {
  if (!field.selectionSet) return 1;
  const definition = parent && 'getFields' in parent ? (parent.getFields() as Record<string, GraphQLField<unknown, unknown>>)[field.name.value] : undefined;
  const type = definition ? getNamedType(definition.type) : undefined;
  const inner = selectionCost(schema, isCompositeType(type) ? type : undefined, field.selectionSet, fragments, measure, depth + 1, visiting);
  return 1 + pageSize(field, definition) * inner;
}

/** How many items one page of this field may hold: its `first` argument, else that argument's default, else 1. */
function pageSize(field: FieldNode, definition: GraphQLField<unknown, unknown> | undefined): number {
  for (const name of PAGE_ARGUMENTS) {
    const given = field.arguments?.find((a) => a.name.value === name)?.value;
    if (given?.kind === Kind.INT) return clampPage(Number(given.value));
    if (given?.kind === Kind.VARIABLE) return MAX_PAGE;
    const declared = definition?.args.find((a) => a.name === name)?.defaultValue;
    if (typeof declared === 'number') return clampPage(declared);
  }
  return 1;
}

function clampPage(size: number): number {
  return Math.max(1, Math.min(size, MAX_PAGE));
}

/**
 * Subscriptions are served over graphql-ws only; over HTTP they are the caller's mistake, answered as
 * BAD_USER_INPUT (HTTP 400) before anything runs, not as a failure of the server.
 */
export const subscriptionsOverWebSocketOnly = {
  async requestDidStart() {
    return {
      async didResolveOperation({ operation }: { operation?: OperationDefinitionNode | null }) {
        if (operation?.operation !== 'subscription') return;
        throw new GraphQLError('subscriptions are served over graphql-ws (a WebSocket on this same path), not over HTTP', {
          extensions: { code: 'BAD_USER_INPUT', fieldErrors: [], http: { status: 400 } },
        });
      },
    };
  },
};
