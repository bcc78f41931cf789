// Kruise's pod-readiness controller in the embedded cluster: a pod born with the KruisePodReady gate gets
// the condition, True, and the kubelet then reports it Ready; other pods are left alone.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { EmbeddedCluster, ManualClock, MemoryPersistence } from '@coxswain/cluster';
import { ControllerManager } from '@coxswain/controller-runtime';
import type { Pod } from '@coxswain/kruise-api';
import { PodReadinessController } from '../../src/podreadiness/controller.js';
import { POD_REF } from '../../src/refs.js';

let clock: ManualClock;
let cluster: EmbeddedCluster;
let manager: ControllerManager;
let errors: unknown[];

beforeEach(async () => {
  clock = new ManualClock('2026-01-01T00:00:00Z');
  errors = [];
  const onError = (err: unknown) => void errors.push(err);
  cluster = await EmbeddedCluster.start({ clock, persistence: new MemoryPersistence(), kubelet: { imagePullMs: 100, containerStartMs: 100, terminationMs: 100 }, onError });
  manager = new ControllerManager({ client: cluster.store.localClient(), clock, onInformerError: onError });
  new PodReadinessController(manager, { log: (level, message) => level !== 'info' && errors.push(new Error(message)) });
  await manager.start();
});

afterEach(async () => {
  await manager.stop();
  await cluster.stop();
  expect(errors).toEqual([]);
});

async function run(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 100) {
    await clock.advance(100);
    for (let i = 0; i < 3; i++) {
      await clock.advance(0);
      await cluster.scheduler.idle();
      await cluster.kubelet.idle();
    }
  }
}

function bare(name: string, gates: string[]): Pod {
  return {
    apiVersion: 'v1', kind: 'Pod',
    metadata: { name, namespace: 'default' },
    spec: { containers: [{ name: 'main', image: 'nginx:1.25' }], readinessGates: gates.map((conditionType) => ({ conditionType })) },
  };
}

const condition = (p: Pod, type: string) => p.status?.conditions?.find((c) => c.type === type);

describe('pod-readiness controller', () => {
  it.each<[string, string[], string | undefined, string]>([
    ['the KruisePodReady gate: the condition is written True and the pod becomes Ready', ['KruisePodReady'], 'True', 'True'],
    ['no gate: no condition written; Ready as the kubelet alone says', [], undefined, 'True'],
    ['another gate only: not this controller\'s; the pod stays not Ready', ['InPlaceUpdateReady'], undefined, 'False'],
  ])('%s', async (_name, gates, kruisePodReady, ready) => {
    await cluster.store.create(bare('p', gates));
    await run(2_000);
    const pod = await cluster.store.get<Pod>(POD_REF, 'default', 'p');
    expect(condition(pod, 'KruisePodReady')?.status).toBe(kruisePodReady);
    expect(condition(pod, 'Ready')?.status).toBe(ready);
  });
});
