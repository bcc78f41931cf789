// The pods, nodes and lists (a namespace's Rollouts) admission reads, fetched from the cluster for a review. Admission's functions read
// them synchronously (the embedded store answers inside its write), so a function is run, the objects it
// asked for are fetched, and it runs again with them at hand, until it asks for nothing new (a
// ContainerRecreateRequest's node is asked for only once its pod is known).
import { isApiError, isoNow, type ClusterClient, type Clock } from '@coxswain/cluster';
import type { FeatureGates, KubeObject, Node, Pod } from '@coxswain/kruise-api';

export interface AdmissionDependencies {
  gates: FeatureGates;
  /** A pod from the cluster; throws NotFound (an ApiError) when there is none. */
  getPod(namespace: string, name: string): Promise<Pod>;
  /** A node from the cluster; throws NotFound when there is none. */
  getNode(name: string): Promise<Node>;
  /** The time of the review, RFC 3339 (defaults that are times: a NodeImage tag's createdAt). */
  now(): string;
  /** The objects of a kind in a namespace (the workload webhook's Rollouts, the Rollout conflict check); none when absent. */
  list?(ref: { apiVersion: string; kind: string }, namespace: string): Promise<KubeObject[]>;
}

const POD = { apiVersion: 'v1', kind: 'Pod' };
const NODE = { apiVersion: 'v1', kind: 'Node' };

/** The dependencies of a webhook answering for `client`'s cluster. */
export function clusterAdmissionDependencies(client: ClusterClient, gates: FeatureGates, clock: Clock): AdmissionDependencies {
  return {
    gates,
    getPod: (namespace, name) => client.get<Pod>(POD, namespace, name),
    getNode: (name) => client.get<Node>(NODE, undefined, name),
    now: () => isoNow(clock),
    list: async (ref, namespace) => (await client.list(ref, { namespace })).items,
  };
}

export interface Lookups {
  pod(namespace: string, name: string): Pod | undefined;
  node(name: string): Node | undefined;
  list(ref: { apiVersion: string; kind: string }, namespace: string): KubeObject[];
}

/** Rounds at most: one for the request, one for its pod, one for the pod's node, and one to spare. */
const MAX_ROUNDS = 4;

/** `run` with every pod and node it reads fetched from the cluster (undefined when there is none). */
export async function withClusterLookups<T>(deps: AdmissionDependencies, run: (lookups: Lookups) => T): Promise<T> {
  const fetched = new Map<string, Pod | Node | KubeObject[] | undefined>();
  for (let round = 1; ; round++) {
    const wanted = new Map<string, () => Promise<Pod | Node | KubeObject[]>>();
    const read = (key: string, get: () => Promise<Pod | Node | KubeObject[]>): Pod | Node | KubeObject[] | undefined => {
      if (fetched.has(key)) return fetched.get(key);
      wanted.set(key, get);
      return undefined;
    };
    const result = run({
      pod: (namespace, name) => read(`pod ${namespace}/${name}`, () => deps.getPod(namespace, name)) as Pod | undefined,
      node: (name) => read(`node ${name}`, () => deps.getNode(name)) as Node | undefined,
      list: (ref, namespace) => (deps.list ? (read(`list ${ref.apiVersion} ${ref.kind} ${namespace}`, () => deps.list!(ref, namespace)) as KubeObject[] | undefined) ?? [] : []),
    });
    if (wanted.size === 0 || round === MAX_ROUNDS) return result;
    await Promise.all([...wanted].map(async ([key, get]) => {
      try {
        fetched.set(key, await get());
      } catch (err) {
        if (!isApiError(err, 'NotFound')) throw new Error(`cannot read ${key}: ${err instanceof Error ? err.message : String(err)}`);
        fetched.set(key, undefined);
      }
    }));
  }
}
