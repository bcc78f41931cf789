// CloneSet image pre-download end to end (issue 29, docs/spec/image-pull.md §6 and its worked example
// docs/spec/image-pull.md §8.2): seed 001's cs-demo, with the pre-download annotations exactly as the
// seed writes them, scaled to 5 and rolled in place with partition 2. Once 2 updated pods are ready one
// ImagePullJob pulls the new image on the old pods' nodes, 5 at a time; the pods updated afterwards
// start without a pull; when the rollout completes the CloneSet deletes the job.
import { afterEach, describe, expect, it } from '@jest/globals';
import { FeatureGates, type CloneSet, type ControllerRevision, type ImagePullJob, type Pod } from '@coxswain/kruise-api';
import { CloneSetController } from '../../src/cloneset/controller.js';
import { ImagePullJobController } from '../../src/imagepulljob/controller.js';
import { NodeImageController } from '../../src/nodeimage/controller.js';
import { CLONESET_REF, IMAGE_PULL_JOB_REF, POD_REF } from '../../src/refs.js';
import { CONTROLLER_REVISION_REF } from '../../src/revision/revision-store.js';
import { startRig, type Rig } from '../support/rig.js';

const PULL_MS = 20_000;

// Seed 001, "Create the above CloneSet object directly" (the document as the seed writes it).
const CS_DEMO = `
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata:
  name: cs-demo
spec:
  replicas: 3
  selector:
    matchLabels:
      app: cs
  template:
    metadata:
      labels:
        app: cs
    spec:
      containers:
        - name: nginx
          image: nginx:alpine
          imagePullPolicy: IfNotPresent
          ports:
            - containerPort: 80
`;

// Seed 001's pre-download fragment, annotations verbatim.
const PRE_DOWNLOAD_ANNOTATIONS = {
  'apps.kruise.io/image-predownload-parallelism': '5',
  'apps.kruise.io/image-predownload-min-updated-ready-pods': '2',
};

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function startPreDownloadRig(gateOn: boolean): Promise<Rig> {
  const gates = FeatureGates.from({ PreDownloadImageForInPlaceUpdate: gateOn });
  const started = await startRig({ gates, kubelet: { imagePullMs: PULL_MS, containerStartMs: 500 }, nodes: { zones: 3, nodesPerZone: 3 } });
  const log = started.logger('error');
  new CloneSetController(started.manager, { gates, recorder: started.recorder, maxConcurrentReconciles: 2, log });
  new NodeImageController(started.manager, { log, recorder: started.recorder });
  if (gates.enabled('ImagePullJobGate')) new ImagePullJobController(started.manager, { log });
  await started.start();
  return started;
}

const cloneSet = (r: Rig) => r.cluster.store.get<CloneSet>(CLONESET_REF, 'default', 'cs-demo');
const jobs = async (r: Rig) => (await r.cluster.store.list<ImagePullJob>(IMAGE_PULL_JOB_REF, { namespace: 'default' })).items;
const pods = async (r: Rig) => (await r.cluster.store.list<Pod>(POD_REF, { namespace: 'default' })).items.filter((p) => !p.metadata.deletionTimestamp);

async function patchCloneSet(r: Rig, patch: Record<string, unknown>): Promise<void> {
  await r.cluster.store.patch(CLONESET_REF, 'default', 'cs-demo', patch);
  await r.settle();
}

