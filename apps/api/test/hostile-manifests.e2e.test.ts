// Issue 13, the manifests and mutations that crashed, hung or poisoned the server, each over real HTTP:
// refused at admission with Kubernetes field errors (BAD_USER_INPUT), nothing half-written, the server
// still healthy, and a restart on the same data still starting.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually, TestApi, type GraphQLResponse } from './support/api-server.js';

const APPLY = `mutation($yaml: String!, $dryRun: Boolean) { applyManifest(yaml: $yaml, dryRun: $dryRun) { kind namespace name action } }`;
const OBJECT = `query($kind: String!, $ns: String, $name: String!) { object(kind: $kind, namespace: $ns, name: $name) { generation resourceVersion object } }`;

const cloneSet = (name: string, spec: string, namespace = 'hostile') => `
apiVersion: apps.kruise.io/v1beta1
kind: CloneSet
metadata: { name: ${name}, namespace: ${namespace} }
spec:
  replicas: 1
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name} } }
    spec:
      containers: [{ name: main, image: "nginx:1.25" }]
${spec}`;

const dataDir = mkdtempSync(join(tmpdir(), 'coxswain-hostile-'));
let api: TestApi;

// Not testApiPerFile: restart() replaces the server, and the one to close at the end is the newest.
beforeAll(async () => {
  api = await TestApi.start({ PGLITE_DIR: dataDir });
}, 180_000);
afterAll(async () => {
  await api?.close();
});

function apply(yaml: string, dryRun = false): Promise<GraphQLResponse> {
  return api.graphql(APPLY, { yaml, dryRun });
}

