// GraphQL over HTTP: one POST per operation, the bearer token in the Authorization header, every
// failure turned into an ApiError (network, HTTP status, or the GraphQL errors array). Operations are
// the generated typed documents, so the result and the variables are checked against the schema.
import { ApiError, fromGraphQLErrors } from './errors';
import type { TypedDocumentString } from './generated';

/** Variables may be left out only when the operation needs none. */
// `{} extends V`: every variable of V is optional (an empty object is all the operation needs).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export type VariablesArg<V> = {} extends V ? [variables?: V] : [variables: V];

export interface GraphQLHttp {
  request<R, V>(operation: TypedDocumentString<R, V>, ...variables: VariablesArg<V>): Promise<R>;
}

export function graphqlHttp(apiUrl: string, token: () => string | null, fetchImpl: typeof fetch = fetch): GraphQLHttp {
  const endpoint = `${apiUrl.replace(/\/$/, '')}/graphql`;
  return {
    async request<R, V>(operation: TypedDocumentString<R, V>, ...[variables]: VariablesArg<V>): Promise<R> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const bearer = token();
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      let res: Response;
      try {
        res = await fetchImpl(endpoint, { method: 'POST', headers, body: JSON.stringify({ query: operation.toString(), variables: variables ?? {} }) });
      } catch (err) {
        throw new ApiError(`${endpoint}: ${err instanceof Error ? err.message : String(err)}`, 'NETWORK');
      }
      let body: { data?: R; errors?: { message: string; extensions?: Record<string, unknown> }[] };
      try {
        body = await res.json();
      } catch {
        if (res.status === 401) throw new ApiError('the API needs a valid token', 'UNAUTHENTICATED', [], 401);
        throw new ApiError(`${endpoint} answered HTTP ${res.status} without a GraphQL body`, res.status === 403 ? 'FORBIDDEN' : 'NETWORK', [], res.status);
      }
      if (body.errors?.length) throw fromGraphQLErrors(body.errors, res.status);
      if (!res.ok || body.data === undefined || body.data === null)
        throw new ApiError(`${endpoint} answered HTTP ${res.status}`, res.status === 401 ? 'UNAUTHENTICATED' : 'NETWORK', [], res.status);
      return body.data;
    },
  };
}
