// Kubernetes mode runs every Kruise kind, as deployed. Coxswain A serves an embedded cluster with its
// controllers off, through the Kubernetes API behind what a real cluster set up with docker/kubernetes
// would enforce: the RBAC of coxswain.yaml for Coxswain's ServiceAccount (all its roles) and the Kruise
// kinds in the versions kruise-crds.yaml serves (CloneSet and UnitedDeployment as v1alpha1 only); the
// apps/v1 controllers run beside it as a cluster's kube-controller-manager does. Coxswain B runs in
// Kubernetes mode against it (its own process, leader election on): the OpenKruise docs' Advanced
// StatefulSet and UnitedDeployment, applied, scaled and rolled out through B's GraphQL, reach their
// desired state in A, and the cluster refused none of B's requests.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RealClock } from '@coxswain/cluster';
import { parseManifests, printYaml, type Pod, type UnitedDeployment } from '@coxswain/kruise-api';
import { isActive } from '@coxswain/workloads';
import { ADMIN_TOKEN, TestApi, eventually, type GraphQLResponse } from './support/api-server.js';
import { startKubeControllerManager, type KubeControllerManager } from './support/kube-controller-manager.js';
import { KubeFacade } from './support/kube-facade.js';
import { clusterGate, permission, ServedVersions, ServiceAccountRbac, type GateRecord } from './support/rbac.js';
import { Replica } from './support/replica.js';

const DOCKER = join(import.meta.dirname, '..', '..', '..', 'docker', 'kubernetes');
const SEEDS = join(import.meta.dirname, 'fixtures', 'seeds');
const POD = { apiVersion: 'v1', kind: 'Pod' };
const UD = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment' };

/** A seed of the OpenKruise docs, as written there, in a namespace of its own (created first: a real cluster creates none). */
function seed(file: string, namespace: string): string {
  const objects = parseManifests(readFileSync(join(SEEDS, file), 'utf8')).map((o) => ({ ...o, metadata: { ...o.metadata, namespace } }));
  return printYaml([{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }, ...objects]);
}

let a: TestApi;
let facade: KubeFacade;
let kubeControllerManager: KubeControllerManager;
let record: GateRecord;
let b: Replica;

async function gql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await b.fetch('/graphql', ADMIN_TOKEN, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  const body = (await res.json()) as GraphQLResponse<T>;
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data!;
}

interface WorkloadState {
  generation: number;
  replicas: number;
  images: string[];
  status: { observedGeneration: number; replicas: number; readyReplicas: number; updatedReadyReplicas: number; currentRevision: string; updateRevision: string };
}

/** A's pods of the namespace: `replicas` active ones, all with `image`. */
async function podsAt(namespace: string, replicas: number, image: string): Promise<boolean> {
  const pods = (await a.runtime.cluster.list<Pod>(POD, { namespace })).items.filter(isActive);
  return pods.length === replicas && pods.every((p) => p.spec.containers[0]!.image === image);
}

/** B's view of the Advanced StatefulSet settled at `replicas` with `image`, and A's pods agreeing. */
async function statefulSetReached(namespace: string, name: string, replicas: number, image: string): Promise<true | undefined> {
  const { workload: w } = await gql<{ workload: WorkloadState | null }>(
    `query($k: WorkloadKind!, $ns: String!, $n: String!) { workload(kind: $k, namespace: $ns, name: $n) {
      generation replicas images status { observedGeneration replicas readyReplicas updatedReadyReplicas currentRevision updateRevision } } }`,
    { k: 'STATEFUL_SET', ns: namespace, n: name },
  );
  if (!w) return undefined;
  const s = w.status;
  const settled = w.replicas === replicas && w.images.every((i) => i === image) && s.observedGeneration === w.generation && s.replicas === replicas
    && s.readyReplicas === replicas && s.updatedReadyReplicas === replicas && s.currentRevision === s.updateRevision;
  return settled && (await podsAt(namespace, replicas, image)) ? true : undefined;
}

/** The UnitedDeployment in A (GraphQL has no UnitedDeployment type yet) settled at `replicas` with `image`. */
async function unitedDeploymentReached(namespace: string, name: string, replicas: number, image: string): Promise<true | undefined> {
  const ud = await a.runtime.cluster.get<UnitedDeployment>(UD, namespace, name);
  const s = ud.status;
  const settled = !!s && ud.spec.replicas === replicas && s.observedGeneration === ud.metadata.generation && s.replicas === replicas
    && s.readyReplicas === replicas && s.updatedReadyReplicas === replicas && s.currentRevision === s.updatedRevision;
  return settled && (await podsAt(namespace, replicas, image)) ? true : undefined;
}