/** The refusal of `yaml`: BAD_USER_INPUT naming the fields, no stack text. */
async function refused(yaml: string): Promise<{ message: string; fields: string[] }> {
  const res = await apply(yaml);
  expect(res.data ?? null).toBeNull();
  const error = res.errors?.[0];
  expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(JSON.stringify(res)).not.toMatch(/call stack|\bat [\w.]+ \(|TypeError|RangeError/);
  return { message: error!.message, fields: (error!.extensions!.fieldErrors as { field: string }[]).map((f) => f.field) };
}

async function stored(kind: string, name: string, ns: string | null = 'hostile') {
  const res = await api.graphql<{ object: { generation: number; resourceVersion: string; object: any } | null }>(OBJECT, { kind, ns, name });
  expect(res.errors).toBeUndefined();
  return res.data!.object;
}

async function restart(): Promise<void> {
  await api.close();
  api = await TestApi.start({ PGLITE_DIR: dataDir });
  expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
  expect((await api.graphql('{ me { name } }')).data).toEqual({ me: { name: 'local-admin' } });
}

describe('objects that killed the server (items 1, 2)', () => {
  it.each([
    ['a Pod with image: 5', 'apiVersion: v1\nkind: Pod\nmetadata: { name: p5, namespace: hostile }\nspec: {containers: [{name: m, image: 5}]}\n', ['spec.containers[0].image'], 'Pod "p5" is invalid: spec.containers[0].image: Invalid value: 5: must be a string'],
    ['a Node with status {conditions: "x", allocatable: "y"}', 'apiVersion: v1\nkind: Node\nmetadata: { name: bad-node }\nstatus: {conditions: "x", allocatable: "y"}\n', ['status.conditions', 'status.allocatable'], 'must be a list'],
    ['a Node with spec {taints: "x"}', 'apiVersion: v1\nkind: Node\nmetadata: { name: bad-node }\nspec: {taints: "x"}\n', ['spec.taints'], 'spec.taints: Invalid value: "x": must be a list'],
    ['a raw Pod with status.conditions: "x"', 'apiVersion: v1\nkind: Pod\nmetadata: { name: pc, namespace: hostile }\nspec: {containers: [{name: m, image: nginx}]}\nstatus: {conditions: "x"}\n', ['status.conditions'], 'status.conditions: Invalid value: "x": must be a list'],
  ])('%s is refused with a field error, and nothing is stored', async (_what, yaml, fields, message) => {
    const refusal = await refused(yaml);
    expect(refusal.fields).toEqual(fields);
    expect(refusal.message).toContain(message);
    expect(await stored('pods', 'p5')).toBeNull();
    expect(await stored('nodes', 'bad-node', null)).toBeNull();
    const nodes = await api.graphql<{ nodes: { name: string }[] }>('{ nodes { name ready } }');
    expect(nodes.errors).toBeUndefined();
    expect(nodes.data!.nodes).toHaveLength(9);
  });

  it('a restart on the same data still starts', async () => {
    await restart();
  });
});

describe('workloads with spec: null (issue 14 item 7)', () => {
  it.each([
    ['apps.kruise.io/v1beta1', 'CloneSet', 'clonesets'],
    ['apps.kruise.io/v1alpha1', 'CloneSet', 'clonesets'],
    ['apps.kruise.io/v1beta1', 'StatefulSet', 'statefulsets.apps.kruise.io'],
    ['apps.kruise.io/v1alpha1', 'UnitedDeployment', 'uniteddeployments'],
    ['apps.kruise.io/v1beta1', 'UnitedDeployment', 'uniteddeployments'],
    ['apps/v1', 'StatefulSet', 'statefulsets.apps'],
    ['apps/v1', 'Deployment', 'deployments'],
    ['apps/v1', 'ReplicaSet', 'replicasets'],
  ])('%s %s is refused naming spec, and nothing is stored', async (apiVersion, kind, resource) => {
    const refusal = await refused(`apiVersion: ${apiVersion}\nkind: ${kind}\nmetadata: { name: nothing, namespace: hostile }\nspec: null\n`);
    expect(refusal.fields[0]).toMatch(/^spec\b/);
    expect(await stored(resource, 'nothing')).toBeNull();
  });
});

describe('replicas (item 3)', () => {
  it('refuses values beyond int32 as Kubernetes does', async () => {
    for (const replicas of ['2147483648', '1e20', '-1']) {
      const refusal = await refused(cloneSet('big', '').replace('replicas: 1', `replicas: ${replicas}`));
      expect(refusal.fields).toEqual(['spec.replicas']);
    }
    expect(await stored('clonesets', 'big')).toBeNull();
  });
});

describe('unstorable text (item 5)', () => {
  it('refuses NUL and lone surrogates anywhere, and never fails the writes sent alongside', async () => {
    const bad = [
      'apiVersion: v1\nkind: Pod\nmetadata: { name: nul, namespace: hostile, labels: { "a\\0": x } }\nspec: {containers: [{name: m, image: nginx}]}\n',
      'apiVersion: v1\nkind: Pod\nmetadata: { name: nul, namespace: hostile, annotations: { note: "x\\0y" } }\nspec: {containers: [{name: m, image: nginx}]}\n',
      'apiVersion: v1\nkind: Pod\nmetadata: { name: nul, namespace: hostile }\nspec: {containers: [{name: m, image: "nginx\\ud800"}]}\n',
    ];
    const good = Array.from({ length: 12 }, (_, i) => `apiVersion: v1\nkind: Pod\nmetadata: { name: ok-${i}, namespace: hostile }\nspec: {containers: [{name: m, image: nginx}]}\n`);
    const answers = await Promise.all([...good, ...bad].map((yaml) => apply(yaml)));
    expect(answers.slice(0, good.length).map((a) => a.errors)).toEqual(good.map(() => undefined));
    for (const answer of answers.slice(good.length)) {
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.message).toMatch(/must not contain NUL|lone surrogate/);
    }
    expect(await stored('pods', 'nul')).toBeNull();
  });
});

