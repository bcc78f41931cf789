// ImagePullJob, NodeImage and ContainerRecreateRequest over the Kubernetes API with real kubectl
// (docs/spec/image-pull.md §1.1, §2): discovery as OpenKruise v1.9's CRDs give it (`crr`, NodeImage
// cluster-scoped, ImagePullJob preferring v1beta1), Kruise's printer columns per version, the webhooks'
// defaults and refusals in Kruise's words, and a CRR created against a running pod (which the CRR
// controller and the embedded cluster's kruise-daemon then carry out: docs/container-restart.md). The
// ImagePullJob's status is its controller's; the NodeImage is a fake one (no such node, so no daemon
// answers it and the NodeImage controller keeps it) whose status is written here by hand.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, TestApi, testApiPerFile, eventually } from './support/api-server.js';
import { findKubectl, Kubectl, tableRows } from './support/kubectl.js';

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);
const NS = 'pull';

const JOB = `apiVersion: apps.kruise.io/v1beta1
kind: ImagePullJob
metadata: {name: warm, namespace: ${NS}}
spec:
  image: nginx:1.27
  parallelism: 2
  selector: {matchLabels: {topology.kubernetes.io/zone: zone-a}}
  completionPolicy: {type: Always, activeDeadlineSeconds: 1200, ttlSecondsAfterFinished: 300}
`;

const NODE_IMAGE = `apiVersion: apps.kruise.io/v1alpha1
kind: NodeImage
metadata: {name: spare-node, labels: {apps.kruise.io/fake-nodeimage: ""}}
spec:
  images:
    nginx:
      tags:
      - {tag: "1.27", version: 0, pullPolicy: {ttlSecondsAfterFinished: 600}}
`;

const POD = `apiVersion: v1
kind: Pod
metadata: {name: web-0, namespace: ${NS}}
spec:
  terminationGracePeriodSeconds: 45
  containers: [{name: app, image: nginx:1.27}, {name: side, image: busybox:1.36}]
`;

const CRR = `apiVersion: apps.kruise.io/v1alpha1
kind: ContainerRecreateRequest
metadata: {name: restart-web-0, namespace: ${NS}}
spec:
  podName: web-0
  containers: [{name: app}]
  strategy: {orderedRecreate: true}
  ttlSecondsAfterFinished: 1800
`;

testApiPerFile({ KUBE_API_PORT: '0', FEATURE_GATES: 'ImagePullJobGate=true' }, (started) => (api = started), 60_000);
beforeAll(async () => {
  kubectl = new Kubectl(findKubectl(), api.kubeUrl(), ADMIN_TOKEN);
  expect((await k('create', 'namespace', NS)).code).toBe(0);
}, 180_000);

describe('discovery', () => {
  it('serves the three kinds as OpenKruise v1.9\'s CRDs do', async () => {
    const rows = tableRows((await k('api-resources', '--api-group=apps.kruise.io')).stdout);
    const byName = Object.fromEntries(rows.slice(1).map((r) => [r[0], r.slice(1)]));
    expect(byName['imagepulljobs']).toEqual(['apps.kruise.io/v1beta1', 'true', 'ImagePullJob']);
    expect(byName['nodeimages']).toEqual(['apps.kruise.io/v1beta1', 'false', 'NodeImage']);
    expect(byName['containerrecreaterequests']).toEqual(['crr', 'apps.kruise.io/v1alpha1', 'true', 'ContainerRecreateRequest']);
    const crds = (await k('get', 'crd', '-o', 'name')).stdout;
    for (const name of ['imagepulljobs', 'nodeimages', 'containerrecreaterequests']) expect(crds).toContain(`customresourcedefinition.apiextensions.k8s.io/${name}.apps.kruise.io`);
  });
});

