// Seed 003 (OpenKruise's in-place update article) through the CloneSet controller in the embedded
// cluster: a label/annotation read by a container's env through fieldRef is updated in place by
// restarting that container (the kubelet simulator doing kruise-daemon's part), and containers with
// different launch priorities are updated in batches, highest priority first, each batch only once
// the previous one runs and is ready (issue 14 items 1 and 2).
import { describe, expect, it } from '@jest/globals';
import {
  ANNOTATION_INPLACE_UPDATE_STATE, ANNOTATION_RUNTIME_CONTAINER_META,
  type ContainerStatus, type InPlaceUpdateState, type Pod,
} from '@coxswain/kruise-api';
import { CLONESET_REF } from '../../src/refs.js';
import { activePods, startCloneSetEnv, type CloneSetEnv } from '../support/cloneset-env.js';
import { environmentPerTest } from '../support/per-test.js';
import { seededRandom } from '../support/rig.js';

let env: CloneSetEnv;
environmentPerTest(() => startCloneSetEnv({ random: seededRandom(11) }), (started) => (env = started));

const lifecycle = (p: Pod) => p.metadata.labels?.['lifecycle.apps.kruise.io/state'];
const inPlaceReady = (p: Pod) => p.status?.conditions?.find((c) => c.type === 'InPlaceUpdateReady')?.status;
const status = (p: Pod, name: string): ContainerStatus => p.status!.containerStatuses!.find((s) => s.name === name)!;
const stateOf = (p: Pod): InPlaceUpdateState => JSON.parse(p.metadata.annotations![ANNOTATION_INPLACE_UPDATE_STATE]!) as InPlaceUpdateState;

async function onlyPod(name: string): Promise<Pod> {
  const pods = activePods(await env.pods(name));
  expect(pods).toHaveLength(1);
  return pods[0]!;
}

async function rolledOut(name: string, limitMs = 60_000): Promise<void> {
  await env.runUntil(async () => {
    const cs = await env.cloneSet(name);
    const status = cs.status;
    return status !== undefined && status.observedGeneration === cs.metadata.generation && status.updatedAvailableReplicas === cs.spec.replicas &&
      status.currentRevision === status.updateRevision;
  }, limitMs);
}

async function patchTemplate(name: string, template: Record<string, unknown>): Promise<void> {
  await env.cluster.store.patch(CLONESET_REF, 'default', name, { spec: { template } });
}

/** Runs until the CloneSet's only pod satisfies `reached`, and returns that pod as it was then. */
async function podOnceIt(name: string, reached: (pod: Pod) => boolean): Promise<Pod> {
  let seen: Pod | undefined;
  await env.runUntil(async () => {
    const pod = await onlyPod(name);
    if (!reached(pod)) return false;
    seen = pod;
    return true;
  });
  return seen!;
}

/** A one-replica in-place CloneSet whose template carries the `app-config` annotation; `containers` is its YAML list. */
const annotatedCloneSet = (name: string, containers: string) => `
apiVersion: apps.kruise.io/v1alpha1
kind: CloneSet
metadata: {name: ${name}}
spec:
  replicas: 1
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata:
      labels: {app: ${name}}
      annotations: {app-config: "config v1"}
    spec:
      containers:
${containers}
  updateStrategy: {type: InPlaceIfPossible}`;

