// The body of a PUT to a `/scale` subresource: an autoscaling/v1 Scale for the object on the URL, checked
// as the apiserver checks a body against the kind it expects (a Pod sent to /scale is a 400, not a
// Scale whose spec.replicas happens to be missing).
import { KubeStatusError } from './kube-status.js';

const SCALE_API_VERSION = 'autoscaling/v1';
const SCALE_KIND = 'Scale';

export function checkScaleBody(body: unknown, name: string): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw KubeStatusError.badRequest('the body must be a JSON object');
  const { apiVersion, kind, metadata } = body as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } };
  if (apiVersion !== undefined && apiVersion !== SCALE_API_VERSION) {
    throw KubeStatusError.badRequest(`the API version in the data (${String(apiVersion)}) does not match the expected API version (${SCALE_API_VERSION})`);
  }
  if (kind !== undefined && kind !== SCALE_KIND) throw KubeStatusError.badRequest(`the kind in the data (${String(kind)}) does not match the expected kind (${SCALE_KIND})`);
  const named = metadata !== null && typeof metadata === 'object' ? metadata.name : undefined;
  if (named !== undefined && named !== '' && named !== name) {
    throw KubeStatusError.badRequest(`the name of the object (${String(named)}) does not match the name on the URL (${name})`);
  }
  return body;
}
