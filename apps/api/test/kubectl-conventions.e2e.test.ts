// The apiserver's conventions kubectl users meet every day, against the embedded cluster with real
// kubectl: one server, many commands, kubectl's exact output. Query parameters kubectl sends in one
// spelling only are sent over HTTP directly.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { TokensRepository } from '../src/auth/tokens.repository.js';
import { ADMIN_TOKEN, TestApi, eventually } from './support/api-server.js';
import { kubeHttp } from './support/kube-http.js';
import { findKubectl, Kubectl, tableRows } from './support/kubectl.js';

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);

const POD = `apiVersion: v1
kind: Pod
metadata: {name: solo, namespace: conv-pods}
spec:
  containers: [{name: main, image: nginx:1.27}]
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: conv-apps}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: main, image: nginx:1.27}, {name: side, image: busybox:1.36}]
`;

/** kubectl's table output as rows of cells, cut where the header's columns start (cells may be empty); none when kubectl found nothing. */
function columns(text: string): string[][] {
  const lines = text.split('\n').filter(Boolean);
  if (lines.length === 0) return [];
  const starts = [...lines[0]!.matchAll(/\S+(?: \S+)*/g)].map((m) => m.index);
  return lines.map((line) => starts.map((start, i) => line.slice(start, starts[i + 1]).trim()));
}

beforeAll(async () => {
  const binary = findKubectl();
  api = await TestApi.start({ KUBE_API_PORT: '0' });
  kubectl = new Kubectl(binary, api.kubeUrl(), ADMIN_TOKEN);
  // As against a real cluster, the namespaces come first (a create into a missing one is a 404).
  for (const ns of ['conv-apps', 'conv-events-clone', 'conv-events-asts', 'conv-events-ud', 'conv-pods', 'conv-qos', 'conv-storage', 'conv-storage-clone']) {
    expect((await kubectl.run(['create', 'namespace', ns])).code).toBe(0);
  }
  expect(await kubectl.run(['apply', '-f', '-'], POD)).toMatchObject({ code: 0, stdout: 'pod/solo created\n' });
  expect(await kubectl.run(['apply', '-f', '-'], DEPLOYMENT)).toMatchObject({ code: 0, stdout: 'deployment.apps/web created\n' });
  await eventually(async () => ((await k('get', 'pod', 'solo', '-n', 'conv-pods')).stdout.includes('Running') ? true : undefined), 20_000, 'the pod running');
  await eventually(async () => (JSON.parse((await k('get', 'deployments', 'web', '-n', 'conv-apps', '-o', 'json')).stdout || '{}').status?.availableReplicas === 2 ? true : undefined), 20_000, 'the Deployment available');
}, 180_000);

afterAll(async () => {
  await api?.close();
});

describe('query parameters', () => {
  it('read booleans as the apiserver does: absent, 0 and false (any case) are false, anything else true', async () => {
    const watch = async (value: string) => {
      const res = await kubeHttp(api.kubeUrl(), `/api/v1/namespaces/conv-pods/pods?${value}&timeoutSeconds=1`);
      expect(res.status).toBe(200);
      const first = JSON.parse(res.text.split('\n')[0]!);
      return first.kind === 'PodList' ? 'list' : `${first.type} ${first.object.metadata.name}`;
    };
    expect(await watch('watch=TRUE')).toBe('ADDED solo');
    expect(await watch('watch=True')).toBe('ADDED solo');
    expect(await watch('watch')).toBe('ADDED solo');
    expect(await watch('watch=t')).toBe('ADDED solo');
    expect(await watch('watch=FALSE')).toBe('list');
    expect(await watch('watch=0')).toBe('list');
  });
});

