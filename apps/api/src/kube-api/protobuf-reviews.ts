// The self reviews `kubectl auth can-i` and `auth whoami` post as protobuf (authorization.k8s.io/v1
// and authentication.k8s.io/v1 generated.proto), as the JSON objects self-reviews.ts reads: the spec's
// attributes; metadata and status carry nothing the answer needs.
import { messageOf, stringOf, type Field } from './protobuf-wire.js';

const RESOURCE_ATTRIBUTES = ['namespace', 'verb', 'group', 'version', 'resource', 'subresource', 'name'] as const;
const NON_RESOURCE_ATTRIBUTES = ['path', 'verb'] as const;

function strings(list: Field[], names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    const value = stringOf(list, i + 1);
    if (value !== undefined) out[name] = value;
  });
  return out;
}

/** The review of `apiVersion` and `kind` in `object`, or undefined when it is none of the self reviews. */
export function reviewFromProtobuf(apiVersion: string | undefined, kind: string | undefined, object: Field[]): unknown {
  const typeMeta = { apiVersion, kind, metadata: {} };
  if (apiVersion === 'authorization.k8s.io/v1' && kind === 'SelfSubjectAccessReview') {
    const spec = object.some((f) => f.number === 2) ? messageOf(object, 2) : [];
    const has = (n: number) => spec.some((f) => f.number === n);
    return {
      ...typeMeta,
      spec: {
        ...(has(1) ? { resourceAttributes: strings(messageOf(spec, 1), RESOURCE_ATTRIBUTES) } : {}),
        ...(has(2) ? { nonResourceAttributes: strings(messageOf(spec, 2), NON_RESOURCE_ATTRIBUTES) } : {}),
      },
    };
  }
  if (apiVersion === 'authorization.k8s.io/v1' && kind === 'SelfSubjectRulesReview') {
    return { ...typeMeta, spec: strings(messageOf(object, 2), ['namespace']) };
  }
  if (apiVersion === 'authentication.k8s.io/v1' && kind === 'SelfSubjectReview') return typeMeta;
  return undefined;
}
