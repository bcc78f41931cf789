// docker/kubernetes/coxswain.yaml grants the controllers exactly the requests they make. The Kubernetes-mode
// worker (the Kruise controllers, the event recorder, the leader elector, the start checks) runs through
// the client-node adapter against the Kubernetes API over an embedded cluster, behind the apiserver's RBAC
// for the controllers' ClusterRole and the Lease Role only: a request they do not grant is refused with
// a 403 and recorded. The cluster's own kube-controller-manager runs the apps/v1 controllers beside it.
// Over the lives of a CloneSet, an Advanced StatefulSet, a UnitedDeployment of each of the four
// template kinds and a Rollout's release of an Advanced and an apps/v1 StatefulSet and (canary style, and
// partition style with the gate AdvancedDeployment) of an apps/v1 Deployment, on a cluster with the CRDs of docker/kubernetes/kruise-crds.yaml (OpenKruise v1.9's
// served versions, which the embedded cluster serves too: CloneSet and UnitedDeployment as v1alpha1 only,
// so the adapter converts and a patch becomes a read and an update), nothing is refused, and every verb
// granted is used or listed with the path that needs it.
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { EmbeddedCluster, MemoryPersistence, RealClock, type KindRef } from '@coxswain/cluster';
import { parseManifests, type CloneSet, type KubeObject, type Pod, type Rollout, type StatefulSet, type UnitedDeployment } from '@coxswain/kruise-api';
import { isActive } from '@coxswain/workloads';
import { eventually } from './support/api-server.js';
import { startKubeControllerManager, type KubeControllerManager } from './support/kube-controller-manager.js';
import { KubeFacade } from './support/kube-facade.js';
import { startKubernetesWorker, type InProcessWorker } from './support/kubernetes-worker.js';
import { clusterGate, permission, ServedVersions, ServiceAccountRbac, type GateRecord } from './support/rbac.js';

const DOCKER = join(import.meta.dirname, '..', '..', '..', 'docker', 'kubernetes');
const rbac = ServiceAccountRbac.fromManifests(join(DOCKER, 'coxswain.yaml'), { namespace: 'coxswain', name: 'coxswain' }, ['coxswain-controller', 'coxswain-leader-election']);

const POD: KindRef = { apiVersion: 'v1', kind: 'Pod' };
const PVC: KindRef = { apiVersion: 'v1', kind: 'PersistentVolumeClaim' };
const CLONESET: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'CloneSet' };
const ASTS: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'StatefulSet' };
const UD: KindRef = { apiVersion: 'apps.kruise.io/v1beta1', kind: 'UnitedDeployment' };
const SUBSET_KINDS: Record<string, KindRef> = {
  cloneSetTemplate: CLONESET,
  advancedStatefulSetTemplate: ASTS,
  statefulSetTemplate: { apiVersion: 'apps/v1', kind: 'StatefulSet' },
  deploymentTemplate: { apiVersion: 'apps/v1', kind: 'Deployment' },
};
const LIFE_MS = 90_000;

/** One cluster with Coxswain's worker running against it through RBAC. */
class Rig {
  private constructor(
    readonly cluster: EmbeddedCluster,
    private readonly kubeControllerManager: KubeControllerManager,
    private readonly facade: KubeFacade,
    readonly worker: InProcessWorker,
    readonly record: GateRecord,
  ) {}