describe('all or none (item 7)', () => {
  it('a later document failing at the write leaves the earlier one as it was, and watchers see nothing', async () => {
    expect((await apply(cloneSet('steady', ''))).errors).toBeUndefined();
    const before = (await stored('clonesets', 'steady'))!;
    const events: unknown[] = [];
    const client = api.ws();
    const unsubscribe = client.subscribe(
      { query: `subscription { objectChanged(kind: "clonesets", namespace: "hostile") { type object { name generation } } }` },
      { next: (event) => void events.push(event), error: () => {}, complete: () => {} },
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      const thief = `apiVersion: v1\nkind: Pod\nmetadata: { name: thief, namespace: hostile, uid: "${before.object.metadata.uid}" }\nspec: {containers: [{name: m, image: nginx}]}\nstatus: {phase: Running}\n`;
      const res = await apply(`${cloneSet('steady', '').replace('nginx:1.25', 'nginx:1.27')}---\n${thief}`);
      expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', documentIndex: 1 });
      await new Promise((r) => setTimeout(r, 500));
      // Status writes of the controller may come; a spec change (generation 2) never may.
      const generations = events.map((e) => (e as { data: { objectChanged: { object: { name: string; generation: number } } } }).data.objectChanged.object)
        .filter((o) => o.name === 'steady').map((o) => o.generation);
      expect(generations.filter((g) => g !== before.generation)).toEqual([]);
      const after = (await stored('clonesets', 'steady'))!;
      expect(after.generation).toBe(before.generation);
      expect(after.object.spec.template.spec.containers[0].image).toBe('nginx:1.25');
      expect(await stored('pods', 'thief')).toBeNull();
    } finally {
      unsubscribe();
      await client.dispose();
    }
  });
});

describe('type validation gaps (item 8)', () => {
  it.each([
    ['updateStrategy: "x"', '  updateStrategy: "x"\n', 'spec.updateStrategy'],
    ['lifecycle: "x"', '  lifecycle: "x"\n', 'spec.lifecycle'],
    ['paused: "yes"', '  updateStrategy: { rollingUpdate: { paused: "yes" } }\n', 'spec.updateStrategy.rollingUpdate.paused'],
    ['minReadySeconds: "x"', '  minReadySeconds: "x"\n', 'spec.minReadySeconds'],
    ['maxSurge: -1', '  updateStrategy: { rollingUpdate: { maxSurge: -1 } }\n', 'spec.updateStrategy.rollingUpdate.maxSurge'],
    ['partition "-10%"', '  updateStrategy: { rollingUpdate: { partition: "-10%" } }\n', 'spec.updateStrategy.rollingUpdate.partition'],
    ['partition "5.5%"', '  updateStrategy: { rollingUpdate: { partition: "5.5%" } }\n', 'spec.updateStrategy.rollingUpdate.partition'],
    ['partition "1e2%"', '  updateStrategy: { rollingUpdate: { partition: "1e2%" } }\n', 'spec.updateStrategy.rollingUpdate.partition'],
    ['partition "99999999999%"', '  updateStrategy: { rollingUpdate: { partition: "99999999999%" } }\n', 'spec.updateStrategy.rollingUpdate.partition'],
  ])('refuses %s', async (_what, spec, field) => {
    expect((await refused(cloneSet('gap', spec))).fields).toEqual([field]);
  });

  it.each([
    ['volumes: "x"', (y: string) => y.replace('containers:', 'volumes: "x"\n      containers:'), 'spec.template.spec.volumes'],
    ['template annotations {a: true}', (y: string) => y.replace('metadata: { labels: { app: gap } }', 'metadata: { labels: { app: gap }, annotations: { a: true } }'), 'spec.template.metadata.annotations[a]'],
    ['image: 5', (y: string) => y.replace('image: "nginx:1.25"', 'image: 5'), 'spec.template.spec.containers[0].image'],
    ['image: ["a"]', (y: string) => y.replace('image: "nginx:1.25"', 'image: ["a"]'), 'spec.template.spec.containers[0].image'],
    ['ports: "x"', (y: string) => y.replace('image: "nginx:1.25"', 'image: "nginx:1.25", ports: "x"'), 'spec.template.spec.containers[0].ports'],
    ['readinessProbe: "x"', (y: string) => y.replace('image: "nginx:1.25"', 'image: "nginx:1.25", readinessProbe: "x"'), 'spec.template.spec.containers[0].readinessProbe'],
  ])('refuses %s in a CloneSet template as BAD_USER_INPUT', async (_what, edit, field) => {
    expect((await refused(edit(cloneSet('gap', '')))).fields).toEqual([field]);
  });

  it('refuses deeply nested env, very deep YAML and a self-referencing alias with a clear error', async () => {
    let nested = 'x';
    for (let i = 0; i < 300; i++) nested = `{ n: ${nested} }`;
    const env = await refused(cloneSet('gap', '').replace('image: "nginx:1.25"', `image: "nginx:1.25", env: [{ name: A, valueFrom: ${nested} }]`));
    expect(env.message).toMatch(/nests deeper than 100 levels/);
    const deep = await refused(`apiVersion: v1\nkind: Namespace\nmetadata: { name: deep }\nspec: ${'['.repeat(5000)}${']'.repeat(5000)}\n`);
    expect(deep.message).toBe('document 1 (line 4): the document nests deeper than 100 levels');
    const alias = await refused('apiVersion: v1\nkind: Namespace\nmetadata: { name: loop }\nspec: &s\n  again: *s\n');
    expect(alias.message).toMatch(/the alias \*s refers to a node that contains it/);
  });

  it.each([['"150%"'], ['2147483648'], ['1e20'], ['"5.5%"']])('setPartition(%s) is BAD_USER_INPUT and changes nothing', async (partition) => {
    expect((await apply(cloneSet('parted', ''))).errors).toBeUndefined();
    const before = await stored('clonesets', 'parted');
    const res = await api.graphql(`mutation($p: IntOrPercent!) { setPartition(kind: CLONE_SET, namespace: "hostile", name: "parted", partition: $p) { generation } }`, { p: JSON.parse(partition) });
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const after = (await stored('clonesets', 'parted'))!;
    expect(after.generation).toBe(before!.generation);
    expect(after.object.spec).toEqual(before!.object.spec);
  });
});