beforeAll(async () => {
  a = await TestApi.start({ CONTROLLER_MODE: 'off' });
  // The leader election Lease's namespace, which docker/kubernetes/coxswain.yaml creates on a real cluster.
  await a.runtime.cluster.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'coxswain' } });
  // A real cluster's own controllers for the apps/v1 kinds (the UnitedDeployment's subsets here).
  kubeControllerManager = await startKubeControllerManager(a.runtime.cluster, new RealClock());
  const rbac = ServiceAccountRbac.fromManifests(join(DOCKER, 'coxswain.yaml'), { namespace: 'coxswain', name: 'coxswain' });
  const gate = clusterGate(rbac, ServedVersions.fromCrds(join(DOCKER, 'kruise-crds.yaml')));
  record = gate.record;
  facade = await KubeFacade.start(a.runtime.cluster, new RealClock(), { intercept: gate.intercept });
  b = await Replica.start('b', {
    CLUSTER: 'kubernetes', KUBECONFIG: facade.kubeconfigFile(), POD_NAME: 'coxswain-b', BOOTSTRAP_ADMIN_TOKEN: ADMIN_TOKEN,
    LEADER_ELECTION_NAMESPACE: 'coxswain',
  });
  await eventually(async () => ((await b.readyz())?.leaderElection?.isLeader ? true : undefined), 30_000, 'B to start and lead').catch((err) => {
    throw new Error(`${err.message}\n${b.output()}`);
  });
}, 180_000);

afterAll(async () => {
  b?.kill('SIGKILL');
  await b?.exited;
  await kubeControllerManager?.stop();
  await facade?.close();
  await a?.close();
});

describe('Kubernetes mode on a cluster set up with docker/kubernetes', () => {
  it('creates, scales and rolls out an Advanced StatefulSet and a UnitedDeployment, and the cluster refuses nothing', async () => {
    await gql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: `${seed('advanced-statefulset-sample.yaml', 'db')}---\n${seed('uniteddeployment-sample-ud.yaml', 'web')}` });
    await eventually(() => statefulSetReached('db', 'sample', 3, 'nginx:alpine'), 30_000, 'the Advanced StatefulSet: 3 ready pods');
    await eventually(() => unitedDeploymentReached('web', 'sample-ud', 6, 'nginx:alpine'), 30_000, 'the UnitedDeployment: 6 ready pods');
    // Its three subsets are apps/v1 StatefulSets, one per zone (1, 50% of 6, the rest).
    const subsets = (await a.runtime.cluster.list<{ spec: { replicas: number } } & Pod>({ apiVersion: 'apps/v1', kind: 'StatefulSet' }, { namespace: 'web' })).items;
    expect(subsets.map((s) => s.spec.replicas).sort()).toEqual([1, 2, 3]);

    await gql(`mutation { scaleWorkload(kind: STATEFUL_SET, namespace: "db", name: "sample", replicas: 4) { replicas } }`);
    await gql(`mutation { setImage(kind: STATEFUL_SET, namespace: "db", name: "sample", container: "main", image: "nginx:1.27") { generation } }`);
    await gql(`mutation($p: JSON!) { patchObject(kind: "uniteddeployments", namespace: "web", name: "sample-ud", patch: $p) { name } }`, {
      p: { spec: { replicas: 4, template: { statefulSetTemplate: { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:1.27' }] } } } } } } },
    });
    await eventually(() => statefulSetReached('db', 'sample', 4, 'nginx:1.27'), 30_000, 'the Advanced StatefulSet: 4 pods rolled out');
    await eventually(() => unitedDeploymentReached('web', 'sample-ud', 4, 'nginx:1.27'), 30_000, 'the UnitedDeployment: 4 pods rolled out');

    expect(record.denied.map((r) => `${permission(r)} ${r.namespace ?? ''}/${r.name ?? ''}`)).toEqual([]);
    // B read and wrote UnitedDeployments in v1alpha1, the version this cluster serves, converting.
    const udVersions = new Set(record.requests.filter((r) => r.resource.startsWith('uniteddeployments')).map((r) => r.apiVersion));
    expect([...udVersions]).toEqual(['apps.kruise.io/v1alpha1']);
    expect(b.output()).not.toMatch(/forbidden/i);
  }, 90_000);
});
