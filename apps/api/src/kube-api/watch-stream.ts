// `?watch=true`: a chunked stream of `{"type","object"}` lines, flushed as they happen. Without a
// resourceVersion (or with "0") the stream opens with an ADDED event per current object; from a given
// one it carries every change after it. A resourceVersion the cluster no longer keeps history for
// answers 200 and then one ERROR event holding a 410 Expired Status, as the apiserver does. Bookmarks
// are sent when asked for (`allowWatchBookmarks=true`); `timeoutSeconds` ends the stream (at most an hour).
import type { ServerResponse } from 'node:http';
import { isApiError, type ClusterClient, type KindRef, type WatchEvent, type WatchHandle } from '@coxswain/cluster';
import type { KubeObject } from '@coxswain/kruise-api';
import type { FieldSelector } from './field-selector.js';
import { KubeStatusError, toStatusError } from './kube-status.js';
import type { ServedResource } from './served-resources.js';
import { tableContentType, toTable, type IncludeObject } from './tables.js';
import { toRequestedVersion } from './versions.js';

export interface WatchRequest {
  cluster: ClusterClient;
  resource: ServedResource;
  namespace: string | undefined;
  labelSelector: string | undefined;
  fieldSelector: FieldSelector;
  resourceVersion: string | undefined;
  timeoutSeconds: number | undefined;
  bookmarks: boolean;
  bookmarkIntervalMs: number;
  table: { version: 'v1' | 'v1beta1'; include: IncludeObject } | undefined;
  now: () => number;
}

/** The apiserver ends a watch without timeoutSeconds (or with 0) after a random 30 to 60 minutes. */
function defaultTimeoutSeconds(): number {
  return 1800 + Math.floor(Math.random() * 1800);
}

/**
 * The longest watch served: an hour, the longest a watch without timeoutSeconds lasts. A longer one is
 * ended after an hour (clients reconnect from their last resourceVersion, losing nothing); beyond
 * 2^31-1 ms Node's timers would fire at once, ending the watch as soon as it opened.
 */
const MAX_WATCH_TIMEOUT_SECONDS = 3600;

/** How long a watch asking for `timeoutSeconds` lasts, in seconds. */
function watchTimeoutSeconds(timeoutSeconds: number | undefined): number {
  if (!timeoutSeconds) return defaultTimeoutSeconds();
  return Math.min(timeoutSeconds, MAX_WATCH_TIMEOUT_SECONDS);
}

export async function serveWatch(request: WatchRequest, res: ServerResponse): Promise<void> {
  const { cluster, resource, table } = request;
  const ref: KindRef = { apiVersion: resource.groupVersion, kind: resource.kind };
  let handle: WatchHandle | undefined;
  let ended = false;
  let firstTable = true;
  let lastVersion = request.resourceVersion && request.resourceVersion !== '0' ? request.resourceVersion : '';
  const timers: NodeJS.Timeout[] = [];

  const end = () => {
    if (ended) return;
    ended = true;
    handle?.stop();
    for (const t of timers) clearTimeout(t), clearInterval(t);
    res.end();
  };
  res.on('close', end);

  const write = (type: string, object: unknown) => {
    if (!ended) res.write(`${JSON.stringify({ type, object })}\n`);
  };
  const send = (event: WatchEvent) => {
    if (event.object.metadata.resourceVersion) lastVersion = event.object.metadata.resourceVersion;
    if (!request.fieldSelector.matches(event.object)) return;
    const object = toRequestedVersion(event.object, resource);
    if (!table) return write(event.type, object);
    write(event.type, toTable(resource, [object], request.now(), { version: table.version, include: table.include, withColumns: firstTable, resourceVersion: object.metadata.resourceVersion }));
    firstTable = false;
  };
  const fail = (err: unknown) => {
    const status = isApiError(err, 'Gone')
      ? new KubeStatusError('Expired', `too old resource version: ${request.resourceVersion ?? ''} (${err.message})`)
      : toStatusError(err, resource);
    write('ERROR', status.toStatus());
    end();
  };

  res.writeHead(200, {
    'content-type': table ? tableContentType(table.version) : 'application/json',
    'cache-control': 'no-cache, private',
  });
  // client-node's informer waits for the headers before it considers the watch started.
  res.flushHeaders();

  timers.push(setTimeout(end, watchTimeoutSeconds(request.timeoutSeconds) * 1000));
  if (request.bookmarks) {
    timers.push(setInterval(() => {
      if (lastVersion) write('BOOKMARK', { kind: resource.kind, apiVersion: resource.groupVersion, metadata: { resourceVersion: lastVersion } });
    }, request.bookmarkIntervalMs));
  }

  try {
    let from = request.resourceVersion;
    if (from === undefined || from === '' || from === '0') {
      const initial = await listAll(cluster, ref, request.namespace, request.labelSelector);
      from = initial.resourceVersion;
      for (const object of initial.items) send({ type: 'ADDED', object });
      lastVersion = from;
    }
    if (ended) return;
    handle = await cluster.watch(ref, { namespace: request.namespace, labelSelector: request.labelSelector, resourceVersion: from }, send, (err) => {
      if (err) fail(err);
      else end();
    });
    if (ended) handle.stop();
  } catch (err) {
    fail(err);
  }
}

async function listAll(cluster: ClusterClient, ref: KindRef, namespace: string | undefined, labelSelector: string | undefined): Promise<{ items: KubeObject[]; resourceVersion: string }> {
  const list = await cluster.list(ref, { namespace, labelSelector });
  return { items: list.items, resourceVersion: list.resourceVersion };
}
