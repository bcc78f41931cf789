// Image pulling over GraphQL (docs/image-pull.md): createImagePullJob (operator role, audited, admitted
// with Kruise's rules in its words), the job's progress per node and each node's images, and hostile
// arguments refused with a code and the field they name, never a stack trace. The embedded cluster runs
// on a scaled clock so the NodeImages (30 s after the nodes turned Ready) and the pulls come quickly.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, TestApi, testApiPerFile, eventually } from './support/api-server.js';

let api: TestApi;
const NS = 'pull-gql';
const tokens: Record<string, string> = {};

const CREATE = `mutation($namespace: String!, $name: String!, $image: String!, $nodeNames: [String!], $nodeLabels: JSON, $podLabels: JSON,
  $parallelism: Int, $timeoutSeconds: Int, $completionPolicy: PullCompletionPolicy, $activeDeadlineSeconds: Int, $ttlSecondsAfterFinished: Int) {
  createImagePullJob(namespace: $namespace, name: $name, image: $image, nodeNames: $nodeNames, nodeLabels: $nodeLabels, podLabels: $podLabels,
    parallelism: $parallelism, timeoutSeconds: $timeoutSeconds, completionPolicy: $completionPolicy,
    activeDeadlineSeconds: $activeDeadlineSeconds, ttlSecondsAfterFinished: $ttlSecondsAfterFinished) {
    namespace name image parallelism completionPolicy desired
  }
}`;

const JOB = `query($namespace: String!, $name: String!) {
  imagePullJob(namespace: $namespace, name: $name) {
    desired active succeeded failed message completionTime failedNodes nodes { node image phase progress completionTime jobs }
  }
}`;

testApiPerFile({ FEATURE_GATES: 'ImagePullJobGate=true', CLOCK_MODE: 'scaled', CLOCK_SCALE: '100' }, (started) => (api = started), 60_000);
beforeAll(async () => {
  for (const role of ['viewer', 'operator']) tokens[role] = await api.createToken(`pull-${role}`, role);
  await api.apply(`apiVersion: v1\nkind: Namespace\nmetadata: { name: ${NS} }\n`);
}, 180_000);

