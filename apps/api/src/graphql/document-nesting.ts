// How deep the brackets of a GraphQL document nest, counted on the text before it is parsed: graphql-js's
// parser recurses once per level, so a document of thousands of nested `{`, `[` or `(` (a deep JSON
// literal, a deep selection) overflowed the stack inside the parser, and the answer carried the
// RangeError's text. Checked on HTTP (graphql-context.ts) and graphql-ws (onSubscribe) alike.
import { GraphQLError } from 'graphql';

/** Room for the deepest selection set allowed (QUERY_LIMITS.maxDepth), an argument list, and a JSON literal of MAX_OBJECT_DEPTH levels. */
export const MAX_DOCUMENT_NESTING = 128;

/** The deepest bracket nesting in `source`, outside strings and comments; counting stops past `limit`. */
export function documentNesting(source: string, limit = MAX_DOCUMENT_NESTING): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++;
    } else if (c === '"') {
      if (source.startsWith('"""', i)) {
        // A block string ends at the next """ not escaped as \""".
        for (i += 3; i < source.length && !(source.startsWith('"""', i) && source[i - 1] !== '\\'); i++);
        i += 2;
      } else {
        for (i++; i < source.length && source[i] !== '"' && source[i] !== '\n'; i++) if (source[i] === '\\') i++;
      }
    } else if (c === '{' || c === '[' || c === '(') {
      depth++;
      if (depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === '}' || c === ']' || c === ')') {
      depth--;
    }
  }
  return deepest;
}

/** BAD_USER_INPUT when `source` nests deeper than MAX_DOCUMENT_NESTING, else undefined. */
export function documentNestingError(source: unknown): GraphQLError | undefined {
  if (typeof source !== 'string' || documentNesting(source) <= MAX_DOCUMENT_NESTING) return undefined;
  return new GraphQLError(`the document nests brackets ({, [, () deeper than ${MAX_DOCUMENT_NESTING} levels`, {
    extensions: { code: 'BAD_USER_INPUT', limit: 'nesting', maximum: MAX_DOCUMENT_NESTING },
  });
}

/** For Apollo's context function, which runs before the document is parsed: throws the refusal as HTTP 400. */
export function refuseDeepDocument(req: { body?: { query?: unknown }; query?: { query?: unknown } }): void {
  const error = documentNestingError(req.body?.query ?? req.query?.query);
  if (error) throw new GraphQLError(error.message, { extensions: { ...error.extensions, http: { status: 400 } } });
}

/** graphql-ws's onSubscribe, which runs before the document is parsed: the refusal as the operation's error. */
export function deepDocumentOnSubscribe(_ctx: unknown, _id: string, payload: { query?: unknown }): GraphQLError[] | undefined {
  const error = documentNestingError(payload.query);
  return error ? [error] : undefined;
}
