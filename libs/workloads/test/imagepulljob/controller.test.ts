// The ImagePullJob and NodeImage controllers on the embedded cluster, with the kubelet simulator playing
// kruise-daemon (docs/spec/image-pull.md §3, §4, §5; the worked example docs/spec/image-pull.md §8.1): NodeImages appear for the
// Ready nodes, a job over a node selector gives its image to `parallelism` nodes at a time, reports
// per-node progress and completes; its TTL deletes it and its tags leave the NodeImages.
import { afterEach, describe, expect, it } from '@jest/globals';
import { FeatureGates, type ImagePullJob, type NodeImage } from '@coxswain/kruise-api';
import { ImagePullJobController } from '../../src/imagepulljob/controller.js';
import { NodeImageController } from '../../src/nodeimage/controller.js';
import { IMAGE_PULL_JOB_REF, NODE_IMAGE_REF } from '../../src/refs.js';
import { startRig, type Rig } from '../support/rig.js';

const GATES = FeatureGates.from({ ImagePullJobGate: true });

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function startPullRig(kubelet: { imagePullMs?: number; failImagePattern?: RegExp } = {}): Promise<Rig> {
  const started = await startRig({ gates: GATES, kubelet: { imagePullMs: 5000, ...kubelet }, nodes: { zones: 2, nodesPerZone: 3 } });
  const log = started.logger('warn', 'error');
  new NodeImageController(started.manager, { log, recorder: started.recorder });
  new ImagePullJobController(started.manager, { log, random: () => 0, randomSuffix: () => 'abc123' });
  await started.start();
  return started;
}

const job = (rig: Rig, name = 'warm-nginx') => rig.cluster.store.get<ImagePullJob>(IMAGE_PULL_JOB_REF, 'default', name);
const nodeImage = (rig: Rig, name: string) => rig.cluster.store.get<NodeImage>(NODE_IMAGE_REF, undefined, name);
const nodeImages = async (rig: Rig) => (await rig.cluster.store.list<NodeImage>(NODE_IMAGE_REF)).items;

const WARM_NGINX = `
apiVersion: apps.kruise.io/v1beta1
kind: ImagePullJob
metadata: {name: warm-nginx, namespace: default}
spec:
  image: nginx:1.25
  parallelism: 2
  selector: {matchLabels: {topology.kubernetes.io/zone: zone-a}}
  completionPolicy: {type: Always, activeDeadlineSeconds: 1200, ttlSecondsAfterFinished: 300}
`;