describe('applyManifest answers (item 9)', () => {
  it('dryRun answers exactly what the apply then does', async () => {
    expect((await apply(`${cloneSet('same', '')}---\n${cloneSet('moved', '')}`)).errors).toBeUndefined();
    const manifest = `${cloneSet('same', '')}---\n${cloneSet('moved', '').replace('nginx:1.25', 'nginx:1.27')}---\n${cloneSet('fresh', '')}`;
    const dry = await apply(manifest, true);
    expect(dry.errors).toBeUndefined();
    expect(dry.data!.applyManifest.map((a: { name: string; action: string }) => `${a.name} ${a.action}`)).toEqual(['same unchanged', 'moved configured', 'fresh created']);
    expect(await stored('clonesets', 'fresh')).toBeNull();
    const real = await apply(manifest);
    expect(real.data!.applyManifest).toEqual(dry.data!.applyManifest);
  });

  it('refuses two documents for one object, and unknown YAML tags', async () => {
    const twice = await refused(`${cloneSet('twice', '')}---\n${cloneSet('twice', '').replace('nginx:1.25', 'nginx:1.27')}`);
    expect(twice.message).toContain('document 1 already applies this CloneSet');
    expect(await stored('clonesets', 'twice')).toBeNull();
    const tagged = await refused('apiVersion: v1\nkind: Namespace\nmetadata: { name: tagged }\nspec: !!python/object:os.system { a: 1 }\n');
    expect(tagged.message).toMatch(/unknown YAML tag !!python\/object:os\.system/);
  });
});