describe('seed 003: env from metadata', () => {
  const appConfig = (name: string) => annotatedCloneSet(name, `\
      - name: app
        image: app-image:v1
        env:
        - name: APP_CONFIG
          valueFrom: {fieldRef: {fieldPath: "metadata.annotations['app-config']"}}
        - {name: APP_NAME, value: xxx}`);

  it('changing only the annotation restarts the container that reads it and completes the update', async () => {
    await env.apply(appConfig('cfg'));
    await rolledOut('cfg');
    const before = await onlyPod('cfg');
    expect(status(before, 'app').restartCount).toBe(0);

    await patchTemplate('cfg', { metadata: { annotations: { 'app-config': 'config v2' } } });
    await rolledOut('cfg');

    const after = await onlyPod('cfg');
    expect(after.metadata.uid).toBe(before.metadata.uid);
    expect(after.metadata.annotations!['app-config']).toBe('config v2');
    expect(after.spec.containers[0]!.image).toBe('app-image:v1');
    const app = status(after, 'app');
    expect(app).toMatchObject({ restartCount: 1, ready: true, image: 'app-image:v1' });
    expect(app.containerID).not.toBe(status(before, 'app').containerID);
    expect(app.lastState?.terminated?.containerID).toBe(status(before, 'app').containerID);
    expect(lifecycle(after)).toBe('Normal');
    expect(inPlaceReady(after)).toBe('True');
    expect(stateOf(after)).toMatchObject({ updateEnvFromMetadata: true, containerBatchesRecord: [{ containers: ['app'] }] });
    // What kruise-daemon reports: the running container under its current ID.
    const meta = JSON.parse(after.metadata.annotations![ANNOTATION_RUNTIME_CONTAINER_META]!) as { containers: { name: string; containerID: string }[] };
    expect(meta.containers).toEqual([expect.objectContaining({ name: 'app', containerID: app.containerID, restartCount: 1 })]);
    const plan = env.controller.lastPlan('default', 'cfg')!;
    expect(plan.complete).toBe(true);
  });

  it('a label read through fieldRef works the same way, and a later image change still completes', async () => {
    await env.apply(`
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: lbl}
spec:
  replicas: 2
  selector: {matchLabels: {app: lbl}}
  template:
    metadata:
      labels: {app: lbl, tier: gold}
    spec:
      containers:
      - name: app
        image: app-image:v1
        env:
        - name: TIER
          valueFrom: {fieldRef: {fieldPath: "metadata.labels['tier']"}}
  updateStrategy:
    rollingUpdate: {podUpdatePolicy: InPlaceIfPossible, maxUnavailable: 1}`);
    await rolledOut('lbl');
    await patchTemplate('lbl', { metadata: { labels: { tier: 'silver' } } });
    await rolledOut('lbl');
    for (const pod of activePods(await env.pods('lbl'))) {
      expect(pod.metadata.labels!['tier']).toBe('silver');
      expect(status(pod, 'app').restartCount).toBe(1);
      expect(lifecycle(pod)).toBe('Normal');
    }
    await patchTemplate('lbl', { spec: { containers: [{ name: 'app', image: 'app-image:v2', env: [{ name: 'TIER', valueFrom: { fieldRef: { fieldPath: "metadata.labels['tier']" } } }] }] } });
    await rolledOut('lbl');
    for (const pod of activePods(await env.pods('lbl'))) {
      expect(status(pod, 'app')).toMatchObject({ image: 'app-image:v2', restartCount: 2, ready: true });
    }
  });
});

