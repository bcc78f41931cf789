// The ContainerRecreateRequest controller with the embedded cluster's kruise-daemon (docs/spec/image-pull.md
// §7.1, §7.3): the pod held not ready through KruisePodReady for unreadyGracePeriodSeconds, the mark
// released when the request completes, the active label removed, the TTL, and the controller's early
// completions (deadline, pod gone).
import { afterEach, describe, expect, it } from '@jest/globals';
import type { ContainerRecreateRequest, Pod } from '@coxswain/kruise-api';
import { ContainerRecreateController } from '../../src/containerrecreate/controller.js';
import { PodReadinessController } from '../../src/podreadiness/controller.js';
import { CONTAINER_RECREATE_REQUEST_REF, POD_REF } from '../../src/refs.js';
import { startRig, type Rig } from '../support/rig.js';

const POD = `
apiVersion: v1
kind: Pod
metadata: { name: web-0 }
spec:
  readinessGates: [{ conditionType: KruisePodReady }]
  containers: [{ name: app, image: "nginx:1.27" }, { name: side, image: "busybox:1.36" }]
`;

let rig: Rig | undefined;

afterEach(async () => {
  await rig?.stop();
  rig?.throwIfErrors('the test');
  rig = undefined;
});

async function start(kubelet = {}): Promise<Rig> {
  rig = await startRig({ kubelet });
  new PodReadinessController(rig.manager, { log: rig.logger('warn', 'error') });
  new ContainerRecreateController(rig.manager, { log: rig.logger('warn', 'error') });
  await rig.start();
  await rig.apply(POD);
  await rig.runUntil(async () => (await pod()).status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false);
  return rig;
}

const pod = () => rig!.cluster.store.get<Pod>(POD_REF, 'default', 'web-0');
const crr = () => rig!.cluster.store.get<ContainerRecreateRequest>(CONTAINER_RECREATE_REQUEST_REF, 'default', 'restart');
const condition = (p: Pod, type: string) => p.status?.conditions?.find((c) => c.type === type);
const restarts = (p: Pod, name: string) => p.status?.containerStatuses?.find((c) => c.name === name)?.restartCount;

async function request(spec: string): Promise<void> {
  await rig!.apply(`
apiVersion: apps.kruise.io/v1alpha1
kind: ContainerRecreateRequest
metadata: { name: restart }
spec:
  podName: web-0
${spec}`);
}

describe('ContainerRecreateRequest controller', () => {
  it('holds the pod not ready for the grace period, restarts in place, releases, then deletes after the TTL', async () => {
    const r = await start();
    await request(`  containers: [{ name: app }]
  strategy: { unreadyGracePeriodSeconds: 3 }
  ttlSecondsAfterFinished: 10`);
    await r.runUntil(async () => Boolean((await crr()).metadata.annotations?.['crr.apps.kruise.io/unready-acquired']));
    const held = await pod();
    expect((await crr()).metadata.finalizers).toEqual(['crr.apps.kruise.io/unready-acquired']);
    expect(condition(held, 'KruisePodReady')).toMatchObject({ status: 'False', message: '[{"userAgent":"ContainerRecreateRequest","key":"default/restart"}]' });
    expect(condition(held, 'Ready')?.status).toBe('False');
    // Nothing is stopped within the grace period.
    await r.run(2500);
    expect(restarts(await pod(), 'app')).toBe(0);
    expect((await crr()).status?.containerRecreateStates).toBeUndefined();

    await r.runUntil(async () => (await crr()).status?.phase === 'Completed');
    const done = await crr();
    expect(done.status).toMatchObject({ containerRecreateStates: [{ name: 'app', phase: 'Succeeded', isKilled: true }] });
    await r.run(500);
    const released = await crr();
    expect(released.metadata.finalizers ?? []).toEqual([]);
    expect(released.metadata.labels?.['crr.apps.kruise.io/active']).toBeUndefined();
    const after = await pod();
    expect(after.metadata.uid).toBe(held.metadata.uid);
    expect(restarts(after, 'app')).toBe(1);
    expect(restarts(after, 'side')).toBe(0);
    expect(condition(after, 'KruisePodReady')).toMatchObject({ status: 'True', message: '[]' });
    expect(condition(after, 'Ready')?.status).toBe('True');

    const completedAt = Date.parse(done.status!.completionTime!);
    await r.runUntil(async () => (await crr().catch(() => undefined)) === undefined, 20_000);
    expect(r.clock.now() - completedAt).toBeGreaterThanOrEqual(10_000);
  });

  it('completes a request past activeDeadlineSeconds with its message', async () => {
    const r = await start({ containerStartMs: 20_000 });
    await request(`  containers: [{ name: app }, { name: side }]
  strategy: { orderedRecreate: true }
  activeDeadlineSeconds: 5`);
    await r.runUntil(async () => (await crr()).status?.phase === 'Completed', 30_000);
    const done = await crr();
    expect(done.status).toMatchObject({ message: 'recreating has exceeded the activeDeadlineSeconds', containerRecreateStates: [{ name: 'app', phase: 'Recreating' }, { name: 'side', phase: 'Pending' }] });
    expect(Date.parse(done.status!.completionTime!) - Date.parse(done.metadata.creationTimestamp!)).toBe(5000);
    expect(restarts(await pod(), 'side')).toBe(0);
  });

  it('completes with "pod has gone" when the pod is deleted', async () => {
    const r = await start({ containerStartMs: 20_000 });
    await request(`  containers: [{ name: app }]`);
    await r.runUntil(async () => (await crr()).status?.phase === 'Recreating');
    await r.cluster.store.delete(POD_REF, 'default', 'web-0');
    await r.runUntil(async () => (await crr()).status?.phase === 'Completed');
    expect((await crr()).status?.message).toBe('pod has gone');
  });
});
