// Workload.health over GraphQL (issue 14 item 4): the state an SRE reads, with the reason and the pods
// concerned, computed once in the API for the dashboard and scripts alike.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TestApi, eventually } from './support/api-server.js';

interface Health { state: string; reason: string; pods: string[] }

let api: TestApi;
beforeAll(async () => {
  api = await TestApi.start({ SIM_FAIL_IMAGE_PATTERN: 'broken' });
});
afterAll(async () => {
  await api.close();
});

function cloneSet(name: string, { replicas = 2, image = 'nginx:1.25', extra = '', podSpec = '' } = {}): string {
  return `apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: ${name}, namespace: health, labels: { app: ${name} } }
spec:
  replicas: ${replicas}
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name}, example.io/block-deleting: "true" } }
    spec: { ${podSpec}containers: [{ name: main, image: "${image}" }] }
${extra}`;
}

async function apply(yaml: string): Promise<void> {
  const res = await api.graphql(`mutation($y: String!) { applyManifest(yaml: $y) { name } }`, { y: yaml });
  expect(res.errors).toBeUndefined();
}

async function health(name: string): Promise<Health> {
  const res = await api.graphql<{ workload: { health: Health } }>(`{ workload(kind: CLONE_SET, namespace: "health", name: "${name}") { health { state reason pods } } }`);
  expect(res.errors).toBeUndefined();
  return res.data!.workload.health;
}

const eventuallyIn = (name: string, state: string, pods?: number) =>
  eventually(async () => {
    const h = await health(name);
    return h.state === state && (pods === undefined || h.pods.length === pods) ? h : undefined;
  }, 20_000, `${name} ${state}`);

describe('Workload.health', () => {
  it('is COMPLETE once every pod is updated and available', async () => {
    await apply(cloneSet('fine'));
    expect((await eventuallyIn('fine', 'COMPLETE')).pods).toEqual([]);
  });

  it('is DEGRADED with the kubelet words when an image cannot be pulled, naming the pods', async () => {
    await apply(cloneSet('pulls', { image: 'example.io/broken:1' }));
    // The second pod is created and fails a moment after the first: both end up named.
    const h = await eventuallyIn('pulls', 'DEGRADED', 2);
    expect(h.reason).toMatch(/ErrImagePull|ImagePullBackOff/);
  });

  it('is DEGRADED with the scheduler words when pods fit no node', async () => {
    await apply(cloneSet('nowhere', { replicas: 1, podSpec: 'nodeSelector: { disk: ssd }, ' }));
    const h = await eventuallyIn('nowhere', 'DEGRADED');
    expect(h.reason).toMatch(/0\/\d+ nodes are available/);
    expect(h.pods).toHaveLength(1);
  });

  it('is HELD when a partition keeps the rest back, and when paused', async () => {
    await apply(cloneSet('held', { extra: '  updateStrategy: { rollingUpdate: { partition: 2 } }\n' }));
    await eventuallyIn('held', 'COMPLETE');
    await api.graphql(`mutation { setImage(kind: CLONE_SET, namespace: "health", name: "held", container: "main", image: "nginx:1.27") { generation } }`);
    const h = await eventuallyIn('held', 'HELD');
    expect(h.reason).toMatch(/partition/);
    await api.graphql(`mutation { setPartition(kind: CLONE_SET, namespace: "health", name: "held", partition: 0) { generation } }`);
    await api.graphql(`mutation { pauseRollout(kind: CLONE_SET, namespace: "health", name: "held") { generation } }`);
    expect((await eventuallyIn('held', 'HELD')).reason).toMatch(/paused/);
  });

  it('is WAITING_ON_HOOK while pods wait for their preDelete hook', async () => {
    await apply(cloneSet('hooked', { extra: '  lifecycle: { preDelete: { labelsHandler: { example.io/block-deleting: "true" } } }\n' }));
    await eventuallyIn('hooked', 'COMPLETE');
    await api.graphql(`mutation { scaleWorkload(kind: CLONE_SET, namespace: "health", name: "hooked", replicas: 1) { generation } }`);
    const h = await eventuallyIn('hooked', 'WAITING_ON_HOOK');
    expect(h.reason).toMatch(/preDelete/);
    expect(h.pods).toHaveLength(1);
  });
});
