// Serves a ClusterClient over a message endpoint, for RemoteClusterClient on the other side, plus any
// extra methods the host offers (seeding, plans, simulator controls). Objects are copied by the
// message channel itself, so the served client may hand out the ones it keeps.
import type { ClusterClient, WatchEvent } from '../port.js';
import { CLUSTER_WATCH } from './remote-cluster-client.js';
import { RpcServer, type Method, type StreamMethod } from './rpc-server.js';
import type { MessageEndpoint } from './wire.js';

export function serveClusterClient(endpoint: MessageEndpoint, client: ClusterClient, extra: Record<string, Method> = {}): RpcServer {
  const watch: StreamMethod = async ([ref, options], emit, close) => {
    const handle = await client.watch(ref, options, (event: WatchEvent) => emit(event), (err) => close(err));
    return () => handle.stop();
  };
  return new RpcServer(endpoint, {
    methods: {
      ...extra,
      get: (ref, namespace, name) => client.get(ref, namespace, name),
      list: (ref, options) => client.list(ref, options),
      create: (object, options) => client.create(object, options),
      update: (object, options) => client.update(object, options),
      patch: (ref, namespace, name, patch, options) => client.patch(ref, namespace, name, patch, options),
      updateStatus: (object, options) => client.updateStatus(object, options),
      delete: (ref, namespace, name, options) => client.delete(ref, namespace, name, options),
    },
    streams: { [CLUSTER_WATCH]: watch },
  });
}