  static async start(served: ServedVersions | undefined): Promise<Rig> {
    const clock = new RealClock();
    const cluster = await EmbeddedCluster.start({ clock, persistence: new MemoryPersistence(), kubelet: { imagePullMs: 20, containerStartMs: 10, terminationMs: 10 } });
    // The leader election Lease's namespace, which docker/kubernetes/coxswain.yaml creates on a real cluster.
    await cluster.store.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'coxswain' } });
    const kubeControllerManager = await startKubeControllerManager(cluster.store.localClient(), clock);
    const gate = clusterGate(rbac, served);
    const facade = await KubeFacade.start(cluster.store.localClient(), clock, { intercept: gate.intercept });
    const worker = await startKubernetesWorker({
      KUBECONFIG: facade.kubeconfigFile(), POD_NAME: 'rbac-test', LEADER_ELECTION_NAMESPACE: 'coxswain',
      // The advanced Deployment controller runs too (a partition-style Deployment release below).
      FEATURE_GATES: 'AdvancedDeployment=true',
    });
    const rig = new Rig(cluster, kubeControllerManager, facade, worker, gate.record);
    if (worker.started.kind !== 'started') {
      await rig.stop();
      throw new Error(worker.started.message);
    }
    await eventually(async () => ((await worker.call('leadership'))?.isLeader ? true : undefined), 20_000, 'the worker to lead');
    return rig;
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    await this.kubeControllerManager.stop();
    await this.facade.close();
    await this.cluster.stop();
  }

  get<T extends KubeObject>(ref: KindRef, namespace: string, name: string): Promise<T> {
    return this.cluster.store.get<T>(ref, namespace, name);
  }

  async list<T extends KubeObject>(ref: KindRef, namespace: string): Promise<T[]> {
    return (await this.cluster.store.list<T>(ref, { namespace })).items;
  }

  async apply(yaml: string): Promise<void> {
    for (const doc of parseManifests(yaml)) {
      const existing = await this.cluster.store.get(doc, doc.metadata.namespace, doc.metadata.name!).catch(() => undefined);
      if (existing) await this.cluster.store.update({ ...doc, metadata: { ...existing.metadata, ...doc.metadata, resourceVersion: existing.metadata.resourceVersion } });
      else await this.cluster.store.create(doc);
    }
  }

  async edit<T extends KubeObject>(ref: KindRef, namespace: string, name: string, change: (object: T) => void): Promise<void> {
    const object = structuredClone(await this.get<T>(ref, namespace, name));
    change(object);
    await this.cluster.store.update(object);
  }

  /** Waits for `probe`; a request the cluster refused ends the wait at once, naming it. */
  until(probe: () => Promise<boolean>, what: string): Promise<true> {
    return eventually(async () => {
      if (this.record.denied.length > 0) throw new Error(`${what}: the cluster refused ${this.refused().join(', ')}`);
      return (await probe()) ? true : undefined;
    }, LIFE_MS, what);
  }

  refused(): string[] {
    return [...new Set(this.record.denied.map((r) => `${permission(r)} ${r.namespace ?? ''}/${r.name ?? ''}`))];
  }

  async gone(ref: KindRef, namespace: string): Promise<boolean> {
    return (await this.list(ref, namespace)).length === 0;
  }
}

async function cloneSetLife(rig: Rig): Promise<void> {
  const ns = 'clone';
  const settled = async (replicas: number) => {
    const cs = await rig.get<CloneSet>(CLONESET, ns, 'web');
    const s = cs.status;
    return !!s && s.observedGeneration === cs.metadata.generation && s.replicas === replicas && s.updatedReadyReplicas === replicas && s.currentRevision === s.updateRevision;
  };
  await rig.apply(`apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: {name: web, namespace: ${ns}}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: main, image: "web:v1", volumeMounts: [{name: data, mountPath: /data}]}]}
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
  updateStrategy: {type: InPlaceIfPossible, maxUnavailable: 1}
`);
  await rig.until(() => settled(3), 'CloneSet: 3 pods');
  await rig.edit<CloneSet>(CLONESET, ns, 'web', (cs) => (cs.spec.replicas = 4));
  await rig.until(() => settled(4), 'CloneSet: 4 pods');
  const [doomed] = await rig.list<Pod>(POD, ns);
  await rig.edit<CloneSet>(CLONESET, ns, 'web', (cs) => (cs.spec.scaleStrategy = { ...cs.spec.scaleStrategy, podsToDelete: [doomed!.metadata.name!] }));
  await rig.until(async () => (await settled(4)) && !(await rig.get<CloneSet>(CLONESET, ns, 'web')).spec.scaleStrategy?.podsToDelete?.length, 'CloneSet: the specified pod replaced');
  await rig.edit<CloneSet>(CLONESET, ns, 'web', (cs) => (cs.spec.template.spec.containers[0]!.image = 'web:v2'));
  await rig.until(() => settled(4), 'CloneSet: the in-place rollout');
  await rig.edit<CloneSet>(CLONESET, ns, 'web', (cs) => (cs.spec.template.spec.containers[0]!.env = [{ name: 'MODE', value: 'b' }]));
  await rig.until(() => settled(4), 'CloneSet: the recreate rollout');
  await rig.edit<CloneSet>(CLONESET, ns, 'web', (cs) => {
    cs.spec.template.spec.containers[0]!.image = 'web:v1';
    delete cs.spec.template.spec.containers[0]!.env;
  });
  await rig.until(() => settled(4), 'CloneSet: the rollback to the first revision');
  await rig.edit<CloneSet>(CLONESET, ns, 'web', (cs) => (cs.spec.replicas = 2));
  await rig.until(async () => (await settled(2)) && (await rig.list(PVC, ns)).length === 2, 'CloneSet: scale down, the claims of the deleted pods removed');
  await rig.edit<CloneSet>(CLONESET, ns, 'web', (cs) => (cs.spec.revisionHistoryLimit = 0));
  await rig.until(async () => (await rig.list({ apiVersion: 'apps/v1', kind: 'ControllerRevision' }, ns)).length === 1, 'CloneSet: the history pruned');
  await rig.cluster.store.delete(CLONESET, ns, 'web');
  await rig.until(() => rig.gone(POD, ns), 'CloneSet: its pods gone');
}

