// One scripted run of what an SRE does first, through each real client nobody here wrote (issue 27 item 7):
// kubectl 1.32 (the machine's), Debian's kubectl 1.20 (legacy discovery, OpenAPI v2 as protobuf;
// scripts/ensure-legacy-kubectl.mjs unpacks it) and @kubernetes/client-node. docs/kubectl.md has the
// table of what works per client; each row of it is a step here.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { KubeConfig, KubernetesObjectApi, PatchStrategy, Watch, type KubernetesObject } from '@kubernetes/client-node';
import { ADMIN_TOKEN, TestApi, testApiPerFile, eventually } from './support/api-server.js';
import { findKubectl, Kubectl, tableRows } from './support/kubectl.js';

const SEEDS = join(import.meta.dirname, 'fixtures', 'seeds');
const LEGACY_KUBECTL = join(import.meta.dirname, '..', '..', '..', '.data', 'tools', 'kubernetes-client', 'usr', 'bin', 'kubectl');

let api: TestApi;

testApiPerFile({ KUBE_API_PORT: '0' }, (started) => (api = started), 60_000);

function legacyKubectl(): string {
  if (!existsSync(LEGACY_KUBECTL)) throw new Error(`no ${LEGACY_KUBECTL}: run node scripts/ensure-legacy-kubectl.mjs (the test command does)`);
  return LEGACY_KUBECTL;
}

const KUBECTLS: [string, () => string][] = [['kubectl (the machine\'s, 1.27+)', findKubectl], ['kubectl 1.20 (Debian kubernetes-client)', legacyKubectl]];

describe.each(KUBECTLS)('%s', (label, binary) => {
  const ns = label.includes('1.20') ? 'compat-legacy' : 'compat-current';
  let kubectl: Kubectl;
  const k = (...args: string[]) => kubectl.run(['-n', ns, ...args]);
  const object = async () => JSON.parse((await k('get', 'clone', 'cs-demo', '-o', 'json')).stdout);

  beforeAll(() => {
    kubectl = new Kubectl(binary(), api.kubeUrl(), ADMIN_TOKEN);
  });

  it('discovers the Kruise kinds in OpenKruise v1.9\'s versions', async () => {
    const resources = await kubectl.run(['api-resources', '--api-group=apps.kruise.io']);
    expect(tableRows(resources.stdout).map((r) => r.slice(0, 3))).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION'], ['clonesets', 'clone', 'apps.kruise.io/v1alpha1'],
      // No short name: the row reads on from the next column (docs/spec/image-pull.md §1.1).
      ['containerrecreaterequests', 'crr', 'apps.kruise.io/v1alpha1'], ['imagepulljobs', 'apps.kruise.io/v1beta1', 'true'],
      ['nodeimages', 'apps.kruise.io/v1beta1', 'false'],
      ['statefulsets', 'asts', 'apps.kruise.io/v1beta1'], ['uniteddeployments', 'ud', 'apps.kruise.io/v1alpha1'],
    ]);
  });

  it('applies the documents\' CloneSet (validating) and gets it with its printer columns', async () => {
    await api.apply(`apiVersion: v1\nkind: Namespace\nmetadata: { name: ${ns} }\n`);
    const applied = await k('apply', '-f', join(SEEDS, 'cloneset-cs-demo.yaml'));
    expect({ out: applied.stdout.trim(), err: applied.stderr }).toEqual({ out: 'cloneset.apps.kruise.io/cs-demo created', err: '' });
    const rows = await eventually(async () => {
      const r = tableRows((await k('get', 'clone')).stdout);
      return r[1]?.[5] === '3' ? r : undefined;
    }, 30_000, 'cs-demo with 3 ready pods');
    expect(rows[0]).toEqual(['NAME', 'DESIRED', 'UPDATED', 'UPDATED_READY', 'UPDATED_AVAILABLE', 'READY', 'TOTAL', 'AGE']);
    expect((await object()).apiVersion).toBe('apps.kruise.io/v1alpha1');
  });

  it('pauses with a partition by merge patch, then rolls replicas - partition pods', async () => {
    expect((await k('patch', 'clone', 'cs-demo', '--type=merge', '-p', '{"spec":{"updateStrategy":{"paused":true,"partition":2}}}')).stdout.trim()).toBe('cloneset.apps.kruise.io/cs-demo patched');
    expect((await k('patch', 'clone', 'cs-demo', '--type=json', '-p', '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"nginx:mainline"}]')).code).toBe(0);
    const paused = await eventually(async () => {
      const o = await object();
      return o.status.observedGeneration === o.metadata.generation && o.status.updateRevision !== o.status.currentRevision ? o : undefined;
    }, 30_000, 'the paused CloneSet observed');
    expect(paused.status).toMatchObject({ updatedReplicas: 0, expectedUpdatedReplicas: 1 });
    await k('patch', 'clone', 'cs-demo', '--type=merge', '-p', '{"spec":{"updateStrategy":{"paused":false}}}');
    await eventually(async () => ((await object()).status.updatedReadyReplicas === 1 ? true : undefined), 30_000, 'one pod updated');
  });

  it('scales, lists pods with kubectl\'s columns, describes, and deletes', async () => {
    expect((await k('scale', 'clone', 'cs-demo', '--replicas=2')).stdout.trim()).toBe('cloneset.apps.kruise.io/cs-demo scaled');
    const pods = await eventually(async () => {
      const r = tableRows((await k('get', 'pods')).stdout);
      return r.length === 3 ? r : undefined;
    }, 30_000, '2 pods');
    expect(pods[0]).toEqual(['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE']);
    expect((await k('describe', 'clone', 'cs-demo')).stdout).toMatch(/^Kind:\s+CloneSet$/m);
    expect((await k('delete', 'clone', 'cs-demo')).stdout.trim()).toBe('cloneset.apps.kruise.io "cs-demo" deleted');
    expect((await k('get', 'clone', 'cs-demo')).stderr).toContain('(NotFound)');
  });
});

