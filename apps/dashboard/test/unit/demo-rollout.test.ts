// `npm start`'s demo rollout (scripts/demo-rollout.mjs): what it decides from a workload as read, and, against
// the built API seeded with the demo workloads, that it rolls the demo CloneSet and lets go of it once a
// person sets an image of their own.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DEMO, nextStep, runDemoRollout } from '../../../../scripts/demo-rollout.mjs';
import { ADMIN_TOKEN, startApi, type RunningApi } from '../support/servers.js';

const [FIRST, SECOND] = DEMO.images as [string, string];
const done = { observedGeneration: 3, replicas: 8, updatedReplicas: 8, updatedReadyReplicas: 8 };
const workload = (over: Record<string, unknown> = {}, status: Record<string, number> = {}) => ({
  generation: 3,
  images: [FIRST],
  updateStrategy: { type: 'RollingUpdate', rollingUpdate: { podUpdatePolicy: 'InPlaceIfPossible', maxUnavailable: 2, partition: 0 } },
  ...over,
  status: { ...done, ...status },
});

describe('demo rollout: the next step', () => {
  it.each([
    ['rolls a settled, rested workload to the other image', workload(), 60_000, { image: SECOND, generation: 3 }],
    ['and back', workload({ images: [SECOND] }), 60_000, { image: FIRST, generation: 3 }],
    ['rests first', workload(), 10_000, { wait: 'resting' }],
    ['waits while pods are not updated', workload({}, { updatedReplicas: 6 }), 60_000, { wait: 'rolling' }],
    ['waits while updated pods are not ready', workload({}, { updatedReadyReplicas: 7 }), 60_000, { wait: 'rolling' }],
    ['waits until the controller has seen the generation', workload({}, { observedGeneration: 2 }), 60_000, { wait: 'rolling' }],
    ['partition 0 is no hold', workload({ updateStrategy: { rollingUpdate: { partition: '0%' } } }), 60_000, { image: SECOND, generation: 3 }],
  ])('%s', (_what, read, settledForMs, step) => {
    expect(nextStep(read, settledForMs, 45_000)).toEqual(step);
  });

  it.each([
    ['the workload is gone', null, 'rollout-demo is gone'],
    ['a person set another image', workload({ images: ['nginx:mainline'] }), 'rollout-demo runs nginx:mainline, which the demo did not set'],
    ['a container was added', workload({ images: [FIRST, 'busybox'] }), `rollout-demo runs ${FIRST}, busybox, which the demo did not set`],
    ['it is paused', workload({ updateStrategy: { rollingUpdate: { paused: true } } }), 'rollout-demo is paused or partitioned'],
    ['it is partitioned', workload({ updateStrategy: { rollingUpdate: { partition: 2 } } }), 'rollout-demo is paused or partitioned'],
  ])('stops for good when %s', (_what, read, why) => {
    expect(nextStep(read, 60_000, 45_000)).toEqual({ stop: why });
  });
});

describe('demo rollout against the API', () => {
  let api: RunningApi;
  // Stops a demo loop a failed assertion left running, so Jest can exit.
  const demo = new AbortController();
  beforeAll(async () => {
    api = await startApi();
  }, 90_000);
  afterAll(async () => {
    demo.abort();
    await api?.close();
  });

  const gql = async (query: string) => {
    const response = await fetch(`${api.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as { data?: { workload: { generation: number; images: string[] } | null }; errors?: unknown[] };
  };
  const read = async () => (await gql(`{ workload(kind: CLONE_SET, namespace: "default", name: "rollout-demo") { generation images } }`)).data!.workload!;
  const until = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it('rolls the seeded CloneSet once it has settled, and stops when a person sets an image of their own', async () => {
    const seeded = await read();
    expect(seeded.images).toEqual([FIRST]);
    const said: string[] = [];
    const stopped = runDemoRollout({
      apiUrl: api.url,
      token: ADMIN_TOKEN,
      restMs: 0,
      pollMs: 200,
      log: (line: string) => said.push(line),
      signal: demo.signal,
    });
    await until('the demo rolls to the second image', async () => (await read()).images[0] === SECOND);
    // The demo logs once its mutation has answered, which may be after the image is readable.
    await until('the demo says what it rolled', async () => said.length > 0);
    expect((await read()).generation).toBe(seeded.generation + 1);
    expect(said).toEqual([`rolling default/rollout-demo in place to ${SECOND} (DEMO_ROLLOUT=off to stop)`]);

    const mine = await gql(
      `mutation { setImage(kind: CLONE_SET, namespace: "default", name: "rollout-demo", container: "nginx", image: "nginx:mainline") { generation } }`,
    );
    expect(mine.errors).toBeUndefined();
    await expect(stopped).resolves.toBe('rollout-demo runs nginx:mainline, which the demo did not set');
    expect((await read()).images).toEqual(['nginx:mainline']);
  }, 90_000);
});
