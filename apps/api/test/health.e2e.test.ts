// Workload.health over GraphQL (issue 14 item 4): the state an SRE reads, with the reason and the pods
// concerned, computed once in the API for the dashboard and scripts alike.
import { describe, expect, it } from '@jest/globals';
import { TestApi, testApiPerFile, eventually } from './support/api-server.js';

interface Health { state: string; reason: string; pods: string[] }

let api: TestApi;
testApiPerFile({ SIM_FAIL_IMAGE_PATTERN: 'broken' }, (started) => (api = started));

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
  await api.apply(yaml);
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

  it('says when minReadySeconds lets pods through as one moment, the same in the health and the plan of one answer (issue 28 item 6)', async () => {
    await apply(cloneSet('slow', { extra: '  minReadySeconds: 30\n' }));
    type Answer = {
      serverTime: string;
      workload: { health: Health & { until: string | null }; plan: { blockers: { code: string; message: string; pods: string[]; until: string | null }[] } };
    };
    const read = async () => {
      const res = await api.graphql<Answer>(`{ serverTime workload(kind: CLONE_SET, namespace: "health", name: "slow") {
        health { state reason pods until } plan { blockers { code message pods until } } } }`);
      expect(res.errors).toBeUndefined();
      return res.data!;
    };
    const first = await eventually(async () => {
      const a = await read();
      const named = a.workload.plan.blockers.filter((b) => b.code === 'MIN_READY_SECONDS');
      // The health is the last reconcile's: wait until that pass, too, saw both pods Ready.
      return a.workload.health.state === 'PROGRESSING' && named.length === 2 && named.every((b) => a.workload.health.reason.includes(b.message)) ? a : undefined;
    }, 20_000, 'both pods Ready, waiting out minReadySeconds');
    const waiting = first.workload.plan.blockers.filter((b) => b.code === 'MIN_READY_SECONDS');
    // The health names the same blockers with the same moment, and no count of seconds that could disagree.
    expect(first.workload.health.until).toBe(waiting.map((b) => b.until!).sort()[0]);
    for (const b of waiting) {
      expect(first.workload.health.reason).toContain(b.message);
      expect(b.message).toMatch(/^pod slow-\w+ turns available once Ready for minReadySeconds \(30 s\)$/);
      const left = Date.parse(b.until!) - Date.parse(first.serverTime);
      expect(left).toBeGreaterThan(0);
      expect(left).toBeLessThanOrEqual(30_000);
    }
    // Read again once the server's clock has passed a whole second more (a countdown in seconds would have
    // changed by then): the answer is the same, the moment does not move with the reader's clock.
    const second = await eventually(async () => {
      const a = await read();
      return Date.parse(a.serverTime) >= Date.parse(first.serverTime) + 1_000 ? a : undefined;
    }, 20_000, 'the server clock a second past the first answer');
    expect(second.workload.health).toEqual(first.workload.health);
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