describe('@kubernetes/client-node', () => {
  const ns = 'compat-client-node';
  let kc: KubeConfig;
  let client: KubernetesObjectApi;
  const ref = { apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', metadata: { name: 'cs-demo', namespace: ns } };

  beforeAll(async () => {
    kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'c', server: api.kubeUrl(), skipTLSVerify: true }],
      users: [{ name: 'u', token: ADMIN_TOKEN }],
      contexts: [{ name: 'x', cluster: 'c', user: 'u', namespace: ns }],
      currentContext: 'x',
    });
    client = KubernetesObjectApi.makeApiClient(kc);
    await client.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } });
  });

  it('creates, reads, merge-patches and lists through KubernetesObjectApi, and watches', async () => {
    const { parseAllDocuments } = await import('yaml');
    const manifest = parseAllDocuments(readFileSync(join(SEEDS, 'cloneset-cs-demo.yaml'), 'utf8'))[0]!.toJS() as KubernetesObject;
    const events: string[] = [];
    const watch = await new Watch(kc).watch(`/apis/apps.kruise.io/v1alpha1/namespaces/${ns}/clonesets`, {}, (type) => events.push(type), () => {});
    try {
      await client.create({ ...manifest, metadata: { ...manifest.metadata, namespace: ns } });
      const read = await client.read<KubernetesObject & { spec: any }>(ref);
      expect(read.apiVersion).toBe('apps.kruise.io/v1alpha1');
      expect(read.spec.updateStrategy).toMatchObject({ type: 'ReCreate', partition: 0, maxUnavailable: '20%' });
      const patched = await client.patch<KubernetesObject & { spec: any }>({ ...ref, spec: { updateStrategy: { partition: 2 } } }, undefined, undefined, undefined, undefined, PatchStrategy.MergePatch);
      expect(patched.spec.updateStrategy.partition).toBe(2);
      const pods = await eventually(async () => {
        const list = await client.list('v1', 'Pod', ns);
        return list.items.length === 3 ? list.items : undefined;
      }, 30_000, '3 pods');
      expect(pods.every((p) => p.metadata?.ownerReferences?.[0]?.kind === 'CloneSet')).toBe(true);
      await eventually(async () => (events.includes('ADDED') && events.includes('MODIFIED') ? true : undefined), 10_000, 'ADDED and MODIFIED watch events');
    } finally {
      watch.abort();
    }
  });
});