async function statefulSetLife(rig: Rig): Promise<void> {
  const ns = 'asts';
  const settled = async (replicas: number) => {
    const set = await rig.get<StatefulSet>(ASTS, ns, 'db');
    const s = set.status;
    return !!s && s.observedGeneration === set.metadata.generation && s.replicas === replicas && s.readyReplicas === replicas
      && s.updatedReplicas === replicas && s.currentRevision === s.updateRevision;
  };
  await rig.apply(`apiVersion: apps.kruise.io/v1beta1
kind: StatefulSet
metadata: {name: db, namespace: ${ns}}
spec:
  replicas: 3
  serviceName: db
  podManagementPolicy: Parallel
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      readinessGates: [{conditionType: InPlaceUpdateReady}]
      containers: [{name: main, image: "db:v1", volumeMounts: [{name: data, mountPath: /data}]}]
  volumeClaimTemplates:
  - metadata: {name: data}
    spec: {accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
  persistentVolumeClaimRetentionPolicy: {whenDeleted: Delete, whenScaled: Delete}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: {podUpdatePolicy: InPlaceIfPossible, maxUnavailable: 1}
`);
  await rig.until(async () => (await settled(3)) && (await rig.list(PVC, ns)).length === 3, 'Advanced StatefulSet: 3 pods with their claims');
  await rig.edit<StatefulSet>(ASTS, ns, 'db', (set) => (set.spec.replicas = 4));
  await rig.until(() => settled(4), 'Advanced StatefulSet: 4 pods');
  await rig.edit<StatefulSet>(ASTS, ns, 'db', (set) => (set.spec.template.spec.containers[0]!.image = 'db:v2'));
  await rig.until(async () => (await settled(4)) && (await rig.list<Pod>(POD, ns)).every((p) => p.spec.containers[0]!.image === 'db:v2'), 'Advanced StatefulSet: the in-place rollout');
  await rig.edit<StatefulSet>(ASTS, ns, 'db', (set) => (set.spec.template.spec.containers[0]!.env = [{ name: 'MODE', value: 'b' }]));
  await rig.until(() => settled(4), 'Advanced StatefulSet: the recreate rollout');
  await rig.edit<StatefulSet>(ASTS, ns, 'db', (set) => (set.spec.replicas = 2));
  // whenScaled: Delete: the claims of the condemned ordinals are owned by their pods, and go with them.
  await rig.until(async () => (await settled(2)) && (await rig.list(PVC, ns)).length === 2, 'Advanced StatefulSet: scale down, the condemned claims removed');
  await rig.cluster.store.delete(ASTS, ns, 'db');
  await rig.until(async () => (await rig.gone(POD, ns)) && (await rig.gone(PVC, ns)), 'Advanced StatefulSet: its pods and (whenDeleted: Delete) claims gone');
}

