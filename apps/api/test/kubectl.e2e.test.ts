// kubectl, a client nobody here wrote, against the Kubernetes API over the embedded cluster: one
// server, many commands. Every output checked here is what kubectl prints against a real cluster.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_TOKEN, TestApi, eventually } from './support/api-server.js';
import { findKubectl, Kubectl, tableRows } from './support/kubectl.js';

const SEEDS = join(import.meta.dirname, 'fixtures', 'seeds');
const seedFiles = readdirSync(SEEDS).filter((f) => f.endsWith('.yaml')).sort();

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);

beforeAll(async () => {
  const binary = findKubectl();
  api = await TestApi.start({ KUBE_API_PORT: '0' });
  kubectl = new Kubectl(binary, api.kubeUrl(), ADMIN_TOKEN);
}, 180_000);

afterAll(async () => {
  await api?.close();
});

/** Polls `kubectl get` until `check` accepts its rows. */
async function eventuallyRows(args: string[], check: (rows: string[][]) => boolean, what: string): Promise<string[][]> {
  return eventually(async () => {
    const res = await k('get', ...args);
    const rows = tableRows(res.stdout);
    return res.code === 0 && check(rows) ? rows : undefined;
  }, 20_000, what);
}

describe('kubectl against the embedded cluster', () => {
  it('talks to the server: version and discovery (aggregated, with short names)', async () => {
    const version = await k('version');
    expect(version.stdout).toContain('Server Version: v1.32.0-coxswain');
    const resources = await k('api-resources', '--api-group=apps.kruise.io');
    expect(resources.code).toBe(0);
    // The versions OpenKruise v1.9 serves: kubectl resolves clone and ud to v1alpha1, asts to v1beta1.
    expect(tableRows(resources.stdout).map((r) => r.slice(0, 3))).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION'], ['clonesets', 'clone', 'apps.kruise.io/v1alpha1'],
      // No short name: the row reads on from the next column (docs/spec/image-pull.md §1.1).
      ['containerrecreaterequests', 'crr', 'apps.kruise.io/v1alpha1'], ['imagepulljobs', 'apps.kruise.io/v1beta1', 'true'],
      ['nodeimages', 'apps.kruise.io/v1beta1', 'false'], ['statefulsets', 'asts', 'apps.kruise.io/v1beta1'],
      ['uniteddeployments', 'ud', 'apps.kruise.io/v1alpha1'],
    ]);
  });

  it('applies every Kruise manifest of the seeds, client-side (created, then configured to the same object) and --server-side', async () => {
    for (const file of seedFiles) {
      const seed = file.replace(/\.yaml$/, '');
      const text = readFileSync(join(SEEDS, file), 'utf8');
      const [, kind, name] = /kind: (\w+)\nmetadata:[\s\S]*?\n {2}name: ([\w-]+)/.exec(text)!;
      const resource = `${kind!.toLowerCase()}.apps.kruise.io/${name}`;
      if (file === 'cloneset-lifecycle-demo.yaml') {
        // The document nests `containers` under template.metadata, which ObjectMeta does not declare: kubectl's
        // strict field validation refuses it (and without it, the pod template would have no containers).
        const res = await k('apply', '-f', join(SEEDS, file));
        expect(res.code).toBe(1);
        expect(res.stderr.trim()).toBe(
          `Error from server (BadRequest): error when creating "${join(SEEDS, file)}": CloneSet in version "v1alpha1" cannot be handled as a CloneSet: strict decoding error: unknown field "spec.template.metadata.containers"`,
        );
        continue;
      }
      // As against a real cluster, the namespaces must exist first (a create into a missing one is a 404).
      for (const namespace of [seed, `ssa-${seed}`]) expect((await k('create', 'namespace', namespace)).code).toBe(0);
      const first = await k('apply', '-n', seed, '-f', join(SEEDS, file));
      expect({ file, out: first.stdout.trim(), err: first.stderr }).toEqual({ file, out: `${resource} created`, err: '' });
      const stored = JSON.parse((await k('get', resource, '-n', seed, '-o', 'json')).stdout);
      // kubectl's three-way merge patch replaces the defaulted containers list, so it reports
      // "configured" as against a cluster with Kruise's webhooks; admission defaults the same list
      // again and nothing is written (a kind without defaulting comes back "unchanged").
      const again = await k('apply', '-n', seed, '-f', join(SEEDS, file));
      expect([`${resource} configured`, `${resource} unchanged`]).toContain(again.stdout.trim());
      const restored = JSON.parse((await k('get', resource, '-n', seed, '-o', 'json')).stdout);
      expect(restored.metadata.generation).toBe(stored.metadata.generation);
      expect(restored.spec).toEqual(stored.spec);
      const serverSide = await k('apply', '--server-side', '-n', `ssa-${seed}`, '-f', join(SEEDS, file));
      expect({ file, out: serverSide.stdout.trim(), err: serverSide.stderr }).toEqual({ file, out: `${resource} serverside-applied`, err: '' });
      const serverSideAgain = await k('apply', '--server-side', '-n', `ssa-${seed}`, '-f', join(SEEDS, file));
      expect({ file, out: serverSideAgain.stdout.trim(), err: serverSideAgain.stderr }).toEqual({ file, out: `${resource} serverside-applied`, err: '' });
    }
  }, 120_000); // 28 kubectl runs, each a process start: about 10 s idle, several times that on a busy machine

  it('gets CloneSets with their CRD printer columns, and -o wide adds containers, images and selector', async () => {
    const rows = await eventuallyRows(['clonesets', '-n', 'cloneset-sample'], (r) => r[1]?.[6] === '5', 'the sample CloneSet with 5 pods');
    expect(rows[0]).toEqual(['NAME', 'DESIRED', 'UPDATED', 'UPDATED_READY', 'UPDATED_AVAILABLE', 'READY', 'TOTAL', 'AGE']);
    expect(rows[1]!.slice(0, 7)).toEqual(['sample', '5', '5', '5', '5', '5', '5']);
    expect(rows[1]![7]).toMatch(/^\d+s$/);
    const wide = tableRows((await k('get', 'clone', 'sample', '-n', 'cloneset-sample', '-o', 'wide')).stdout);
    expect(wide[0]).toEqual(['NAME', 'DESIRED', 'UPDATED', 'UPDATED_READY', 'UPDATED_AVAILABLE', 'READY', 'TOTAL', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
    expect(wide[1]!.slice(8)).toEqual(['nginx', 'nginx:alpine', 'app=sample']);

    const asts = await eventuallyRows(['asts', '-n', 'advanced-statefulset-sample', '-o', 'wide'], (r) => r[1]?.[4] === '3', 'the sample Advanced StatefulSet with 3 ready pods');
    expect(asts[0]).toEqual(['NAME', 'DESIRED', 'CURRENT', 'UPDATED', 'READY', 'AGE', 'CONTAINERS', 'IMAGES']);
    expect(asts[1]).toEqual(['sample', '3', '3', '3', '3', expect.stringMatching(/^\d+s$/), 'main', 'nginx:alpine']);
    const ud = tableRows((await k('get', 'ud', '-n', 'uniteddeployment-sample-ud')).stdout);
    expect(ud[0]).toEqual(['NAME', 'DESIRED', 'CURRENT', 'UPDATED', 'READY', 'AGE']);
    expect(ud[1]![0]).toBe('sample-ud');
  });

  it('gets pods with kubectl\'s columns, wide too', async () => {
    const pods = tableRows((await k('get', 'pods', '-n', 'cloneset-sample')).stdout);
    expect(pods[0]).toEqual(['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect(pods).toHaveLength(6);
    for (const row of pods.slice(1)) expect(row.slice(1, 4)).toEqual(['1/1', 'Running', '0']);
    const wide = tableRows((await k('get', 'po', '-n', 'cloneset-sample', '-o', 'wide')).stdout);
    expect(wide[0]).toEqual(['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES']);
    for (const row of wide.slice(1)) {
      expect(row[5]).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
      expect(row[6]).toMatch(/^sim-/);
      expect(row.slice(7)).toEqual(['<none>', '2/2']);
    }
    const nodes = tableRows((await k('get', 'nodes')).stdout);
    expect(nodes[0]).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
    expect(nodes).toHaveLength(10);
  });

  it('get -w sees every pod of an in-place rollout change', async () => {
    const watch = kubectl.start(['get', 'pods', '-n', 'cloneset-sample', '-w', '--output-watch-events']);
    try {
      await eventually(async () => (tableRows(watch.output()).length >= 6 ? true : undefined), 10_000, 'the initial pod list');
      const names = tableRows(watch.output()).slice(1).map((r) => r[1]!);
      const patch = await k('patch', 'clone', 'sample', '-n', 'cloneset-sample', '--type=merge', '-p',
        '{"spec":{"updateStrategy":{"type":"InPlaceIfPossible"},"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}');
      expect(patch.stdout.trim()).toBe('cloneset.apps.kruise.io/sample patched');
      // Each pod is updated in place: the same name comes back Running with one restart.
      await eventually(async () => {
        const modified = tableRows(watch.output()).filter((r) => r[0] === 'MODIFIED' && r[3] === 'Running' && r[4]?.startsWith('1 ('));
        return names.every((n) => modified.some((r) => r[1] === n)) ? true : undefined;
      }, 30_000, 'every pod restarted in place in the watch');
      const events = tableRows(watch.output()).slice(1);
      expect(events.filter((r) => r[0] === 'ADDED').map((r) => r[1]).sort()).toEqual([...names].sort());
      expect(events.some((r) => r[0] === 'MODIFIED' && r[3] === 'ContainerCreating')).toBe(true);
    } finally {
      watch.stop();
    }
  });

  it('takes the documents\' paused and partition patches through the short name: nothing rolls while paused, then replicas - partition pods', async () => {
    const get = async () => JSON.parse((await k('get', 'clone', 'sample', '-n', 'cloneset-sample', '-o', 'json')).stdout);
    const patched = await k('patch', 'clone', 'sample', '-n', 'cloneset-sample', '--type=merge', '-p', '{"spec":{"updateStrategy":{"paused":true,"partition":3}}}');
    expect(patched.stdout.trim()).toBe('cloneset.apps.kruise.io/sample patched');
    const image = await k('patch', 'clone', 'sample', '-n', 'cloneset-sample', '--type=merge', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:mainline"}]}}}}');
    expect(image.code).toBe(0);
    const paused = await eventually(async () => {
      const object = await get();
      return object.status.observedGeneration === object.metadata.generation && object.status.updateRevision !== object.status.currentRevision ? object : undefined;
    }, 20_000, 'the paused CloneSet observed with its new revision');
    expect(paused.apiVersion).toBe('apps.kruise.io/v1alpha1');
    expect(paused.spec.updateStrategy).toMatchObject({ type: 'InPlaceIfPossible', paused: true, partition: 3 });
    expect(paused.status).toMatchObject({ replicas: 5, updatedReplicas: 0, expectedUpdatedReplicas: 2 });
    const images = async () => JSON.parse((await k('get', 'pods', '-n', 'cloneset-sample', '-o', 'json')).stdout).items.map((p: any) => p.spec.containers[0].image);
    expect(await images()).toEqual(Array(5).fill('nginx:1.27'));

    await k('patch', 'clone', 'sample', '-n', 'cloneset-sample', '--type=merge', '-p', '{"spec":{"updateStrategy":{"paused":false}}}');
    const rolled = await eventually(async () => {
      const object = await get();
      return object.status.observedGeneration === object.metadata.generation && object.status.updatedReadyReplicas === 2 ? object : undefined;
    }, 30_000, 'the unpaused CloneSet with 2 updated ready pods');
    expect(rolled.status).toMatchObject({ replicas: 5, updatedReplicas: 2, expectedUpdatedReplicas: 2 });
    expect((await images()).sort()).toEqual(['nginx:1.27', 'nginx:1.27', 'nginx:1.27', 'nginx:mainline', 'nginx:mainline']);
  });

  it('scales', async () => {
    const res = await k('scale', 'clone', 'sample', '-n', 'cloneset-sample', '--replicas=3');
    expect(res.stdout.trim()).toBe('cloneset.apps.kruise.io/sample scaled');
    await eventuallyRows(['pods', '-n', 'cloneset-sample'], (r) => r.length === 4, '3 pods');
    const scale = JSON.parse((await k('get', '--raw', '/apis/apps.kruise.io/v1alpha1/namespaces/cloneset-sample/clonesets/sample/scale')).stdout);
    expect(scale).toMatchObject({ kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 3 }, status: { selector: 'app=sample' } });
  });

  it('patches with --type=merge and --type=json, and answers 415 for a strategic merge patch of a CloneSet', async () => {
    expect((await k('patch', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '--type=merge', '-p', '{"metadata":{"labels":{"tier":"web"}}}')).stdout.trim())
      .toBe('cloneset.apps.kruise.io/cs-demo patched');
    expect((await k('patch', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '--type=json', '-p', '[{"op":"replace","path":"/spec/replicas","value":1}]')).stdout.trim())
      .toBe('cloneset.apps.kruise.io/cs-demo patched');
    const object = JSON.parse((await k('get', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '-o', 'json')).stdout);
    expect(object.metadata.labels).toEqual({ tier: 'web' });
    expect(object.spec.replicas).toBe(1);
    const strategic = await k('patch', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '-p', '{"spec":{"replicas":2}}');
    expect(strategic.code).toBe(1);
    expect(strategic.stderr.trim()).toBe(
      'error: application/strategic-merge-patch+json is not supported by apps.kruise.io/v1alpha1, Kind=CloneSet: the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
    );
    // Built-in kinds take strategic merge patches: containers merge by name.
    const pod = JSON.parse((await k('get', 'pods', '-n', 'cloneset-cs-demo', '-o', 'json')).stdout).items[0];
    const smp = await k('patch', 'pod', pod.metadata.name, '-n', 'cloneset-cs-demo', '-p', '{"metadata":{"labels":{"checked":"yes"}},"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}');
    expect({ out: smp.stdout.trim(), err: smp.stderr.trim() }).toEqual({ out: `pod/${pod.metadata.name} patched`, err: "" });
    const after = JSON.parse((await k('get', 'pod', pod.metadata.name, '-n', 'cloneset-cs-demo', '-o', 'json')).stdout);
    expect(after.metadata.labels.checked).toBe('yes');
    expect(after.spec.containers).toHaveLength(1);
    expect(after.spec.containers[0]).toMatchObject({ name: 'nginx', image: 'nginx:1.28', ports: [{ containerPort: 80 }] });
  });

  it('prints NotFound, Conflict and Invalid (with the field) as against a real cluster', async () => {
    const missing = await k('get', 'clone', 'nope', '-n', 'cloneset-cs-demo');
    expect(missing.stderr.trim()).toBe('Error from server (NotFound): clonesets.apps.kruise.io "nope" not found');
    const stale = JSON.parse((await k('get', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '-o', 'json')).stdout);
    await k('patch', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '--type=merge', '-p', '{"metadata":{"labels":{"moved":"on"}}}');
    const conflict = await kubectl.run(['replace', '-f', '-'], JSON.stringify(stale));
    expect(conflict.stderr.trim()).toBe(
      'Error from server (Conflict): error when replacing "STDIN": Operation cannot be fulfilled on clonesets.apps.kruise.io "cs-demo": the object has been modified; please apply your changes to the latest version and try again',
    );
    const invalid = await k('patch', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '--type=merge', '-p', '{"spec":{"replicas":-1}}');
    expect(invalid.code).toBe(1);
    expect(invalid.stderr.trim()).toMatch(/^The CloneSet "cs-demo" is invalid: spec\.replicas: Invalid value: -1: /);
  });

  it('refuses a create into a namespace that does not exist, as a real cluster does', async () => {
    const manifest = readFileSync(join(SEEDS, 'cloneset-cs-demo.yaml'), 'utf8').replace('name: cs-demo', 'name: homeless');
    const missing = await kubectl.run(['apply', '-n', 'no-such-namespace', '-f', '-'], manifest);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('Error from server (NotFound): error when creating "STDIN": namespaces "no-such-namespace" not found');
    expect((await k('get', 'namespace', 'no-such-namespace')).stderr).toContain('(NotFound)');
  });

  it('never keeps an unknown field silently: apply refuses it (kubectl sends Strict), --validate=warn drops it with a warning', async () => {
    const manifest = readFileSync(join(SEEDS, 'cloneset-cs-demo.yaml'), 'utf8').replace('name: cs-demo', 'name: unknown-fields')
      .replace(/\nspec:\n/, '\nspec:\n  bogus: 1\n');
    const strict = await kubectl.run(['apply', '-n', 'cloneset-cs-demo', '-f', '-'], manifest);
    expect(strict.code).toBe(1);
    expect(strict.stderr.trim()).toBe(
      'Error from server (BadRequest): error when creating "STDIN": CloneSet in version "v1alpha1" cannot be handled as a CloneSet: strict decoding error: unknown field "spec.bogus"',
    );
    expect((await k('get', 'clone', 'unknown-fields', '-n', 'cloneset-cs-demo')).stderr).toContain('(NotFound)');
    const warned = await kubectl.run(['apply', '--validate=warn', '-n', 'cloneset-cs-demo', '-f', '-'], manifest);
    expect(warned.stdout.trim()).toBe('cloneset.apps.kruise.io/unknown-fields created');
    expect(warned.stderr.trim()).toBe('Warning: unknown field "spec.bogus"');
    const stored = JSON.parse((await k('get', 'clone', 'unknown-fields', '-n', 'cloneset-cs-demo', '-o', 'json')).stdout);
    expect(stored.spec).not.toHaveProperty('bogus');
    // The v1beta1 shape patched into the v1alpha1 object (kubectl patch sends no fieldValidation: Warn):
    // dropped with a warning, and nothing changes.
    const misplaced = await k('patch', 'clone', 'unknown-fields', '-n', 'cloneset-cs-demo', '--type=merge', '-p', '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":2}}}}');
    expect(misplaced.stderr.trim()).toBe('Warning: unknown field "spec.updateStrategy.rollingUpdate"');
    const after = JSON.parse((await k('get', 'clone', 'unknown-fields', '-n', 'cloneset-cs-demo', '-o', 'json')).stdout);
    expect(after.metadata.generation).toBe(stored.metadata.generation);
    expect(after.spec.updateStrategy).not.toHaveProperty('rollingUpdate');
    await k('delete', 'clone', 'unknown-fields', '-n', 'cloneset-cs-demo');
  });

  it('--dry-run=server validates and answers without storing', async () => {
    const manifest = readFileSync(join(SEEDS, 'cloneset-cs-demo.yaml'), 'utf8').replace('name: cs-demo', 'name: dry');
    const create = await kubectl.run(['apply', '--dry-run=server', '-n', 'cloneset-cs-demo', '-f', '-'], manifest);
    expect(create.stdout.trim()).toBe('cloneset.apps.kruise.io/dry created (server dry run)');
    expect((await k('get', 'clone', 'dry', '-n', 'cloneset-cs-demo')).stderr).toContain('(NotFound)');
    const scale = await k('scale', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '--replicas=4', '--dry-run=server');
    expect(scale.stdout.trim()).toBe('cloneset.apps.kruise.io/cs-demo scaled (server dry run)');
    expect(JSON.parse((await k('get', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '-o', 'json')).stdout).spec.replicas).toBe(1);
    const bad = await kubectl.run(['apply', '--dry-run=server', '-n', 'cloneset-cs-demo', '-f', '-'], manifest.replace('replicas: 3', 'replicas: -3'));
    expect(bad.stderr.trim()).toMatch(/^The CloneSet "dry" is invalid: spec\.replicas: Invalid value: -3/);
  });

  it('describes a CloneSet (with its events) and a pod', async () => {
    const cs = await k('describe', 'clone', 'sample', '-n', 'cloneset-sample');
    expect(cs.code).toBe(0);
    expect(cs.stdout).toMatch(/^Name:\s+sample$/m);
    expect(cs.stdout).toMatch(/^Kind:\s+CloneSet$/m);
    expect(cs.stdout).toMatch(/^Events:/m);
    expect(cs.stdout).toMatch(/Normal\s+SuccessfulCreate\s+\S+\s+cloneset-controller\s+succeed to create pod sample-/);
    const pod = JSON.parse((await k('get', 'pods', '-n', 'cloneset-sample', '-o', 'json')).stdout).items[0];
    const described = await k('describe', 'pod', pod.metadata.name, '-n', 'cloneset-sample');
    expect(described.stdout).toMatch(new RegExp(`^Name:\\s+${pod.metadata.name}$`, 'm'));
    expect(described.stdout).toMatch(/^Status:\s+Running$/m);
    expect(described.stdout).toMatch(/^Controlled By:\s+CloneSet\/sample$/m);
  });

  it('delete waits for finalizers', async () => {
    await k('patch', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '--type=merge', '-p', '{"metadata":{"finalizers":["example.io/hold"]}}');
    const del = kubectl.start(['delete', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo']);
    await eventually(async () => {
      const object = JSON.parse((await k('get', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '-o', 'json')).stdout);
      return object.metadata.deletionTimestamp ? true : undefined;
    }, 10_000, 'the CloneSet marked for deletion');
    await new Promise((r) => setTimeout(r, 1000));
    let exited = false;
    void del.exited().then(() => (exited = true));
    expect(exited).toBe(false);
    await k('patch', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo', '--type=json', '-p', '[{"op":"remove","path":"/metadata/finalizers"}]');
    expect(await del.exited()).toBe(0);
    expect(del.output().trim()).toBe('cloneset.apps.kruise.io "cs-demo" deleted');
    expect((await k('get', 'clone', 'cs-demo', '-n', 'cloneset-cs-demo')).stderr).toContain('(NotFound)');
  });

  it('uses the API tokens and their roles, and every change lands in the audit log with the token', async () => {
    kubectl.writeConfig(api.kubeUrl(), { admin: ADMIN_TOKEN, watcher: await api.createToken('watcher', 'viewer'), stranger: 'not-a-token-at-all-0000' });
    expect((await k('get', 'clone', 'sample', '-n', 'cloneset-sample', '--user', 'watcher')).code).toBe(0);
    const forbidden = await k('delete', 'clone', 'sample', '-n', 'cloneset-sample', '--user', 'watcher');
    expect(forbidden.stderr.trim()).toBe(
      'Error from server (Forbidden): clonesets.apps.kruise.io "sample" is forbidden: User "watcher" cannot delete resource "clonesets" in API group "apps.kruise.io" in the namespace "cloneset-sample": role viewer may only read, not delete CloneSet objects',
    );
    const stranger = await k('get', 'pods', '--user', 'stranger');
    expect(stranger.stderr).toContain('error: You must be logged in to the server (Unauthorized)');

    const log = await api.graphql<{ auditLog: { edges: { node: Record<string, any> }[] } }>(
      `{ auditLog(namespace: "cloneset-sample", first: 50) { edges { node { action actorName actorRole targetKind targetName result before after } } } }`,
    );
    const rows = log.data!.auditLog.edges.map((e) => e.node);
    expect(rows.find((r) => r.action === 'kube.delete')).toMatchObject({ actorName: 'watcher', actorRole: 'viewer', result: 'Forbidden', targetKind: 'CloneSet', targetName: 'sample' });
    expect(rows.find((r) => r.action === 'kube.patch.scale')).toMatchObject({
      actorName: 'local-admin', result: 'ok', targetKind: 'CloneSet', targetName: 'sample', before: { 'spec.replicas': 5 }, after: { 'spec.replicas': 3 },
    });
  });
});
