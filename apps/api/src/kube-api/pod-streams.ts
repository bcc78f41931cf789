// `pods/log`, `exec`, `attach` and `portforward`: the embedded cluster's pods are simulated (no process
// runs, nothing listens), so there is nothing to stream. The apiserver's own order is kept — authorize,
// then find the pod — and the answer is a 400 BadRequest Status saying why, which kubectl prints as
// `Error from server (BadRequest): pods in Coxswain's embedded cluster are simulated: they have no logs`
// instead of a puzzling "could not find the requested resource".
import type { ClusterClient } from '@coxswain/cluster';
import type { Principal } from '../auth/principal.js';
import { forbiddenMessage, mayAccess, type KubeVerb } from './kube-access.js';
import { KubeStatusError, toStatusError } from './kube-status.js';
import type { ResourcePath } from './paths.js';
import type { ServedResource } from './served-resources.js';

interface PodStream {
  /** The verb RBAC asks for: get for logs, create for the streams a client opens (POST or upgraded GET). */
  verb: KubeVerb;
  methods: readonly string[];
  why: string;
}

const STREAMS: Record<string, PodStream> = {
  log: { verb: 'get', methods: ['GET'], why: 'they have no logs' },
  exec: { verb: 'create', methods: ['GET', 'POST'], why: 'they run no processes to exec into' },
  attach: { verb: 'create', methods: ['GET', 'POST'], why: 'they run no processes to attach to' },
  portforward: { verb: 'create', methods: ['GET', 'POST'], why: 'they listen on no ports to forward' },
};

export const SIMULATED_PODS_MESSAGE = "pods in Coxswain's embedded cluster are simulated";

/** Whether `path` names one of a pod's streaming subresources. */
export function isPodStream(resource: ServedResource, path: ResourcePath): boolean {
  return resource.group === '' && resource.resource === 'pods' && path.name !== undefined && path.subresource !== undefined && Object.hasOwn(STREAMS, path.subresource);
}

/** Always throws: Forbidden, MethodNotAllowed, NotFound (no such pod) or the BadRequest that explains. */
export async function refusePodStream(cluster: ClusterClient, principal: Principal, method: string, resource: ServedResource, path: ResourcePath): Promise<never> {
  const stream = STREAMS[path.subresource!]!;
  if (!stream.methods.includes(method)) throw new KubeStatusError('MethodNotAllowed', 'the server does not allow this method on the requested resource');
  if (!mayAccess(principal, stream.verb, resource)) {
    throw new KubeStatusError('Forbidden', forbiddenMessage(principal, stream.verb, resource, path.name, path.namespace, path.subresource), {
      name: path.name, group: resource.group, kind: resource.resource,
    });
  }
  try {
    await cluster.get({ apiVersion: resource.groupVersion, kind: resource.kind }, path.namespace, path.name!);
  } catch (err) {
    throw toStatusError(err, resource, path.name);
  }
  throw KubeStatusError.badRequest(`${SIMULATED_PODS_MESSAGE}: ${stream.why}`);
}