describe('ImagePullJob and NodeImage controllers', () => {
  it('a NodeImage appears for every Ready node, carrying the node\'s labels', async () => {
    rig = await startPullRig();
    await rig.runUntil(async () => (await nodeImages(rig!)).length === 6);
    const first = await nodeImage(rig, 'sim-a-1');
    expect(first.metadata.labels).toMatchObject({ 'topology.kubernetes.io/zone': 'zone-a', 'kubernetes.io/hostname': 'sim-a-1' });
    expect(first.spec).toEqual({});
  });

  it('a job over a node selector pulls on 2 nodes at a time, reports per-node progress and completes (docs/spec/image-pull.md §8.1)', async () => {
    rig = await startPullRig();
    await rig.runUntil(async () => (await nodeImages(rig!)).length === 6);
    await rig.apply(WARM_NGINX);
    await rig.run(500);
    const running = await job(rig);
    expect(running.metadata.finalizers).toEqual(['apps.kruise.io/deletion-protection']);
    expect(running.status).toMatchObject({ desired: 3, active: 2, succeeded: 0, failed: 0, message: 'job is running, progress 0.0%' });
    const given = (await nodeImages(rig)).filter((n) => n.spec?.images?.nginx).map((n) => n.metadata.name);
    expect(given).toEqual(['sim-a-1', 'sim-a-2']);
    const tag = (await nodeImage(rig, 'sim-a-1')).spec!.images!.nginx!.tags[0]!;
    expect(tag).toMatchObject({
      tag: '1.25', version: 0, imagePullPolicy: 'IfNotPresent',
      pullPolicy: { timeoutSeconds: 600, backoffLimit: 3, activeDeadlineSeconds: 1200, ttlSecondsAfterFinished: 300 + 300 + 0 },
      ownerReferences: [{ apiVersion: 'apps.kruise.io/v1beta1', kind: 'ImagePullJob', namespace: 'default', name: 'warm-nginx', uid: running.metadata.uid }],
    });

    // The first two finish after the pull latency; then the third node gets the image.
    await rig.runUntil(async () => (await job(rig!)).status?.succeeded === 2);
    expect((await job(rig)).status).toMatchObject({ desired: 3, active: 1, message: 'job is running, progress 66.7%' });
    await rig.runUntil(async () => (await job(rig!)).status?.completionTime !== undefined);
    const done = await job(rig);
    expect(done.status).toMatchObject({ desired: 3, active: 0, succeeded: 3, failed: 0, message: 'job has completed' });
    expect(done.status?.failedNodes).toBeUndefined();
    for (const name of ['sim-a-1', 'sim-a-2', 'sim-a-3']) {
      expect((await nodeImage(rig, name)).status?.imageStatuses?.nginx?.tags[0]).toMatchObject({ tag: '1.25', phase: 'Succeeded', version: 0 });
    }
    expect((await nodeImage(rig, 'sim-b-1')).spec?.images?.nginx).toBeUndefined();
    await rig.runUntil(async () => ((await job(rig!)).metadata.finalizers ?? []).length === 0);

    // ttlSecondsAfterFinished: the job goes 300 s after completion; its tags leave the NodeImages.
    await rig.run(299_000, 1000);
    await expect(job(rig)).resolves.toBeDefined();
    await rig.runUntil(async () => (await job(rig!).catch(() => undefined)) === undefined, 5000);
    await rig.runUntil(async () => (await nodeImages(rig!)).every((n) => !n.spec?.images?.nginx), 5000);
    rig.throwIfErrors('the job');
  });

  it('a node that cannot pull fails after its attempts; the job completes with it in failedNodes', async () => {
    rig = await startPullRig({ imagePullMs: 1000, failImagePattern: /broken/ });
    await rig.runUntil(async () => (await nodeImages(rig!)).length === 6);
    await rig.apply(`
apiVersion: apps.kruise.io/v1beta1
kind: ImagePullJob
metadata: {name: broken, namespace: default}
spec:
  image: example.com/broken:v1
  parallelism: 10
  selector: {names: [sim-b-1, sim-b-2, missing]}
  pullPolicy: {backoffLimit: 1, timeoutSeconds: 60}
`);
    await rig.runUntil(async () => (await job(rig!, 'broken')).status?.completionTime !== undefined);
    expect((await job(rig, 'broken')).status).toMatchObject({ desired: 2, succeeded: 0, failed: 2, failedNodes: ['sim-b-1', 'sim-b-2'], message: 'job has completed' });
    expect((await nodeImage(rig, 'sim-b-1')).status?.imageStatuses?.['example.com/broken']?.tags[0]?.message)
      .toBe("pulling image example.com/broken:v1 error simulated pull failure (image matches the kubelet simulator's failImagePattern)");
  });

  it('parallelism 0 pauses the job; raising it resumes', async () => {
    rig = await startPullRig();
    await rig.runUntil(async () => (await nodeImages(rig!)).length === 6);
    await rig.apply(WARM_NGINX.replace('parallelism: 2', 'parallelism: 0'));
    await rig.run(10_000);
    expect((await job(rig)).status).toMatchObject({ desired: 3, active: 0, succeeded: 0 });
    expect((await nodeImages(rig)).some((n) => n.spec?.images?.nginx)).toBe(false);
    await rig.apply(WARM_NGINX.replace('parallelism: 2', 'parallelism: 3'));
    await rig.runUntil(async () => (await job(rig!)).status?.succeeded === 3);
  });

  it('activeDeadlineSeconds fails what is left', async () => {
    rig = await startPullRig({ imagePullMs: 700_000 });
    await rig.runUntil(async () => (await nodeImages(rig!)).length === 6);
    await rig.apply(WARM_NGINX.replace('activeDeadlineSeconds: 1200', 'activeDeadlineSeconds: 600'));
    await rig.runUntil(async () => (await job(rig!)).status?.completionTime !== undefined, 700_000, 5000);
    expect((await job(rig)).status).toMatchObject({
      desired: 3, active: 0, succeeded: 0, failed: 3, failedNodes: ['sim-a-1', 'sim-a-2', 'sim-a-3'], message: 'job exceeds activeDeadlineSeconds',
    });
  });

  it('pull Secrets are copied into kruise-daemon-config and listed in the NodeImages; the copy goes when the job finishes', async () => {
    rig = await startPullRig();
    await rig.runUntil(async () => (await nodeImages(rig!)).length === 6);
    await rig.apply(`
apiVersion: v1
kind: Secret
metadata: {name: regcred, namespace: default}
type: kubernetes.io/dockerconfigjson
data: {.dockerconfigjson: e30=}
`);
    await rig.apply(WARM_NGINX.replace('parallelism: 2', 'parallelism: 3\n  pullSecrets: [regcred]'));
    await rig.run(500);
    const copy = await rig.cluster.store.get({ apiVersion: 'v1', kind: 'Secret' }, 'kruise-daemon-config', 'regcred-abc123');
    expect(copy.metadata.annotations).toMatchObject({
      'imagepulljobs.kruise.io/source-key': 'default/regcred', 'imagepulljobs.kruise.io/references': 'default/warm-nginx', 'imagepulljobs.kruise.io/mode': 'batch',
    });
    expect((await nodeImage(rig, 'sim-a-1')).spec?.images?.nginx?.pullSecrets).toEqual([{ namespace: 'kruise-daemon-config', name: 'regcred-abc123', mode: 'batch' }]);
    await rig.runUntil(async () => (await job(rig!)).status?.completionTime !== undefined);
    await rig.runUntil(async () => (await rig!.cluster.store.get({ apiVersion: 'v1', kind: 'Secret' }, 'kruise-daemon-config', 'regcred-abc123').catch(() => undefined)) === undefined, 5000);
  });
});