function unitedDeployment(ns: string, template: string, image: string, subsets: string[], replicas: number): string {
  // Deployments keep no old ReplicaSets, so a rollout deletes one.
  const extra = template.includes('StatefulSet') ? '\n        podManagementPolicy: Parallel' : template === 'deploymentTemplate' ? '\n        revisionHistoryLimit: 0' : '';
  return `apiVersion: apps.kruise.io/v1alpha1
kind: UnitedDeployment
metadata: {name: ud, namespace: ${ns}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ud}}
  template:
    ${template}:
      metadata: {labels: {app: ud}}
      spec:
        selector: {matchLabels: {app: ud}}${extra}
        template:
          metadata: {labels: {app: ud}}
          spec: {containers: [{name: main, image: "${image}"}]}
  topology:
    subsets:${subsets.map((z) => `
    - name: subset-${z}
      nodeSelectorTerm: {matchExpressions: [{key: node, operator: In, values: [zone-${z}]}]}`).join('')}
`;
}

async function unitedDeploymentLife(rig: Rig, template: string): Promise<void> {
  const ns = `ud-${template.replace('Template', '').toLowerCase()}`;
  const subsetKind = SUBSET_KINDS[template]!;
  const settled = async (replicas: number, image: string, subsets: number) => {
    const ud = await rig.get<UnitedDeployment>(UD, ns, 'ud');
    const s = ud.status;
    const pods = (await rig.list<Pod>(POD, ns)).filter(isActive);
    return !!s && s.observedGeneration === ud.metadata.generation && s.replicas === replicas && s.readyReplicas === replicas && s.updatedReadyReplicas === replicas
      && s.currentRevision === s.updatedRevision && pods.length === replicas && pods.every((p) => p.spec.containers[0]!.image === image)
      && (await rig.list(subsetKind, ns)).length === subsets;
  };
  await rig.apply(unitedDeployment(ns, template, 'app:v1', ['a', 'b', 'c'], 5));
  await rig.until(() => settled(5, 'app:v1', 3), `UnitedDeployment ${template}: 5 pods in 3 subsets`);
  await rig.apply(unitedDeployment(ns, template, 'app:v1', ['a', 'b', 'c'], 6));
  await rig.until(() => settled(6, 'app:v1', 3), `UnitedDeployment ${template}: scaled to 6`);
  await rig.apply(unitedDeployment(ns, template, 'app:v2', ['a', 'b', 'c'], 6));
  await rig.until(() => settled(6, 'app:v2', 3), `UnitedDeployment ${template}: rolled out`);
  await rig.apply(unitedDeployment(ns, template, 'app:v2', ['a', 'b'], 6));
  await rig.until(() => settled(6, 'app:v2', 2), `UnitedDeployment ${template}: subset c removed`);
  await rig.cluster.store.delete(UD, ns, 'ud');
  await rig.until(async () => (await rig.gone(subsetKind, ns)) && (await rig.gone(POD, ns)), `UnitedDeployment ${template}: its workloads and pods gone`);
}

/** A release by a Rollout (docs/rollouts.md) of a StatefulSet, walked to the end, then the Rollout deleted. */
async function rolloutLife(rig: Rig, ref: KindRef): Promise<void> {
  const ns = ref.apiVersion === 'apps/v1' ? 'rollout-native' : 'rollout-asts';
  const ROLLOUT: KindRef = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
  const images = async () => (await rig.list<Pod>(POD, ns)).filter(isActive).map((p) => p.spec.containers[0]!.image);
  await rig.apply(`apiVersion: ${ref.apiVersion}
kind: StatefulSet
metadata: {name: db, namespace: ${ns}}
spec:
  replicas: 2
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: main, image: "db:v1"}]}
---
apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: db, namespace: ${ns}}
spec:
  workloadRef: {apiVersion: ${ref.apiVersion}, kind: StatefulSet, name: db}
  strategy: {canary: {steps: [{replicas: 1, pause: {duration: 0}}, {replicas: 100%}]}}
`);
  await rig.until(async () => (await rig.get<Rollout>(ROLLOUT, ns, 'db')).status?.phase === 'Healthy' && (await images()).length === 2, `Rollout ${ref.apiVersion}: Healthy`);
  await rig.edit<StatefulSet>(ref, ns, 'db', (set) => (set.spec.template.spec.containers[0]!.image = 'db:v2'));
  await rig.until(async () => {
    const r = await rig.get<Rollout>(ROLLOUT, ns, 'db');
    return r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true && (await images()).every((i) => i === 'db:v2');
  }, `Rollout ${ref.apiVersion}: the release completed`);
  await rig.cluster.store.delete(ROLLOUT, ns, 'db');
  await rig.until(() => rig.gone(ROLLOUT, ns), `Rollout ${ref.apiVersion}: deleted, its finalizer removed`);
}