describe('createImagePullJob', () => {
  it('an operator creates a job over a node selector; it completes with per-node status, and the node shows the image', async () => {
    const nodes = (await api.graphql<{ nodes: { name: string; zone: string | null }[] }>('{ nodes { name zone } }')).data!.nodes;
    const zoneA = nodes.filter((n) => n.zone === 'zone-a').map((n) => n.name).sort();
    expect(zoneA.length).toBeGreaterThan(0);
    const created = await api.graphql(CREATE, {
      namespace: NS, name: 'warm', image: 'nginx:1.25', nodeLabels: { 'topology.kubernetes.io/zone': 'zone-a' }, parallelism: 2,
      completionPolicy: 'Always', activeDeadlineSeconds: 1200,
    }, { token: tokens.operator });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createImagePullJob).toEqual({ namespace: NS, name: 'warm', image: 'nginx:1.25', parallelism: 2, completionPolicy: 'Always', desired: 0 });

    const done = await eventually(async () => {
      const job = (await api.graphql(JOB, { namespace: NS, name: 'warm' })).data!.imagePullJob;
      return job?.completionTime ? job : undefined;
    }, 30_000, 'the job to complete');
    expect(done).toMatchObject({ desired: zoneA.length, active: 0, succeeded: zoneA.length, failed: 0, message: 'job has completed', failedNodes: [] });
    expect(done.nodes.map((n: { node: string }) => n.node)).toEqual(zoneA);
    for (const n of done.nodes) expect(n).toMatchObject({ image: 'nginx:1.25', phase: 'Succeeded', progress: 100, jobs: [`${NS}/warm`] });

    const node = (await api.graphql(`query($n: String) { nodeImages(node: $n) { node succeeded pulls { image phase } images { names sizeBytes } diskUsedBytes } }`, { n: zoneA[0] })).data!.nodeImages;
    expect(node).toHaveLength(1);
    expect(node[0].pulls).toContainEqual({ image: 'nginx:1.25', phase: 'Succeeded' });
    expect(node[0].images.some((i: { names: string[] }) => i.names.includes('nginx:1.25'))).toBe(true);
    expect(node[0].diskUsedBytes).toBeGreaterThan(0);
    // Without the argument (omitted or null): every node, in the nodes' order.
    for (const query of ['{ nodeImages { node } }', '{ nodeImages(node: null) { node } }']) {
      const all = (await api.graphql(query)).data!.nodeImages.map((n: { node: string }) => n.node);
      expect(all).toEqual(nodes.map((n) => n.name));
    }
  }, 180_000);

  it('is audited with the actor and the created job', async () => {
    const log = await api.graphql(`{ auditLog(first: 50) { edges { node { actorName actorRole action targetKind targetNamespace targetName result } } } }`);
    const rows = log.data!.auditLog.edges.map((e: { node: Record<string, unknown> }) => e.node).filter((r: { action: string }) => r.action === 'createImagePullJob');
    expect(rows[0]).toMatchObject({ actorName: 'pull-operator', actorRole: 'operator', targetKind: 'ImagePullJob', targetNamespace: NS, targetName: 'warm', result: 'ok' });
  });

  it('a viewer may not create one', async () => {
    const res = await api.graphql(CREATE, { namespace: NS, name: 'nope', image: 'nginx' }, { token: tokens.viewer });
    expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  // Hostile arguments: each refused with a code and the field it names; nothing reaches a stack trace.
  const hostile: [string, Record<string, unknown>, string, RegExp][] = [
    ['empty image', { image: '' }, 'spec.image', /image can not be empty/],
    ['upper-case image', { image: 'Nginx' }, 'spec.image', /repository name must be lowercase/],
    ['a 64-hex image', { image: 'a'.repeat(64) }, 'spec.image', /cannot specify 64-byte hexadecimal strings/],
    ['a huge image', { image: `registry.example/${'a'.repeat(100_000)}` }, 'spec.image', /invalid image/],
    ['negative parallelism', { parallelism: -1 }, 'spec.parallelism', /parallelism must be non-negative/],
    ['names and labels together', { nodeNames: ['a'], nodeLabels: { a: 'b' } }, 'nodeNames', /one way/],
    ['labels not an object', { nodeLabels: [1, 2] }, 'nodeLabels', /object of string values/],
    ['label values not strings', { podLabels: { app: 5 } }, 'podLabels', /object of string values/],
    ['a bad label key', { nodeLabels: { 'bad key!': 'x' } }, 'spec.selector', /invalid selector/],
    ['a deadline below the timeout', { timeoutSeconds: 600, activeDeadlineSeconds: 10 }, 'spec.completionPolicy.activeDeadlineSeconds', /greater than pullPolicy.timeoutSeconds/],
    ['Never with a TTL', { completionPolicy: 'Never', ttlSecondsAfterFinished: 5 }, 'spec.completionPolicy', /can only work with Always/],
    ['a bad name', { name: 'Bad_Name' }, 'metadata.name', /./],
  ];
  it.each(hostile)('%s is refused, naming %s', async (_title, args, field, message) => {
    const res = await api.graphql(CREATE, { namespace: NS, name: 'hostile', image: 'nginx', ...args }, { token: tokens.operator });
    expect(res.data?.createImagePullJob ?? null).toBeNull();
    const error = res.errors![0]!;
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(error)).not.toMatch(/\bat .*\.js:\d+/);
    const fields = (error.extensions?.fieldErrors as { field: string; message: string }[] | undefined) ?? [];
    expect(fields.some((f) => f.field.startsWith(field))).toBe(true);
    expect(`${error.message} ${JSON.stringify(fields)}`).toMatch(message);
  });

  it('an Int beyond 32 bits and an unknown enum value are refused cleanly', async () => {
    const big = await api.graphql(CREATE, { namespace: NS, name: 'big', image: 'nginx', parallelism: 2 ** 40 }, { token: tokens.operator });
    expect(big.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const policy = await api.graphql(CREATE, { namespace: NS, name: 'enum', image: 'nginx', completionPolicy: 'Sometimes' }, { token: tokens.operator });
    expect(policy.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('without ImagePullJobGate', () => {
  it('the job is refused in Kruise\'s words', async () => {
    const off = await TestApi.start({});
    try {
      await off.apply(`apiVersion: v1\nkind: Namespace\nmetadata: { name: ${NS} }\n`);
      const res = await off.graphql(CREATE, { namespace: NS, name: 'gated', image: 'nginx' }, { token: ADMIN_TOKEN });
      expect(res.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(res.errors?.[0]?.message).toContain('feature-gate ImagePullJobGate is not enabled');
    } finally {
      await off.close();
    }
  }, 180_000);
});
