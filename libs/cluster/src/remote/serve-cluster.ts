/** Objects per part of a list: a part is one stream item, kept well under its batch's MAX_BATCH_CHARS. */
const LIST_PART = 10;
/** Parts sent per turn of the event loop. */
const PARTS_PER_TURN = 50;

// Serves a ClusterClient over a message endpoint, for RemoteClusterClient on the other side, plus any
// extra methods the host offers (seeding, plans, simulator controls). Objects are copied by the
// message channel itself, so the served client may hand out the ones it keeps.
import type { ClusterClient, WatchEvent } from '../port.js';
import { CLUSTER_LIST, CLUSTER_WATCH, type ListPart } from './remote-cluster-client.js';
import { RpcServer, type Method, type StreamMethod } from './rpc-server.js';
import type { MessageEndpoint } from './wire.js';

export function serveClusterClient(endpoint: MessageEndpoint, client: ClusterClient, extra: Record<string, Method> = {}): RpcServer {
  const watch: StreamMethod = async ([ref, options], emit, close) => {
    const handle = await client.watch(ref, options, (event: WatchEvent) => emit(event), (err) => close(err));
    return () => handle.stop();
  };
  // A list is taken at one instant, then sent in small parts, PARTS_PER_TURN per turn of the event loop:
  // a namespace of 100,000 pods never becomes one giant message, nor blocks this thread while copied.
  const list: StreamMethod = async ([ref, options], emit, close) => {
    const { items, resourceVersion, continue: next } = await client.list(ref, options);
    let stopped = false;
    void (async () => {
      for (let i = 0, parts = 0; i < items.length && !stopped; i += LIST_PART) {
        emit({ items: items.slice(i, i + LIST_PART) } satisfies ListPart);
        if (++parts % PARTS_PER_TURN === 0) await new Promise<void>((resolve) => setImmediate(resolve));
      }
      emit({ resourceVersion, continue: next } satisfies ListPart);
      close();
    })();
    return () => (stopped = true);
  };
  return new RpcServer(endpoint, {
    methods: {
      ...extra,
      get: (ref, namespace, name) => client.get(ref, namespace, name),
      create: (object, options) => client.create(object, options),
      update: (object, options) => client.update(object, options),
      patch: (ref, namespace, name, patch, options) => client.patch(ref, namespace, name, patch, options),
      updateStatus: (object, options) => client.updateStatus(object, options),
      delete: (ref, namespace, name, options) => client.delete(ref, namespace, name, options),
    },
    streams: { [CLUSTER_WATCH]: watch, [CLUSTER_LIST]: list },
  });
}
