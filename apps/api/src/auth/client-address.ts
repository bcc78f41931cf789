// The address a request came from, the key of the failed-authentication limiter: the socket's (no proxy
// headers are trusted). Every surface (GraphQL, REST, the Kubernetes API) keys its failures by it.
export function clientAddress(req: { socket?: { remoteAddress?: string } }): string {
  return req.socket?.remoteAddress ?? 'unknown';
}