/**
 * A release of an apps/v1 Deployment (docs/rollouts.md). Canary style: a canary Deployment created, raised,
 * and gone with its BatchRelease. Partition style (gate AdvancedDeployment): the Deployment handed to the
 * advanced Deployment controller, which creates and scales its ReplicaSets and writes its status, then
 * handed back to kube-controller-manager's.
 */
async function deploymentRolloutLife(rig: Rig, style: 'canary' | 'partition'): Promise<void> {
  const ns = style === 'canary' ? 'rollout-deployment' : 'rollout-advanced';
  const what = `Rollout of a Deployment, ${style} style`;
  const ROLLOUT: KindRef = { apiVersion: 'rollouts.kruise.io/v1beta1', kind: 'Rollout' };
  const DEPLOYMENT: KindRef = { apiVersion: 'apps/v1', kind: 'Deployment' };
  const images = async () => (await rig.list<Pod>(POD, ns)).filter(isActive).map((p) => p.spec.containers[0]!.image);
  await rig.apply(`apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: ${ns}}
spec:
  replicas: 2
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec: {containers: [{name: main, image: "api:v1"}]}
---
apiVersion: rollouts.kruise.io/v1beta1
kind: Rollout
metadata: {name: api, namespace: ${ns}}
spec:
  workloadRef: {apiVersion: apps/v1, kind: Deployment, name: api}
  strategy: {canary: {enableExtraWorkloadForCanary: ${style === 'canary'}, steps: [{replicas: 1, pause: {duration: 0}}, {replicas: 100%}]}}
`);
  await rig.until(async () => (await rig.get<Rollout>(ROLLOUT, ns, 'api')).status?.phase === 'Healthy' && (await images()).length === 2, `${what}: Healthy`);
  await rig.edit<KubeObject & { spec: { template: { spec: { containers: Array<{ image: string }> } } } }>(DEPLOYMENT, ns, 'api', (d) => (d.spec.template.spec.containers[0]!.image = 'api:v2'));
  if (style === 'canary') await rig.until(async () => (await rig.list(DEPLOYMENT, ns)).length === 2, `${what}: the canary Deployment created`);
  await rig.until(async () => {
    const r = await rig.get<Rollout>(ROLLOUT, ns, 'api');
    const d = await rig.get<KubeObject & { spec: { paused?: boolean } }>(DEPLOYMENT, ns, 'api');
    const images_ = await images();
    return r.status?.phase === 'Healthy' && r.status.conditions?.some((c) => c.type === 'Succeeded' && c.status === 'True') === true
      && (await rig.list(DEPLOYMENT, ns)).length === 1 && d.spec.paused !== true && images_.length === 2 && images_.every((i) => i === 'api:v2');
  }, `${what}: the release completed${style === 'canary' ? ', the canary Deployment gone' : ''}`);
  await rig.cluster.store.delete(ROLLOUT, ns, 'api');
  await rig.until(() => rig.gone(ROLLOUT, ns), `${what}: deleted, its finalizer removed`);
}

/** Every kind's life at once, each in a namespace of its own. */
async function lives(rig: Rig): Promise<void> {
  await Promise.all([
    cloneSetLife(rig), statefulSetLife(rig), ...Object.keys(SUBSET_KINDS).map((t) => unitedDeploymentLife(rig, t)),
    rolloutLife(rig, ASTS), rolloutLife(rig, { apiVersion: 'apps/v1', kind: 'StatefulSet' }), deploymentRolloutLife(rig, 'canary'),
    deploymentRolloutLife(rig, 'partition'),
  ]);
}

const used = new Set<string>();
const rigs: Rig[] = [];
afterAll(async () => {
  for (const rig of rigs) await rig.stop();
});