describe('seed 003: container launch priority', () => {
  const twoContainers = (name: string) => annotatedCloneSet(name, `\
      - name: sidecar
        image: sidecar-image:v1
        env:
        - {name: KRUISE_CONTAINER_PRIORITY, value: "10"}
        - name: APP_CONFIG
          valueFrom: {fieldRef: {fieldPath: "metadata.annotations['app-config']"}}
      - name: main
        image: main-image:v1`);
  // The sidecar as a template patch writes it: priority 10, APP_CONFIG from the annotation.
  const sidecar = (image: string) => ({
    name: 'sidecar', image,
    env: [{ name: 'KRUISE_CONTAINER_PRIORITY', value: '10' }, { name: 'APP_CONFIG', valueFrom: { fieldRef: { fieldPath: "metadata.annotations['app-config']" } } }],
  });

  it('new pods carry the launch barrier: priority 10 for sidecar, 0 for main, and sidecar starts first', async () => {
    await env.apply(twoContainers('prio'));
    await rolledOut('prio');
    const pod = await onlyPod('prio');
    const barrier = (c: string) => pod.spec.containers.find((x) => x.name === c)!.env!.find((e) => e.name === 'KRUISE_CONTAINER_BARRIER');
    expect(barrier('sidecar')).toEqual({ name: 'KRUISE_CONTAINER_BARRIER', valueFrom: { configMapKeyRef: { name: `${pod.metadata.name}-barrier`, key: 'p_10' } } });
    expect(barrier('main')?.valueFrom?.configMapKeyRef?.key).toBe('p_0');
    // main was started only once sidecar was ready.
    const started = (c: string) => Date.parse(status(pod, c).state!.running!.startedAt!);
    expect(started('main')).toBeGreaterThan(started('sidecar'));
  });

  it('changing both images updates sidecar first and main only once sidecar runs the new image and is ready', async () => {
    await env.apply(twoContainers('imgs'));
    await rolledOut('imgs');
    const before = await onlyPod('imgs');

    await patchTemplate('imgs', {
      spec: {
        containers: [
          sidecar('sidecar-image:v2'),
          { name: 'main', image: 'main-image:v2' },
        ],
      },
    });
    // First batch written: only sidecar's image changed, main's waits in the state.
    const firstBatch = await podOnceIt('imgs', (pod) => pod.spec.containers[0]!.image === 'sidecar-image:v2');
    expect(firstBatch.spec.containers[1]!.image).toBe('main-image:v1');
    expect(stateOf(firstBatch)).toMatchObject({
      nextContainerImages: { main: 'main-image:v2' },
      preCheckBeforeNext: { containersRequiredReady: ['sidecar'] },
      containerBatchesRecord: [{ containers: ['sidecar'] }],
      lastContainerStatuses: { sidecar: { imageID: status(before, 'sidecar').imageID } },
    });

    // main's image is not touched before sidecar is ready with its new image.
    const mainChanged = await podOnceIt('imgs', (pod) => pod.spec.containers[1]!.image === 'main-image:v2');
    expect(status(mainChanged, 'sidecar')).toMatchObject({ image: 'sidecar-image:v2', ready: true });

    await rolledOut('imgs');
    const after = await onlyPod('imgs');
    const state = stateOf(after);
    expect(state.containerBatchesRecord!.map((b) => b.containers)).toEqual([['sidecar'], ['main']]);
    expect(state.nextContainerImages).toBeUndefined();
    expect(status(after, 'sidecar')).toMatchObject({ image: 'sidecar-image:v2', restartCount: 1 });
    expect(status(after, 'main')).toMatchObject({ image: 'main-image:v2', restartCount: 1 });
    expect(Date.parse(status(after, 'main').state!.running!.startedAt!)).toBeGreaterThan(Date.parse(status(after, 'sidecar').state!.running!.startedAt!));
    expect(lifecycle(after)).toBe('Normal');
  });

  it("the seed's example: the annotation and main's image change; sidecar restarts for its env first, then main", async () => {
    await env.apply(twoContainers('seed'));
    await rolledOut('seed');
    await patchTemplate('seed', {
      metadata: { annotations: { 'app-config': 'config v2' } },
      spec: { containers: [sidecar('sidecar-image:v1'), { name: 'main', image: 'main-image:v2' }] },
    });
    const firstBatch = await podOnceIt('seed', (pod) => pod.metadata.annotations!['app-config'] === 'config v2');
    expect(firstBatch.spec.containers[1]!.image).toBe('main-image:v1');
    expect(stateOf(firstBatch)).toMatchObject({
      nextContainerImages: { main: 'main-image:v2' },
      preCheckBeforeNext: { containersRequiredReady: ['sidecar'] },
      containerBatchesRecord: [{ containers: ['sidecar'] }],
    });
    await rolledOut('seed');
    const after = await onlyPod('seed');
    expect(stateOf(after).containerBatchesRecord!.map((b) => b.containers)).toEqual([['sidecar'], ['main']]);
    expect(stateOf(after).lastContainerStatuses).toEqual({ main: { imageID: status(firstBatch, 'main').imageID } });
    expect(status(after, 'sidecar')).toMatchObject({ image: 'sidecar-image:v1', restartCount: 1 });
    expect(status(after, 'main')).toMatchObject({ image: 'main-image:v2', restartCount: 1 });
  });
});

describe('seed 003: container launch priority, refused', () => {
  it('a KRUISE_CONTAINER_PRIORITY that is not an integer fails pod creation as Kruise\'s pod webhook does', async () => {
    await env.apply(`
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: bad}
spec:
  replicas: 1
  selector: {matchLabels: {app: bad}}
  template:
    metadata: {labels: {app: bad}}
    spec:
      containers:
      - {name: a, image: "a:1", env: [{name: KRUISE_CONTAINER_PRIORITY, value: high}]}
      - {name: b, image: "b:1"}`);
    await env.runUntil(async () => (await env.events()).some((e) => e.reason === 'FailedCreate'), 10_000);
    const failed = (await env.events()).find((e) => e.reason === 'FailedCreate')!;
    expect(failed.message).toBe('failed to create pod: spec.containers[0].env[KRUISE_CONTAINER_PRIORITY]: "high" is not an integer');
    expect(await env.pods('bad')).toEqual([]);
  });
});
