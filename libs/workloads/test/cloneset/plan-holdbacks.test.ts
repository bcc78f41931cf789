// The controller's plan in the embedded cluster names the pods that hold a rollout back, in the words of
// their conditions (issue 14 item 5): the scheduler's message for pods that do not fit, the container
// a stuck in-place update waits on, the image that does not pull.
import { afterEach, describe, expect, it } from '@jest/globals';
import { CLONESET_REF } from '../../src/refs.js';
import { activePods, startCloneSetEnv, type CloneSetEnv, type CloneSetEnvOptions } from '../support/cloneset-env.js';
import { seededRandom } from '../support/rig.js';

let env: CloneSetEnv | undefined;
afterEach(async () => {
  await env?.stop();
  expect(env?.errors ?? []).toEqual([]);
  env = undefined;
});

async function start(options: CloneSetEnvOptions = {}): Promise<CloneSetEnv> {
  env = await startCloneSetEnv({ random: seededRandom(5), ...options });
  return env;
}

const cloneSet = (name: string, replicas: number, policy = 'InPlaceIfPossible') => `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: {name: ${name}}
spec:
  replicas: ${replicas}
  selector: {matchLabels: {app: ${name}}}
  template:
    metadata: {labels: {app: ${name}}}
    spec:
      containers: [{name: main, image: "nginx:1.25"}]
  updateStrategy:
    rollingUpdate: {podUpdatePolicy: ${policy}, maxUnavailable: 1}`;

describe('the plan names what holds a rollout back', () => {
  it("quotes the scheduler's message for pods no node can take", async () => {
    const e = await start({ nodes: { zones: 1, nodesPerZone: 2, podCapacity: 2 } });
    await e.apply(cloneSet('big', 6, 'ReCreate'));
    await e.runUntil(async () => (await e.cloneSet('big')).status?.availableReplicas === 4);
    await e.run(2_000);
    const pending = activePods(await e.pods('big')).filter((p) => !p.spec.nodeName).map((p) => p.metadata.name!).sort();
    expect(pending).toHaveLength(2);
    const plan = e.controller.lastPlan('default', 'big')!;
    expect(plan.complete).toBe(false);
    const blocker = plan.blockers.find((b) => b.code === 'UNSCHEDULABLE')!;
    expect(blocker.message).toBe(`pods ${blocker.pods.join(', ')}: cannot be scheduled: 0/2 nodes are available: 2 Too many pods.`);
    expect([...blocker.pods].sort()).toEqual(pending);
    // Found when first read (a reconcile never reads them), yet a member like any other: a plan sent to
    // another thread or answered as JSON carries them.
    expect(plan.blockers).toBe(plan.blockers);
    expect(JSON.parse(JSON.stringify(plan)).blockers).toEqual(plan.blockers);
    expect(structuredClone(plan).blockers).toEqual(plan.blockers);
  });

  it('names the pod and container a stuck in-place update waits on, and the image that cannot be pulled', async () => {
    const e = await start({ kubelet: { failImagePattern: /:broken$/ } });
    await e.apply(cloneSet('web', 2));
    await e.runUntil(async () => (await e.cloneSet('web')).status?.availableReplicas === 2);

    // The node stops carrying out changes: the first pod updated in place stays in Updating.
    e.cluster.kubelet.freeze();
    await e.cluster.store.patch(CLONESET_REF, 'default', 'web', { spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:1.27' }] } } } });
    await e.runUntil(async () => activePods(await e.pods('web')).some((p) => p.metadata.labels?.['lifecycle.apps.kruise.io/state'] === 'Updating'));
    await e.run(3_000);
    const stuck = activePods(await e.pods('web')).find((p) => p.metadata.labels?.['lifecycle.apps.kruise.io/state'] === 'Updating')!;
    const revision = (await e.cloneSet('web')).status!.updateRevision!;
    const plan = e.controller.lastPlan('default', 'web')!;
    expect(plan.blockers).toContainEqual({
      code: 'IN_PLACE_UPDATING',
      message: `pod ${stuck.metadata.name}: in-place update to revision ${revision}, batch 1 [main]: waits for container main to run nginx:1.27`,
      pods: [stuck.metadata.name],
    });
    expect(plan.blockers.find((b) => b.code === 'MAX_UNAVAILABLE')?.pods).toEqual([stuck.metadata.name]);

    // A new image that never arrives: the pull failure is what the plan reports.
    e.cluster.kubelet.unfreeze();
    await e.cluster.store.patch(CLONESET_REF, 'default', 'web', { spec: { template: { spec: { containers: [{ name: 'main', image: 'nginx:broken' }] } } } });
    await e.runUntil(async () => (e.controller.lastPlan('default', 'web')?.blockers ?? []).some((b) => b.code === 'IMAGE_PULL_FAILED'), 30_000);
    const failing = e.controller.lastPlan('default', 'web')!.blockers.find((b) => b.code === 'IMAGE_PULL_FAILED')!;
    expect(failing.pods).toHaveLength(1);
    expect(failing.message).toMatch(new RegExp(`^pod ${failing.pods[0]}: container main (ErrImagePull|ImagePullBackOff): .*nginx:broken`));
  });
});
