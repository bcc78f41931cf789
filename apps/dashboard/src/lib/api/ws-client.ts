// graphql-ws subscriptions on the API's /graphql path. The token goes in connectionParams.authorization;
// the API closes with 4403 when it is bad, which we report instead of retrying forever.
import { createClient, type Client } from 'graphql-ws';
import { fromSubscriptionError, type ApiError } from './errors';
import type { TypedDocumentString } from './generated';

export const CLOSE_FORBIDDEN = 4403;

export interface LiveClient {
  /** `onError` gets an ApiError: the API's code and message, or NETWORK when the socket failed. */
  subscribe<R, V>(operation: TypedDocumentString<R, V>, variables: V, onData: (data: R) => void, onError?: (err: ApiError) => void): () => void;
  /** Called after every reconnect (not the first connect): state may have been missed, so reload. */
  onReconnect(listener: () => void): () => void;
  dispose(): void;
}

export function liveClient(apiUrl: string, token: string | null, onForbidden: () => void): LiveClient {
  const url = `${apiUrl.replace(/^http/, 'ws').replace(/\/$/, '')}/graphql`;
  const reconnectListeners = new Set<() => void>();
  let connectedOnce = false;
  const client: Client = createClient({
    url,
    lazy: true,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: Infinity,
    shouldRetry: (event) => !(event && typeof event === 'object' && 'code' in event && (event as CloseEvent).code === CLOSE_FORBIDDEN),
    on: {
      connected: () => {
        if (connectedOnce) reconnectListeners.forEach((l) => l());
        connectedOnce = true;
      },
      closed: (event) => {
        if (event && typeof event === 'object' && 'code' in event && (event as CloseEvent).code === CLOSE_FORBIDDEN) onForbidden();
      },
    },
  });
  return {
    subscribe(operation, variables, onData, onError) {
      return client.subscribe(
        { query: operation.toString(), variables: variables as Record<string, unknown> },
        {
          next: (msg) => {
            if (msg.data) onData(msg.data as never);
            else if (msg.errors) onError?.(fromSubscriptionError(msg.errors));
          },
          error: (err) => onError?.(fromSubscriptionError(err)),
          complete: () => {},
        },
      );
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    dispose: () => void client.dispose(),
  };
}