describe('ImagePullJob', () => {
  it('is defaulted as Kruise\'s webhook does, and listed with its printer columns', async () => {
    expect(await kubectl.run(['apply', '-f', '-'], JOB)).toMatchObject({ code: 0, stdout: 'imagepulljob.apps.kruise.io/warm created\n' });
    const job = JSON.parse((await k('get', 'imagepulljob', 'warm', '-n', NS, '-o', 'json')).stdout);
    expect(job.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(job.spec).toMatchObject({ pullPolicy: { timeoutSeconds: 600, backoffLimit: 3 }, imagePullPolicy: 'IfNotPresent' });
    // The controller writes the status (docs/spec/image-pull.md §3.4) while it pulls; the columns show it
    // (read until a table and the object agree, since both move).
    const [status, table, alpha] = await eventually(async () => {
      const current = JSON.parse((await k('get', 'imagepulljob', 'warm', '-n', NS, '-o', 'json')).stdout).status;
      if (typeof current?.message !== 'string') return undefined;
      const beta = tableRows((await k('get', 'imagepulljobs', '-n', NS)).stdout);
      const old = tableRows((await k('get', 'imagepulljobs.v1alpha1.apps.kruise.io', '-n', NS)).stdout);
      const again = JSON.parse((await k('get', 'imagepulljob', 'warm', '-n', NS, '-o', 'json')).stdout).status;
      return JSON.stringify(again) === JSON.stringify(current) ? [current, beta, old] as const : undefined;
    }, 30_000, 'a steady status');
    const counts = [status.desired, status.active, status.succeeded, status.failed].map(String);
    expect(table).toEqual([
      ['NAME', 'TOTAL', 'ACTIVE', 'SUCCEED', 'FAILED', 'AGE'],
      ['warm', ...counts, expect.stringMatching(/^\d+s$/)],
    ]);
    expect(alpha[0]).toEqual(['NAME', 'TOTAL', 'ACTIVE', 'SUCCEED', 'FAILED', 'AGE', 'MESSAGE']);
    expect(alpha[1]!.slice(0, 5)).toEqual(['warm', ...counts]);
    expect(alpha[1]!.slice(6).join(' ')).toBe(status.message);
  });

  it('is refused in Kruise\'s words, each rule naming its field', async () => {
    const bad = JOB.replace('name: warm', 'name: bad').replace('parallelism: 2', 'parallelism: "50%"').replace('image: nginx:1.27', 'image: Nginx');
    const res = await kubectl.run(['apply', '-f', '-'], bad);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('spec.image: Invalid value: "Nginx": invalid image Nginx: invalid reference format: repository name must be lowercase');
    expect(res.stderr).toContain('spec.parallelism: Invalid value: "50%": parallelism does not support percentage value');
    const secrets = await k('patch', 'imagepulljob', 'warm', '-n', NS, '--type=merge', '-p', '{"spec":{"pullSecrets":["registry"]}}');
    expect(secrets.stderr).toContain('spec.pullSecrets: Forbidden: spec.pullSecrets is immutable');
  });
});

describe('NodeImage', () => {
  it('is cluster-scoped, stored as v1beta1 with its tags defaulted, and listed with its printer columns', async () => {
    expect(await kubectl.run(['apply', '-f', '-'], NODE_IMAGE)).toMatchObject({ code: 0, stdout: 'nodeimage.apps.kruise.io/spare-node created\n' });
    const stored = JSON.parse((await k('get', 'nodeimage', 'spare-node', '-o', 'json')).stdout);
    expect(stored.apiVersion).toBe('apps.kruise.io/v1beta1');
    expect(stored.metadata.namespace).toBeUndefined();
    expect(stored.spec.images.nginx.tags[0]).toMatchObject({ tag: '1.27', createdAt: expect.any(String), pullPolicy: { ttlSecondsAfterFinished: 600, timeoutSeconds: 600, backoffLimit: 3 } });
    await k('patch', 'nodeimage', 'spare-node', '--subresource=status', '--type=merge', '-p', '{"status":{"desired":1,"pulling":1,"succeeded":0,"failed":0}}');
    expect(tableRows((await k('get', 'nodeimages', 'spare-node')).stdout)).toEqual([
      ['NAME', 'DESIRED', 'PULLING', 'SUCCEED', 'FAILED', 'AGE'],
      ['spare-node', '1', '1', '0', '0', expect.stringMatching(/^\d+s$/)],
    ]);
    const bad = await kubectl.run(['apply', '-f', '-'], NODE_IMAGE.replace('spare-node', 'other-node').replace(', pullPolicy: {ttlSecondsAfterFinished: 600}', ''));
    expect(bad.stderr).toContain('spec.images[nginx].tags[0].pullPolicy.ttlSecondsAfterFinished: Required value: pullPolicy.ttlSecondsAfterFinished for nginx/1.27 must set');
  });
});

describe('ContainerRecreateRequest', () => {
  it('is created against a running pod, gets its context injected, and is listed as crr', async () => {
    expect((await kubectl.run(['apply', '-f', '-'], POD)).code).toBe(0);
    const pod = await eventually(async () => {
      const p = JSON.parse((await k('get', 'pod', 'web-0', '-n', NS, '-o', 'json')).stdout || '{}');
      return p.status?.containerStatuses?.every((s: { containerID?: string }) => s.containerID) ? p : undefined;
    }, 20_000, 'the pod running');
    // The object as admission stored it (the controller and the embedded kruise-daemon act on it at once).
    const created = await kubectl.run(['create', '-f', '-', '-o', 'json'], CRR);
    expect(created.code).toBe(0);
    const crr = JSON.parse(created.stdout);
    const app = pod.status.containerStatuses.find((s: { name: string }) => s.name === 'app');
    expect(crr.metadata.labels).toEqual({
      'crr.apps.kruise.io/active': 'true', 'crr.apps.kruise.io/node-name': pod.spec.nodeName, 'crr.apps.kruise.io/pod-uid': pod.metadata.uid,
    });
    expect(crr.spec.strategy).toEqual({ failurePolicy: 'Fail', orderedRecreate: true, terminationGracePeriodSeconds: 45 });
    expect(crr.spec.containers).toEqual([{ name: 'app', statusContext: { containerID: app.containerID, restartCount: app.restartCount } }]);
    const rows = await eventually(async () => {
      const table = tableRows((await k('get', 'crr', '-n', NS)).stdout);
      return table[1]?.[1] === 'Completed' ? table : undefined;
    }, 20_000, 'the request completed');
    expect(rows).toEqual([
      ['NAME', 'PHASE', 'POD', 'NODE', 'AGE'],
      ['restart-web-0', 'Completed', 'web-0', pod.spec.nodeName, expect.stringMatching(/^\d+s$/)],
    ]);
  });

  it('refuses a container the pod lacks, fields clients may not write, and any change of its spec', async () => {
    const bad = CRR.replace('restart-web-0', 'bad').replace('containers: [{name: app}]', 'containers: [{name: db}, {name: side, statusContext: {containerID: x, restartCount: 0}}]');
    const res = await kubectl.run(['apply', '-f', '-'], bad);
    expect(res.stderr).toContain('spec.containers[0].name: Not found: "db": container db not found in Pod');
    expect(res.stderr).toContain('spec.containers[1].statusContext: Forbidden: preStop, ports, statusContext in container are ready-only fields');
    const changed = await k('patch', 'crr', 'restart-web-0', '-n', NS, '--type=merge', '-p', '{"spec":{"ttlSecondsAfterFinished":5}}');
    expect(changed.stderr).toContain('spec: Forbidden: spec of ContainerRecreateRequest is immutable');
  });
});
