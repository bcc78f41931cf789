// GraphQL over HTTP: one POST per operation with the bearer token. Operations are the generated typed
// documents (generated.ts), so variables and results are checked against the served schema. Every
// failure becomes a CliError in words: the API's GraphQL errors, a refused token, or no answer at all.
import { authError, CliError, fromGraphQLErrors, networkError, type GraphQLErrorShape } from './errors.js';
import type { TypedDocumentString } from './generated.js';

/** Variables may be left out only when the operation needs none. */
export type VariablesArg<V> = {} extends V ? [variables?: V] : [variables: V];

export interface Api {
  /** The server's base URL as configured (http://host:port). */
  readonly server: string;
  readonly token: string;
  request<R, V>(operation: TypedDocumentString<R, V>, ...variables: VariablesArg<V>): Promise<R>;
}

export function graphqlEndpoint(server: string): string {
  return `${server.replace(/\/+$/, '')}/graphql`;
}

export function httpApi(server: string, token: string, fetchImpl: typeof fetch = fetch): Api {
  const endpoint = graphqlEndpoint(server);
  return {
    server,
    token,
    async request<R, V>(operation: TypedDocumentString<R, V>, ...[variables]: VariablesArg<V>): Promise<R> {
      let res: Response;
      try {
        res = await fetchImpl(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: operation.toString(), variables: variables ?? {} }),
        });
      } catch (err) {
        throw networkError(server, err);
      }
      let text: string;
      try {
        text = await res.text();
      } catch (err) {
        throw networkError(server, err);
      }
      let body: { data?: R | null; errors?: GraphQLErrorShape[] } | undefined;
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        body = undefined;
      }
      if (body?.errors?.length) throw fromGraphQLErrors(body.errors, server);
      if (res.status === 401) throw authError(server);
      if (!body || body.data === undefined || body.data === null || !res.ok) throw httpFailure(server, endpoint, res.status, text);
      return body.data;
    },
  };
}

function httpFailure(server: string, endpoint: string, status: number, text: string): CliError {
  if (status === 413) return new CliError(`the API at ${server} refused the request as too large (HTTP 413): GraphQL requests are at most 100 KB`, 'api');
  if (status === 404) return new CliError(`${endpoint} answered HTTP 404: is ${server} a Coxswain API server?`, 'network');
  const snippet = text.trim().slice(0, 200);
  return new CliError(`${endpoint} answered HTTP ${status} without a GraphQL answer${snippet ? `: ${snippet}` : ''}`, 'network');
}
