// GraphQL subscriptions over graphql-ws on the API's /graphql path, with the token in
// connectionParams. The API closes the socket with 4403 when the token is bad: that is reported as an
// auth error instead of being retried.
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { graphqlEndpoint } from './client.js';
import { authError, CliError, fromGraphQLErrors, networkError, type GraphQLErrorShape } from './errors.js';
import type { TypedDocumentString } from './generated.js';

export const CLOSE_FORBIDDEN = 4403;

export interface Live {
  /** Calls onData with every result; onError once with the error that ended the subscription. */
  subscribe<R, V>(operation: TypedDocumentString<R, V>, variables: V, onData: (data: R) => void, onError: (err: CliError) => void): () => void;
  dispose(): Promise<void>;
}

function closeCode(event: unknown): number | undefined {
  return event && typeof event === 'object' && 'code' in event && typeof (event as { code: unknown }).code === 'number' ? (event as { code: number }).code : undefined;
}

export function liveApi(server: string, token: string): Live {
  const url = graphqlEndpoint(server).replace(/^http/, 'ws');
  const client: Client = createClient({
    url,
    webSocketImpl: WebSocket,
    lazy: true,
    connectionParams: { authorization: `Bearer ${token}` },
    // A dropped socket is retried (a few times, with graphql-ws's backoff); a refused token is not.
    retryAttempts: 5,
    shouldRetry: (event) => closeCode(event) !== CLOSE_FORBIDDEN,
  });
  const asError = (err: unknown): CliError => {
    if (err instanceof CliError) return err;
    if (Array.isArray(err)) return fromGraphQLErrors(err as GraphQLErrorShape[], server);
    const code = closeCode(err);
    if (code === CLOSE_FORBIDDEN) return authError(server);
    if (code !== undefined) {
      const reason = (err as { reason?: unknown }).reason;
      return new CliError(`the API at ${server} closed the subscription (code ${code}${reason ? `: ${String(reason)}` : ''})`, 'network');
    }
    return networkError(server, err);
  };
  return {
    subscribe(operation, variables, onData, onError) {
      return client.subscribe(
        { query: operation.toString(), variables: variables as Record<string, unknown> },
        {
          next: (msg) => {
            if (msg.errors?.length) onError(asError(msg.errors));
            else if (msg.data) onData(msg.data as never);
          },
          error: (err) => onError(asError(err)),
          complete: () => {},
        },
      );
    },
    dispose: async () => {
      await client.dispose();
    },
  };
}
