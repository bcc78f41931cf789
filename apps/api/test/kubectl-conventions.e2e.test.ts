// The apiserver's conventions kubectl users meet every day, against the embedded cluster with real
// kubectl: one server, many commands, kubectl's exact output. Query parameters kubectl sends in one
// spelling only are sent over HTTP directly.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_TOKEN, TestApi, eventually } from './support/api-server.js';
import { kubeHttp } from './support/kube-http.js';
import { findKubectl, Kubectl } from './support/kubectl.js';

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);

const POD = `apiVersion: v1
kind: Pod
metadata: {name: solo, namespace: conv-pods}
spec:
  containers: [{name: main, image: nginx:1.27}]
`;

beforeAll(async () => {
  const binary = findKubectl();
  api = await TestApi.start({ KUBE_API_PORT: '0' });
  kubectl = new Kubectl(binary, api.kubeUrl(), ADMIN_TOKEN);
  expect(await kubectl.run(['apply', '-f', '-'], POD)).toMatchObject({ code: 0, stdout: 'pod/solo created\n' });
  await eventually(async () => ((await k('get', 'pod', 'solo', '-n', 'conv-pods')).stdout.includes('Running') ? true : undefined), 20_000, 'the pod running');
}, 60_000);

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