describe('auth can-i and whoami', () => {
  const tokens: Record<string, { secret: string; id: string }> = {};

  beforeAll(async () => {
    for (const [name, role, namespaces] of [['watcher', 'viewer', undefined], ['deployer', 'operator', undefined], ['acker', 'hook-acker', ['team-a', 'team-b']]] as const) {
      const secret = await api.createToken(name, role, namespaces);
      tokens[name] = { secret, id: (await api.app.get(TokensRepository).findByName(name))!.id };
    }
    kubectl.writeConfig(api.kubeUrl(), { admin: ADMIN_TOKEN, ...Object.fromEntries(Object.entries(tokens).map(([name, t]) => [name, t.secret])) });
  });

  const canI = (user: string, ...args: string[]) => k('auth', 'can-i', ...args, '--user', user);

  it('answers yes or no per role, as the Kubernetes API itself decides', async () => {
    expect(await canI('admin', 'create', 'clonesets')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await canI('admin', '*', '*')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await canI('watcher', 'list', 'pods', '-n', 'conv-pods')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await canI('watcher', 'create', 'clonesets')).toEqual({ code: 1, stdout: 'no - role viewer may only read, not create CloneSet objects\n', stderr: '' });
    expect(await canI('deployer', 'delete', 'pods')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await canI('deployer', 'patch', 'clonesets/scale')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect(await canI('deployer', 'create', 'leases')).toEqual({ code: 1, stdout: 'no - role operator may not create Lease objects (they steer the controllers)\n', stderr: '' });
    expect(await canI('deployer', 'delete', 'nodes')).toEqual({
      code: 1, stdout: 'no - role operator may not delete cluster-scoped objects (Node)\n', stderr: "Warning: resource 'nodes' is not namespace scoped\n\n",
    });
    expect(await canI('acker', 'get', 'pods')).toEqual({ code: 1, stdout: 'no - role hook-acker has no access to cluster objects\n', stderr: '' });
    expect(await canI('acker', 'get', '/version')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    // Secrets hold the webhook's certificate: admins only.
    expect(await canI('admin', 'get', 'secrets')).toEqual({ code: 0, stdout: 'yes\n', stderr: '' });
    expect((await canI('watcher', 'get', 'secrets')).code).toBe(1);
    expect(await canI('admin', 'get', 'widgets')).toEqual({
      code: 1, stdout: 'no - no resource "widgets" is served in API group ""\n', stderr: "Warning: the server doesn't have a resource type 'widgets'\n\n",
    });
    // What can-i says is what the next request gets.
    expect((await k('delete', 'node', 'nothing', '--user', 'deployer')).stderr).toContain('role operator may not delete cluster-scoped objects (Node)');
  });

  it('lists a token\'s rules with --list', async () => {
    const viewer = await canI('watcher', '--list');
    expect(viewer.code).toBe(0);
    expect(viewer.stdout).toBe([
      'Resources                                                      Non-Resource URLs   Resource Names   Verbs',
      'selfsubjectreviews.authentication.k8s.io                       []                  []               [create]',
      'selfsubjectaccessreviews.authorization.k8s.io                  []                  []               [create]',
      'selfsubjectrulesreviews.authorization.k8s.io                   []                  []               [create]',
      'events                                                         []                  []               [get list watch]',
      'namespaces                                                     []                  []               [get list watch]',
      'nodes                                                          []                  []               [get list watch]',
      'persistentvolumeclaims                                         []                  []               [get list watch]',
      'persistentvolumes                                              []                  []               [get list watch]',
      'pods                                                           []                  []               [get list watch]',
      'mutatingwebhookconfigurations.admissionregistration.k8s.io     []                  []               [get list watch]',
      'validatingwebhookconfigurations.admissionregistration.k8s.io   []                  []               [get list watch]',
      'customresourcedefinitions.apiextensions.k8s.io                 []                  []               [get list watch]',
      'clonesets.apps.kruise.io                                       []                  []               [get list watch]',
      'containerrecreaterequests.apps.kruise.io                       []                  []               [get list watch]',
      'imagepulljobs.apps.kruise.io                                   []                  []               [get list watch]',
      'nodeimages.apps.kruise.io                                      []                  []               [get list watch]',
      'statefulsets.apps.kruise.io                                    []                  []               [get list watch]',
      'uniteddeployments.apps.kruise.io                               []                  []               [get list watch]',
      'controllerrevisions.apps                                       []                  []               [get list watch]',
      'deployments.apps                                               []                  []               [get list watch]',
      'replicasets.apps                                               []                  []               [get list watch]',
      'statefulsets.apps                                              []                  []               [get list watch]',
      'leases.coordination.k8s.io                                     []                  []               [get list watch]',
      'batchreleases.rollouts.kruise.io                               []                  []               [get list watch]',
      'rollouts.rollouts.kruise.io                                    []                  []               [get list watch]',
      '                                                               [/api/*]            []               [get]',
      '                                                               [/api]              []               [get]',
      '                                                               [/apis/*]           []               [get]',
      '                                                               [/apis]             []               [get]',
      '                                                               [/openapi/*]        []               [get]',
      '                                                               [/openapi]          []               [get]',
      '                                                               [/version/]         []               [get]',
      '                                                               [/version]          []               [get]',
      'namespaces/status                                              []                  []               [get]',
      'nodes/status                                                   []                  []               [get]',
      'persistentvolumeclaims/status                                  []                  []               [get]',
      'persistentvolumes/status                                       []                  []               [get]',
      'pods/status                                                    []                  []               [get]',
      'customresourcedefinitions.apiextensions.k8s.io/status          []                  []               [get]',
      'clonesets.apps.kruise.io/scale                                 []                  []               [get]',
      'clonesets.apps.kruise.io/status                                []                  []               [get]',
      'containerrecreaterequests.apps.kruise.io/status                []                  []               [get]',
      'imagepulljobs.apps.kruise.io/status                            []                  []               [get]',
      'nodeimages.apps.kruise.io/status                               []                  []               [get]',
      'statefulsets.apps.kruise.io/scale                              []                  []               [get]',
      'statefulsets.apps.kruise.io/status                             []                  []               [get]',
      'uniteddeployments.apps.kruise.io/scale                         []                  []               [get]',
      'uniteddeployments.apps.kruise.io/status                        []                  []               [get]',
      'deployments.apps/status                                        []                  []               [get]',
      'replicasets.apps/status                                        []                  []               [get]',
      'statefulsets.apps/scale                                        []                  []               [get]',
      'statefulsets.apps/status                                       []                  []               [get]',
      'batchreleases.rollouts.kruise.io/status                        []                  []               [get]',
      'rollouts.rollouts.kruise.io/status                             []                  []               [get]',
      '',
    ].join('\n'));
    const operator = columns((await canI('deployer', '--list')).stdout);
    expect(operator).toContainEqual(['pods', '[]', '[]', '[create delete get list patch update watch]']);
    expect(operator).toContainEqual(['leases.coordination.k8s.io', '[]', '[]', '[get list watch]']);
    expect(operator).toContainEqual(['nodes', '[]', '[]', '[get list watch]']);
    const acker = columns((await canI('acker', '--list')).stdout);
    expect(acker.filter((r) => r[0] !== '').map((r) => r[0])).toEqual([
      'Resources', 'selfsubjectreviews.authentication.k8s.io', 'selfsubjectaccessreviews.authorization.k8s.io', 'selfsubjectrulesreviews.authorization.k8s.io',
    ]);
  });

  it('says who a token is with whoami', async () => {
    expect(await k('auth', 'whoami', '--user', 'watcher')).toEqual({
      code: 0,
      stdout: ['ATTRIBUTE   VALUE', 'Username    watcher', `UID         ${tokens.watcher!.id}`, 'Groups      [coxswain:viewer system:authenticated]', ''].join('\n'),
      stderr: '',
    });
    expect(columns((await k('auth', 'whoami', '--user', 'acker')).stdout)).toEqual([
      ['ATTRIBUTE', 'VALUE'], ['Username', 'acker'], ['UID', tokens.acker!.id], ['Groups', '[coxswain:hook-acker system:authenticated]'],
      ['Extra: coxswain.io/namespaces', '[team-a team-b]'],
    ]);
  });

  it('serves the reviews in discovery as the apiserver does: cluster-scoped, create only', async () => {
    const rows = columns((await k('api-resources', '--api-group=authorization.k8s.io', '-o', 'wide')).stdout);
    expect(rows.map((r) => r.slice(0, 6))).toEqual([
      ['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND', 'VERBS'],
      ['selfsubjectaccessreviews', '', 'authorization.k8s.io/v1', 'false', 'SelfSubjectAccessReview', 'create'],
      ['selfsubjectrulesreviews', '', 'authorization.k8s.io/v1', 'false', 'SelfSubjectRulesReview', 'create'],
    ]);
    expect((await k('get', 'selfsubjectaccessreviews')).stderr).toBe('Error from server (MethodNotAllowed): the server does not allow this method on the requested resource\n');
  });
});

describe('discovery', () => {
  it('names the built-in kinds by the apiserver\'s short names, and puts its workloads in category all', async () => {
    const res = await k('api-resources');
    expect(res.code).toBe(0);
    const rows = columns(res.stdout);
    expect(rows[0]).toEqual(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND']);
    const shortNames = Object.fromEntries(rows.slice(1).filter((r) => !r[2]!.startsWith('apps.kruise.io/')).map((r) => [`${r[0]} ${r[2]}`, r[1]]));
    expect(shortNames).toMatchObject({
      'pods v1': 'po', 'nodes v1': 'no', 'namespaces v1': 'ns', 'persistentvolumeclaims v1': 'pvc', 'persistentvolumes v1': 'pv', 'events v1': 'ev',
      'deployments apps/v1': 'deploy', 'replicasets apps/v1': 'rs', 'statefulsets apps/v1': 'sts', 'controllerrevisions apps/v1': '',
      'leases coordination.k8s.io/v1': '', 'customresourcedefinitions apiextensions.k8s.io/v1': 'crd,crds',
    });
    const gets = await k('get', 'deploy,rs,po', '-n', 'conv-apps', '-o', 'name');
    expect(gets.stdout.split('\n').filter(Boolean).map((n) => n.replace(/web-[a-z0-9-]+$/, 'web-*'))).toEqual([
      'deployment.apps/web', 'replicaset.apps/web-*', 'pod/web-*', 'pod/web-*',
    ]);
    const all = await k('get', 'all', '-n', 'conv-apps', '-o', 'name');
    expect(all.stdout.split('\n').filter(Boolean).map((n) => n.replace(/web-[a-z0-9-]+$/, 'web-*')).sort()).toEqual([
      'deployment.apps/web', 'pod/web-*', 'pod/web-*', 'replicaset.apps/web-*',
    ]);
  });
});

describe('tables', () => {
  it('print Deployments and ReplicaSets with kubectl\'s columns, wide too', async () => {
    const deploy = tableRows((await k('get', 'deploy', 'web', '-n', 'conv-apps')).stdout);
    expect(deploy).toEqual([['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE'], ['web', '2/2', '2', '2', expect.stringMatching(/^\d+s$/)]]);
    const wide = tableRows((await k('get', 'deploy', '-n', 'conv-apps', '-o', 'wide')).stdout);
    expect(wide[0]).toEqual(['NAME', 'READY', 'UP-TO-DATE', 'AVAILABLE', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
    expect(wide[1]!.slice(5)).toEqual(['main,side', 'nginx:1.27,busybox:1.36', 'app=web']);
    const rs = tableRows((await k('get', 'rs', '-n', 'conv-apps', '-o', 'wide')).stdout);
    expect(rs[0]).toEqual(['NAME', 'DESIRED', 'CURRENT', 'READY', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
    const hash = rs[1]![0]!.slice('web-'.length);
    expect(rs[1]).toEqual([`web-${hash}`, '2', '2', '2', expect.stringMatching(/^\d+s$/), 'main,side', 'nginx:1.27,busybox:1.36', `app=web,pod-template-hash=${hash}`]);
  });
});

describe('events', () => {
  it('name the controller that reported them, as Kruise\'s and kube-controller-manager\'s recorders are named', async () => {
    const seeds = join(import.meta.dirname, 'fixtures', 'seeds');
    for (const [seed, namespace] of [['cloneset-sample', 'conv-events-clone'], ['advanced-statefulset-sample', 'conv-events-asts'], ['uniteddeployment-sample-ud', 'conv-events-ud']]) {
      expect((await k('apply', '-n', namespace!, '-f', join(seeds, `${seed}.yaml`))).code).toBe(0);
    }
    const sources = async () => {
      const res = await k('get', 'events', '-A', '--no-headers', '-o', 'custom-columns=KIND:.involvedObject.kind,SOURCE:.source.component,REPORTER:.reportingComponent');
      return [...new Set(res.stdout.split('\n').filter((line) => line && !line.startsWith('Pod ')).map((line) => line.split(/\s+/).join(' ')))].sort();
    };
    const expected = [
      'CloneSet cloneset-controller cloneset-controller', 'Deployment deployment-controller deployment-controller',
      'ReplicaSet replicaset-controller replicaset-controller', 'StatefulSet statefulset-controller statefulset-controller',
    ];
    await eventually(async () => ((await sources()).length >= expected.length ? true : undefined), 20_000, 'events of every controller');
    expect(await sources()).toEqual(expected);
    const clone = await k('describe', 'clone', 'sample', '-n', 'conv-events-clone');
    expect(clone.stdout).toMatch(/^ {2}Normal {2}SuccessfulCreate {2}\S+ +cloneset-controller {2}succeed to create pod sample-\w+$/m);
    const deploy = await k('describe', 'deploy', 'web', '-n', 'conv-apps');
    expect(deploy.stdout).toMatch(/^ {2}Normal {2}ScalingReplicaSet {2}\S+ +deployment-controller {2}Scaled up replica set web-\w+ from 0 to 2$/m);
  });
});

describe('kubectl explain', () => {
  /** explain's list of fields, as kubectl prints them when nothing has a description. */
  const fields = (list: string[]) => list.map((f) => `  ${f}\n    <no description>\n\n`).join('');

  it('explains the Kruise kinds and the built-in ones from the schemas the server validates against', async () => {
    expect(await k('explain', 'clonesets.spec.updateStrategy')).toEqual({
      code: 0,
      stderr: '',
      stdout: 'GROUP:      apps.kruise.io\nKIND:       CloneSet\nVERSION:    v1alpha1\n\nFIELD: updateStrategy <Object>\n\n\nDESCRIPTION:\n    <empty>\nFIELDS:\n' + fields([
        'inPlaceUpdateStrategy\t<Object>', 'maxSurge\t<Object>', 'maxUnavailable\t<Object>', 'partition\t<Object>', 'paused\t<boolean>',
        'priorityStrategy\t<Object>', 'scatterStrategy\t<[]Object>', 'type\t<string>',
      ]) + '\n',
    });
    expect(await k('explain', 'pods.spec.containers.resources')).toEqual({
      code: 0,
      stderr: '',
      stdout: 'KIND:       Pod\nVERSION:    v1\n\nFIELD: resources <Object>\n\n\nDESCRIPTION:\n    <empty>\nFIELDS:\n' + fields([
        'claims\t<[]Object>', 'limits\t<map[string]Object>', 'requests\t<map[string]Object>',
      ]) + '\n',
    });
    const names = await k('explain', 'crd.spec.names');
    expect(names.stdout).toContain('  kind\t<string> -required-\n');
    const deploy = await k('explain', 'deploy.spec', '--recursive');
    expect(deploy.stdout).toMatch(/^ {2}strategy\t<Object>\n {4}rollingUpdate\t<Object>\n {6}maxSurge\t<Object>\n {6}maxUnavailable\t<Object>\n {4}type\t<string>$/m);
  });
});

describe('new pods', () => {
  const pod = (name: string, resources: string) => `apiVersion: v1
kind: Pod
metadata: {name: ${name}, namespace: conv-qos}
spec:
  containers:
  - name: main
    image: nginx:1.27
    resources: ${resources}
`;

  it('are Pending with their QoS class from the answer to their create on', async () => {
    const created = async (name: string, resources: string) => {
      const res = await kubectl.run(['create', '-f', '-', '-o', 'jsonpath={.status.phase} {.status.qosClass}'], pod(name, resources));
      expect(res.stderr).toBe('');
      return res.stdout;
    };
    expect(await created('best-effort', '{}')).toBe('Pending BestEffort');
    expect(await created('burstable', '{requests: {memory: 64Mi}}')).toBe('Pending Burstable');
    expect(await created('guaranteed', '{limits: {cpu: 250m, memory: 64Mi}}')).toBe('Pending Guaranteed');
    await eventually(async () => ((await k('get', 'pod', 'burstable', '-n', 'conv-qos')).stdout.includes('Running') ? true : undefined), 20_000, 'the pod running');
    expect((await k('describe', 'pod', 'burstable', '-n', 'conv-qos')).stdout).toMatch(/^QoS Class:\s+Burstable$/m);
  });
});

describe('storage', () => {
  const CLAIM = `apiVersion: v1
kind: PersistentVolumeClaim
metadata: {name: data, namespace: conv-storage}
spec:
  accessModes: [ReadWriteOnce]
  storageClassName: standard
  resources: {requests: {storage: 2Gi}}
`;

  it('binds claims to PersistentVolumes the simulator provisions, and deletes a volume with its claim', async () => {
    expect(await kubectl.run(['apply', '-f', '-'], CLAIM)).toMatchObject({ code: 0, stdout: 'persistentvolumeclaim/data created\n' });
    const claims = await eventually(async () => {
      const rows = columns((await k('get', 'pvc', 'data', '-n', 'conv-storage')).stdout);
      return rows[1]?.[1] === 'Bound' ? rows : undefined;
    }, 20_000, 'the claim bound');
    const uid = (await k('get', 'pvc', 'data', '-n', 'conv-storage', '-o', 'jsonpath={.metadata.uid}')).stdout;
    expect(claims).toEqual([
      ['NAME', 'STATUS', 'VOLUME', 'CAPACITY', 'ACCESS MODES', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'AGE'],
      ['data', 'Bound', `pvc-${uid}`, '2Gi', 'RWO', 'standard', '<unset>', expect.stringMatching(/^\d+s$/)],
    ]);
    const volumes = columns((await k('get', 'pv', '-o', 'wide')).stdout);
    expect(volumes).toEqual([
      ['NAME', 'CAPACITY', 'ACCESS MODES', 'RECLAIM POLICY', 'STATUS', 'CLAIM', 'STORAGECLASS', 'VOLUMEATTRIBUTESCLASS', 'REASON', 'AGE', 'VOLUMEMODE'],
      [`pvc-${uid}`, '2Gi', 'RWO', 'Delete', 'Bound', 'conv-storage/data', 'standard', '<unset>', '', expect.stringMatching(/^\d+s$/), 'Filesystem'],
    ]);
    expect((await k('api-resources', '--api-group=', '--namespaced=false')).stdout).toMatch(/^persistentvolumes +pv +v1 +false +PersistentVolume$/m);

    expect((await k('delete', 'pvc', 'data', '-n', 'conv-storage')).stdout).toBe('persistentvolumeclaim "data" deleted\n');
    await eventually(async () => ((await k('get', 'pv')).stderr === 'No resources found\n' ? true : undefined), 20_000, 'the volume deleted');
  });

  it('binds the claims of a CloneSet\'s volumeClaimTemplates', async () => {
    const seed = join(import.meta.dirname, 'fixtures', 'seeds', 'cloneset-sample-data-pvc.yaml');
    expect((await k('apply', '-n', 'conv-storage-clone', '-f', seed)).code).toBe(0);
    const rows = await eventually(async () => {
      const found = columns((await k('get', 'pvc', '-n', 'conv-storage-clone')).stdout).slice(1);
      return found.length === 3 && found.every((r) => r[1] === 'Bound') ? found : undefined;
    }, 20_000, 'three claims bound');
    for (const row of rows) expect(row.slice(3, 5)).toEqual(['20Gi', 'RWO']);
  });
});

describe('pods are simulated', () => {
  it('logs, exec, attach and port-forward say so, after checking the pod exists', async () => {
    const why = "pods in Coxswain's embedded cluster are simulated";
    expect(await k('logs', 'solo', '-n', 'conv-pods')).toEqual({ code: 1, stdout: '', stderr: `Error from server (BadRequest): ${why}: they have no logs\n` });
    expect(await k('exec', 'solo', '-n', 'conv-pods', '--', 'ls')).toEqual({ code: 1, stdout: '', stderr: `Error from server (BadRequest): ${why}: they run no processes to exec into\n` });
    expect(await k('attach', 'solo', '-n', 'conv-pods')).toEqual({
      code: 1, stdout: '', stderr: `If you don't see a command prompt, try pressing enter.\nError from server (BadRequest): ${why}: they run no processes to attach to\n`,
    });
    expect(await k('port-forward', 'solo', '-n', 'conv-pods', '8080:80')).toEqual({ code: 1, stdout: '', stderr: `error: error upgrading connection: ${why}: they listen on no ports to forward\n` });
    const missing = await kubeHttp(api.kubeUrl(), '/api/v1/namespaces/conv-pods/pods/nothing/log');
    expect([missing.status, JSON.parse(missing.text).message]).toEqual([404, 'pods "nothing" not found']);
  });
});