describe('unknown fields (issue 27 item 2)', () => {
  const PATCH = `mutation($kind: String!, $ns: String, $name: String!, $p: JSON!, $v: FieldValidation) { patchObject(kind: $kind, namespace: $ns, name: $name, patch: $p, fieldValidation: $v) { generation object } }`;

  it('applyManifest refuses a field the kind does not declare, naming it, and writes nothing of the manifest', async () => {
    const yaml = `${cloneSet('uf-ok', '')}\n---\n${cloneSet('uf-bad', '  updateStrategy: { type: RollingUpdate, paused: true, partition: 3 }\n  bogus: 1')}`;
    const { message, fields } = await refused(yaml);
    expect(fields).toEqual(['spec.updateStrategy.paused', 'spec.updateStrategy.partition', 'spec.bogus']);
    expect(message).toContain('CloneSet apps.kruise.io/v1beta1 does not declare "spec.updateStrategy.paused"');
    expect(await stored('CloneSet', 'uf-ok')).toBeNull();
    expect(await stored('CloneSet', 'uf-bad')).toBeNull();
  });

  it('applyManifest with fieldValidation: IGNORE drops them and writes the rest', async () => {
    const res = await api.graphql(`mutation($yaml: String!) { applyManifest(yaml: $yaml, fieldValidation: IGNORE) { name action } }`,
      { yaml: cloneSet('uf-lenient', '  updateStrategy: { type: RollingUpdate, paused: true, rollingUpdate: { partition: 1 } }') });
    expect(res.errors).toBeUndefined();
    const object = (await stored('CloneSet', 'uf-lenient'))!.object;
    expect(object.spec.updateStrategy.rollingUpdate.partition).toBe(1);
    expect(object.spec.updateStrategy).not.toHaveProperty('paused');
  });

  it('applyManifest refuses an unknown field of a built-in type at any depth, inside a Kruise kind too', async () => {
    const inTemplate = cloneSet('uf-template', '').replace('image: "nginx:1.25" }', 'image: "nginx:1.25", imagee: "nginx:1.27" }');
    const pod = 'apiVersion: v1\nkind: Pod\nmetadata: { name: uf-pod, namespace: hostile }\nspec:\n  hostIPC: false\n  bogus: 1\n  containers: [{ name: main, image: "nginx:1.25", stdinOnce: true }]\n';
    const { message, fields } = await refused(`${inTemplate}\n---\n${pod}`);
    expect(fields).toEqual(['spec.template.spec.containers[0].imagee']);
    expect(message).toBe('CloneSet apps.kruise.io/v1beta1 does not declare "spec.template.spec.containers[0].imagee" (pass fieldValidation: IGNORE to drop unknown fields)');
    expect((await refused(pod)).fields).toEqual(['spec.bogus']);
    expect(await stored('Pod', 'uf-pod')).toBeNull();
  });

  it('applyManifest refuses a key the manifest repeats, naming it; IGNORE keeps the last of each', async () => {
    const twice = cloneSet('uf-twice', '  minReadySeconds: 1\n  minReadySeconds: 2\n  bogus: 1');
    const { message, fields } = await refused(twice);
    expect(fields).toEqual(['spec.bogus', 'spec.minReadySeconds']);
    expect(message).toBe('CloneSet apps.kruise.io/v1beta1 does not declare "spec.bogus" and repeats "spec.minReadySeconds" (pass fieldValidation: IGNORE to drop unknown fields and keep the last of each repeated one)');
    expect(await stored('CloneSet', 'uf-twice')).toBeNull();
    const res = await api.graphql(`mutation($yaml: String!) { applyManifest(yaml: $yaml, fieldValidation: IGNORE) { name } }`, { yaml: twice });
    expect(res.errors).toBeUndefined();
    const object = (await stored('CloneSet', 'uf-twice'))!.object;
    expect(object.spec.minReadySeconds).toBe(2);
    expect(object.spec).not.toHaveProperty('bogus');
  });

  it('patchObject reads the patch in the stored version: the v1alpha1 paused is refused, v1beta1\'s rollingUpdate.paused is taken', async () => {
    const wrong = await api.graphql(PATCH, { kind: 'CloneSet', ns: 'hostile', name: 'uf-lenient', p: { spec: { updateStrategy: { paused: true } } } });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', fieldErrors: [{ field: 'patch.spec.updateStrategy.paused', message: 'unknown field' }] });
    const before = (await stored('CloneSet', 'uf-lenient'))!;
    const right = await api.graphql<{ patchObject: { generation: number; object: any } }>(PATCH, { kind: 'CloneSet', ns: 'hostile', name: 'uf-lenient', p: { spec: { updateStrategy: { rollingUpdate: { paused: true } } } } });
    expect(right.errors).toBeUndefined();
    expect(right.data!.patchObject.generation).toBe(before.generation + 1);
    expect(right.data!.patchObject.object.spec.updateStrategy.rollingUpdate.paused).toBe(true);
    const ignored = await api.graphql<{ patchObject: { generation: number; object: any } }>(PATCH, { kind: 'CloneSet', ns: 'hostile', name: 'uf-lenient', p: { spec: { bogus: 1 } }, v: 'IGNORE' });
    expect(ignored.data!.patchObject.generation).toBe(before.generation + 1);
    expect(ignored.data!.patchObject.object.spec).not.toHaveProperty('bogus');
  });
});
