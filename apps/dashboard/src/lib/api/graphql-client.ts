// GraphQL over HTTP: one POST per operation, the bearer token in the Authorization header, every
// failure turned into an ApiError (network, HTTP status, or the GraphQL errors array).
import { ApiError, fromGraphQLErrors } from './errors';

export interface GraphQLHttp {
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export function graphqlHttp(apiUrl: string, token: () => string | null, fetchImpl: typeof fetch = fetch): GraphQLHttp {
  const endpoint = `${apiUrl.replace(/\/$/, '')}/graphql`;
  return {
    async request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      const bearer = token();
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      let res: Response;
      try {
        res = await fetchImpl(endpoint, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      } catch (err) {
        throw new ApiError(`${endpoint}: ${err instanceof Error ? err.message : String(err)}`, 'NETWORK');
      }
      let body: { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
      try {
        body = await res.json();
      } catch {
        if (res.status === 401) throw new ApiError('the API needs a valid token', 'UNAUTHENTICATED', [], 401);
        throw new ApiError(`${endpoint} answered HTTP ${res.status} without a GraphQL body`, res.status === 403 ? 'FORBIDDEN' : 'NETWORK', [], res.status);
      }
      if (body.errors?.length) throw fromGraphQLErrors(body.errors, res.status);
      if (!res.ok || body.data === undefined) throw new ApiError(`${endpoint} answered HTTP ${res.status}`, res.status === 401 ? 'UNAUTHENTICATED' : 'NETWORK', [], res.status);
      return body.data;
    },
  };
}