/** cs-demo as the seed creates it, then annotated, scaled to 5 and set to roll in place with partition 2. */
async function deployCsDemo(r: Rig): Promise<void> {
  await r.apply(CS_DEMO);
  await patchCloneSet(r, {
    metadata: { annotations: PRE_DOWNLOAD_ANNOTATIONS },
    spec: { replicas: 5, updateStrategy: { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', partition: 2 } } },
  });
  await r.runUntil(async () => (await cloneSet(r)).status?.readyReplicas === 5, 120_000, 500);
  // The NodeImages are made 30 s after the nodes turned Ready.
  await r.run(30_000, 1000);
}

describe('CloneSet image pre-download (PreDownloadImageForInPlaceUpdate)', () => {
  it('pre-pulls the new image on the old pods\' nodes after 2 updated pods are ready; later pods start without a pull', async () => {
    rig = await startPreDownloadRig(true);
    const r = rig;
    await deployCsDemo(r);
    await patchCloneSet(r, { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:latest', imagePullPolicy: 'IfNotPresent', ports: [{ containerPort: 80 }] }] } } } });

    // No job until 2 updated pods are ready (each in-place update pulls: PULL_MS).
    await r.runUntil(async () => (await cloneSet(r)).status?.updatedReadyReplicas === 1, 120_000, 500);
    expect(await jobs(r)).toEqual([]);
    await r.runUntil(async () => (await jobs(r)).length === 1, 120_000, 500);
    const cs = await cloneSet(r);
    expect(cs.status?.updatedReadyReplicas).toBeGreaterThanOrEqual(2);
    const updateRevision = cs.status!.updateRevision!;
    const hash = updateRevision.slice('cs-demo-'.length);
    const [job] = await jobs(r);
    expect(job!.metadata).toMatchObject({
      name: `${updateRevision}-nginx`,
      labels: { app: 'cs', 'controller.kubernetes.io/hash': hash },
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', name: 'cs-demo', uid: cs.metadata.uid, controller: true, blockOwnerDeletion: true }],
    });
    expect(job!.spec).toMatchObject({
      image: 'nginx:latest', parallelism: 5,
      podSelector: { matchLabels: { app: 'cs' }, matchExpressions: [{ key: 'controller-revision-hash', operator: 'NotIn', values: [updateRevision, hash] }] },
      pullPolicy: { backoffLimit: 1, timeoutSeconds: 300 }, completionPolicy: { type: 'Always', ttlSecondsAfterFinished: 600 }, imagePullPolicy: 'IfNotPresent',
    });
    const revision = await r.cluster.store.get<ControllerRevision>(CONTROLLER_REVISION_REF, 'default', updateRevision);
    expect(revision.metadata.labels?.['apps.kruise.io/pre-predownload-created']).toBe('true');

    // The job pulls on the nodes of the pods still old, all at once (parallelism 5 ≥ their number), and completes.
    await r.runUntil(async () => (await jobs(r))[0]?.status?.completionTime !== undefined, 120_000, 500);
    const done = (await jobs(r))[0]!;
    const oldNodes = new Set((await pods(r)).filter((p) => p.metadata.labels?.['controller-revision-hash'] !== updateRevision).map((p) => p.spec!.nodeName));
    expect(oldNodes.size).toBe(2);
    expect(done.status).toMatchObject({ failed: 0, message: 'job has completed' });
    expect(done.status!.succeeded).toBeGreaterThanOrEqual(oldNodes.size);
    expect(done.status!.completionTime!.localeCompare(done.status!.startTime!)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(done.status!.completionTime!) - Date.parse(done.status!.startTime!)).toBeLessThan(2 * PULL_MS);

    // The rest of the rollout: the 2 old pods update without pulling (well under one pull each).
    await patchCloneSet(r, { spec: { updateStrategy: { rollingUpdate: { partition: 0 } } } });
    const started = r.clock.now();
    await r.runUntil(async () => {
      const status = (await cloneSet(r)).status;
      return status?.updatedReadyReplicas === 5 && status.currentRevision === updateRevision;
    }, 120_000, 100);
    expect(r.clock.now() - started).toBeLessThan(PULL_MS);

    // current = update: the CloneSet deletes its job.
    await r.runUntil(async () => (await jobs(r)).length === 0, 10_000, 100);
    r.throwIfErrors('the pre-download rollout');
  });

  it('with the gate off no job is made and the rest of the rollout pulls', async () => {
    rig = await startPreDownloadRig(false);
    const r = rig;
    await deployCsDemo(r);
    await patchCloneSet(r, { spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:latest', imagePullPolicy: 'IfNotPresent', ports: [{ containerPort: 80 }] }] } } } });
    await r.runUntil(async () => (await cloneSet(r)).status?.updatedReadyReplicas === 3, 300_000, 500);
    await patchCloneSet(r, { spec: { updateStrategy: { rollingUpdate: { partition: 0 } } } });
    const started = r.clock.now();
    await r.runUntil(async () => (await cloneSet(r)).status?.updatedReadyReplicas === 5, 300_000, 500);
    expect(r.clock.now() - started).toBeGreaterThanOrEqual(PULL_MS);
    expect(await jobs(r)).toEqual([]);
  });

  it('replicas ≤ 3: the revision is labelled ignored and no job is made', async () => {
    rig = await startPreDownloadRig(true);
    const r = rig;
    await r.apply(CS_DEMO);
    await patchCloneSet(r, { metadata: { annotations: PRE_DOWNLOAD_ANNOTATIONS }, spec: { updateStrategy: { rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', partition: 1 } } } });
    await r.runUntil(async () => (await cloneSet(r)).status?.readyReplicas === 3, 120_000, 500);
    await patchCloneSet(r, { metadata: { annotations: { 'apps.kruise.io/image-predownload-min-updated-ready-pods': '0' } }, spec: { template: { spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } } } });
    await r.run(2000);
    const updateRevision = (await cloneSet(r)).status!.updateRevision!;
    const revision = await r.cluster.store.get<ControllerRevision>(CONTROLLER_REVISION_REF, 'default', updateRevision);
    expect(revision.metadata.labels?.['apps.kruise.io/image-predownload-ignored']).toBe('true');
    expect(await jobs(r)).toEqual([]);
  });
});