/** Runs the lives on a cluster serving these versions; answers the versions each Kruise resource was requested in. */
async function runLives(served: ServedVersions | undefined): Promise<Record<string, string[]>> {
  const rig = await Rig.start(served);
  rigs.push(rig);
  try {
    await lives(rig);
    // The leader renews its lease every LEADER_ELECTION_RETRY_SECONDS (2 s): lives that ran faster than
    // that would leave the renewal's verb unused by chance, so the rig waits for one.
    await rig.until(async () => rig.record.requests.some((r) => permission(r) === 'coordination.k8s.io leases update'), 'the leader to renew its lease');
  } finally {
    for (const request of rig.record.requests) used.add(permission(request));
  }
  expect(rig.refused()).toEqual([]);
  expect(rig.worker.warnings.filter((line) => /forbidden/i.test(line))).toEqual([]);
  const versions: Record<string, Set<string>> = {};
  for (const r of rig.record.requests.filter((q) => q.apiGroup === 'apps.kruise.io')) (versions[r.resource.split('/')[0]!] ??= new Set()).add(r.apiVersion);
  return Object.fromEntries(Object.entries(versions).map(([resource, v]) => [resource, [...v].sort()]));
}

describe('the controllers\' ClusterRole and Lease Role', () => {
  it('grant every request on a cluster with docker/kubernetes/kruise-crds.yaml (CloneSet and UnitedDeployment served as v1alpha1 only)', async () => {
    const versions = await runLives(ServedVersions.fromCrds(join(DOCKER, 'kruise-crds.yaml')));
    // The adapter read and wrote CloneSets and UnitedDeployments in the version served, converting.
    expect(versions).toEqual({
      clonesets: ['apps.kruise.io/v1alpha1'], statefulsets: ['apps.kruise.io/v1beta1'], uniteddeployments: ['apps.kruise.io/v1alpha1'],
      imagepulljobs: ['apps.kruise.io/v1beta1'], nodeimages: ['apps.kruise.io/v1beta1'], containerrecreaterequests: ['apps.kruise.io/v1alpha1'],
    });
  }, 2 * LIFE_MS);

  it('grant nothing the controllers never ask for', () => {
    const granted = rbac.granted();
    // Granted for paths these lives do not reach (a write conflict):
    const unreached: Record<string, string> = {
      ' pods get': 'a pod read again after a write conflict (workloads sync/pod-writes.ts, statefulset plan-executor repair)',
      'apps.kruise.io uniteddeployments get': 'the UnitedDeployment read again when its status write conflicts (workloads sync/status-write.ts)',
      'rollouts.kruise.io rollouts get': 'the Rollout read again when its status write conflicts (workloads sync/status-write.ts)',
      'apps.kruise.io clonesets patch': 'a CloneSet patched in place where the cluster serves CloneSet v1beta1 (OpenKruise after v1.9); on v1.9 the adapter reads and updates (kubernetes-adapter.test.ts covers the conversion)',
      // The NodeImage controller writes 30 s after a node turned Ready, and then only as nodes and jobs change
      // (libs/workloads test/imagepulljob/controller.test.ts covers these writes on the embedded cluster).
      'apps.kruise.io nodeimages create': 'a NodeImage made 30 s after its node turned Ready (the lives may end first)',
      'apps.kruise.io nodeimages update': 'a NodeImage whose labels or tags change',
      'apps.kruise.io nodeimages delete': 'the NodeImage of a deleted node',
      'apps.kruise.io nodeimages/status update': 'a NodeImage tag kruise-daemon left unanswered for 10 minutes',
      // No ContainerRecreateRequest is created in these lives (libs/workloads test/containerrecreate and
      // apps/api container-restart.e2e cover the controller's writes on the embedded cluster).
      'apps.kruise.io containerrecreaterequests get': 'a request read again when its finalizer write conflicts',
      'apps.kruise.io containerrecreaterequests update': 'a request\'s finalizer added or removed',
      'apps.kruise.io containerrecreaterequests patch': 'a request\'s active label, status annotation or unready mark',
      'apps.kruise.io containerrecreaterequests delete': 'a finished request past its ttlSecondsAfterFinished',
      'apps.kruise.io containerrecreaterequests/status update': 'a request completed',
      'apps replicasets get': 'the advanced Deployment controller\'s new ReplicaSet read back when its name is taken (workloads sync/replica-set-writes.ts)',
    };
    expect([...granted].filter((rule) => !used.has(rule) && !(rule in unreached)).sort()).toEqual([]);
    for (const rule of Object.keys(unreached)) expect(granted.has(rule)).toBe(true);
    // A CloneSet patch became a read and an update of the served v1alpha1.
    expect([...used]).toEqual(expect.arrayContaining(['apps.kruise.io clonesets get', 'apps.kruise.io clonesets update']));
  });
});
