// Hook acknowledgements as a test drives them: pods held by a preDelete hook, an ack over HTTP, its
// answer, and the state a process that died before storing a key's answer leaves in the database.
import { expect } from '@jest/globals';
import type { Pod } from '@coxswain/kruise-api';
import { POD_REF } from '@coxswain/workloads';
import { ABANDONED_CLAIM_MS } from '../../src/idempotency/key-claim.js';
import { PRISMA } from '../../src/tokens.js';
import { eventually, type TestApi } from './api-server.js';

export const BLOCK = 'example.io/block-deleting';

/** A CloneSet `web` of `replicas` pods whose preDelete hook is the label BLOCK: each waits in PreparingDelete until acknowledged. */
export function hookedCloneSet(namespace: string, replicas: number): string {
  return `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: web, namespace: ${namespace} }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: web } }
  template:
    metadata: { labels: { app: web, ${BLOCK}: "true" } }
    spec: { containers: [{ name: main, image: "nginx:1.25" }] }
  lifecycle:
    preDelete:
      labelsHandler: { ${BLOCK}: "true" }
`;
}

/**
 * Applies (through `api`, an embedded cluster's) a CloneSet `web` of `replicas` pods whose preDelete hook
 * is the label BLOCK, and scales it down to `keep`: the names of the pods then waiting in PreparingDelete.
 */
export async function podsHeldForDeletion(api: TestApi, namespace: string, replicas: number, keep: number): Promise<string[]> {
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await api.graphql(query, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
  };
  const pods = async () => (await api.runtime.cluster.list<Pod>(POD_REF, { namespace })).items;
  await api.apply(hookedCloneSet(namespace, replicas));
  await eventually(async () => ((await pods()).filter((p) => p.status?.phase === 'Running').length === replicas ? true : undefined), 60_000, `${replicas} running pods`);
  await gql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "${namespace}", name: "web", replicas: ${keep}) { replicas } }`);
  return eventually(async () => {
    const waiting = (await pods()).filter((p) => p.metadata.labels?.['lifecycle.apps.kruise.io/state'] === 'PreparingDelete');
    return waiting.length === replicas - keep ? waiting.map((p) => p.metadata.name!).sort() : undefined;
  }, 60_000, `${replicas - keep} PreparingDelete pods`);
}

/** Resolves once the pod is gone from the cluster `api` serves. */
export async function deleted(api: TestApi, namespace: string, pod: string): Promise<void> {
  await eventually(async () => ((await api.runtime.cluster.list<Pod>(POD_REF, { namespace })).items.some((p) => p.metadata.name === pod) ? undefined : true), 60_000, `${pod} deleted`);
}

export interface AckAnswer {
  status: number;
  replayed: boolean;
  body: Record<string, unknown>;
}

/** POST .../hooks/preDelete/ack with `key`, as `token`. */
export async function ackPreDelete(api: TestApi, token: string, namespace: string, pod: string, key: string, reason = 'crash test'): Promise<AckAnswer> {
  const res = await api.fetch(`/api/v1/namespaces/${namespace}/pods/${pod}/hooks/preDelete/ack`, {
    method: 'POST', token, headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ reason }),
  });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', body: (await res.json()) as Record<string, unknown> };
}

/**
 * Puts an answered key back where a process that died before storing its answer leaves it: in flight,
 * claimed long enough ago to be taken over (ABANDONED_CLAIM_MS). Whatever the ack wrote stays written.
 */
export async function forgetAnswer(api: TestApi, key: string): Promise<void> {
  const abandonedAt = new Date(Date.now() - ABANDONED_CLAIM_MS - 60_000).toISOString();
  const n = await api.app.get(PRISMA).$executeRawUnsafe(
    `UPDATE hook_acks SET state = 'in-flight', status = NULL, response = NULL, completed_at = NULL, created_at = $2::timestamptz AT TIME ZONE 'UTC'
     WHERE idempotency_key = $1`,
    key,
    abandonedAt,
  );
  expect(n).toBe(1);
}
