// Issue 27 item 2: no write stores a field that no schema declares, nor silently loses a key it repeats,
// without a warning or a refusal. Through the real Kubernetes API: kubectl applying a CloneSet with a
// misspelt container field (refused, as kubectl sends fieldValidation=Strict; dropped with a warning under
// --validate=warn), the apiserver's own field-validation bodies over raw HTTP (Strict, Warn, Ignore), and
// hostile bodies (100,000 keys, keys repeated 100 levels deep, NUL in keys): a clear 4xx, never a stack.
import { request } from 'node:https';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { pruneObjectUnknownFields } from '@coxswain/kruise-api';
import { ADMIN_TOKEN, eventually, TestApi, testApiPerFile } from './support/api-server.js';
import { INVALID_BODY_JSON_FOUND, invalidBodyJSON } from './support/field-validation.js';
import { findKubectl, Kubectl } from './support/kubectl.js';

const NS = 'strict';
const SEEDS = join(import.meta.dirname, 'fixtures', 'seeds');

let api: TestApi;
let kubectl: Kubectl;
const k = (...args: string[]) => kubectl.run(args);

interface Answer {
  status: number;
  warnings: string[];
  body: any;
}

/** One request to the Kubernetes API as the admin, with the texts of the answer's Warning headers. */
function kube(method: string, path: string, body?: string, contentType = 'application/json'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${api.kubeUrl()}${path}`, {
      method,
      rejectUnauthorized: false,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': contentType }) },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const header = res.headers.warning;
        // Header values arrive as latin1: their bytes are UTF-8.
        const values = (header === undefined ? [] : Array.isArray(header) ? header : [header]).flatMap((v) => v.split(/,(?=\s*299 )/));
        const warnings = values.map((v) => JSON.parse(Buffer.from(v.trim().replace(/^299 - /, ''), 'latin1').toString('utf8')) as string);
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode!, warnings, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

const DEPLOYMENTS = `/apis/apps/v1/namespaces/${NS}/deployments`;

testApiPerFile({ KUBE_API_PORT: '0' }, (started) => (api = started), 60_000);
beforeAll(async () => {
  kubectl = new Kubectl(findKubectl(), api.kubeUrl(), ADMIN_TOKEN);
  expect((await k('create', 'namespace', NS)).code).toBe(0);
}, 180_000);

describe('kubectl and unknown fields in the built-in types inside a Kruise kind', () => {
  const misspelt = readFileSync(join(SEEDS, 'cloneset-cs-demo.yaml'), 'utf8').replace('name: cs-demo', 'name: misspelt')
    .replace(/(\n( *)image: [^\n]+)/, '$1\n$2imagee: nginx:1.27');

  it('apply refuses a misspelt container field (kubectl validates strictly by default), and nothing is stored', async () => {
    expect(misspelt).toContain('imagee: nginx:1.27');
    const strict = await kubectl.run(['apply', '-n', NS, '-f', '-'], misspelt);
    expect(strict.code).toBe(1);
    expect(strict.stderr.trim()).toBe(
      'Error from server (BadRequest): error when creating "STDIN": CloneSet in version "v1alpha1" cannot be handled as a CloneSet: strict decoding error: unknown field "spec.template.spec.containers[0].imagee"',
    );
    expect((await k('get', 'clone', 'misspelt', '-n', NS)).stderr).toContain('(NotFound)');
  });

  it('--validate=warn drops it with kubectl\'s warning, and the stored object lacks it', async () => {
    const warned = await kubectl.run(['apply', '--validate=warn', '-n', NS, '-f', '-'], misspelt);
    expect(warned.stdout.trim()).toBe('cloneset.apps.kruise.io/misspelt created');
    expect(warned.stderr.trim()).toBe('Warning: unknown field "spec.template.spec.containers[0].imagee"');
    const stored = JSON.parse((await k('get', 'clone', 'misspelt', '-n', NS, '-o', 'json')).stdout);
    expect(stored.spec.template.spec.containers[0]).not.toHaveProperty('imagee');
    expect(stored.spec.template.spec.containers[0].image).toBeDefined();
  });

  it('a field upstream declares and Coxswain does not model round-trips without a word', async () => {
    const pod = `apiVersion: v1\nkind: Pod\nmetadata: {name: declared, namespace: ${NS}}\nspec:\n  hostIPC: false\n  containers:\n  - {name: main, image: "nginx:1.27", stdinOnce: true, tty: true}\n`;
    const created = await kubectl.run(['apply', '-f', '-'], pod);
    expect({ out: created.stdout.trim(), err: created.stderr }).toEqual({ out: 'pod/declared created', err: '' });
    const stored = JSON.parse((await k('get', 'pod', 'declared', '-n', NS, '-o', 'json')).stdout);
    expect(stored.spec.containers[0]).toMatchObject({ stdinOnce: true, tty: true });
  });
});

describe('what the embedded cluster writes itself', () => {
  it('declares every field, so that kubectl edit and replace send nothing back to warn of', async () => {
    // Pods of the CloneSet created above, scheduled and run by the simulated kubelets, with their events.
    await eventually(async () => {
      const pods = (await kube('GET', `/api/v1/namespaces/${NS}/pods?labelSelector=app%3Dcs`)).body.items;
      return pods.length > 0 && pods.every((p: any) => p.status?.phase === 'Running') ? true : undefined;
    }, 30_000, 'running pods');
    const lists = [
      `/api/v1/namespaces/${NS}/pods`, '/api/v1/nodes', '/api/v1/namespaces', `/api/v1/namespaces/${NS}/events`, `/api/v1/namespaces/${NS}/persistentvolumeclaims`,
      '/api/v1/persistentvolumes', `/apis/apps/v1/namespaces/${NS}/controllerrevisions`, `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets`,
      '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases',
      '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
    ];
    const found: string[] = [];
    for (const list of lists) {
      const answer = await kube('GET', list);
      expect({ list, status: answer.status }).toEqual({ list, status: 200 });
      const kind = answer.body.kind.replace(/List$/, '');
      for (const item of answer.body.items) {
        const unknown = pruneObjectUnknownFields({ apiVersion: answer.body.apiVersion, kind, ...item }).unknownFields;
        if (unknown.length > 0) found.push(`${kind} ${item.metadata.name}: ${unknown.join(', ')}`);
      }
    }
    expect(found).toEqual([]);
  });
});

describe('the apiserver\'s field validation bodies over HTTP', () => {
  it('Strict: a 400 listing the unknown and repeated fields in the order of the text', async () => {
    const answer = await kube('POST', `${DEPLOYMENTS}?fieldValidation=Strict`, invalidBodyJSON('strict'));
    expect({ status: answer.status, reason: answer.body.reason }).toEqual({ status: 400, reason: 'BadRequest' });
    expect(answer.body.message).toBe(`Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: ${INVALID_BODY_JSON_FOUND.join(', ')}`);
    expect((await kube('GET', `${DEPLOYMENTS}/strict`)).status).toBe(404);
  });

  it('Warn (the default): a Warning per finding; stored without the unknown fields, with the last of each repeated key', async () => {
    const answer = await kube('POST', DEPLOYMENTS, invalidBodyJSON('warned'));
    expect(answer.status).toBe(201);
    expect(answer.warnings).toEqual(INVALID_BODY_JSON_FOUND);
    const stored = (await kube('GET', `${DEPLOYMENTS}/warned`)).body;
    expect(stored.spec.paused).toBe(false);
    expect(stored.spec).not.toHaveProperty('unknown1');
    expect(stored.metadata).not.toHaveProperty('unknownMeta');
    expect(stored.spec.template.spec.containers[0]).toMatchObject({ imagePullPolicy: 'Never' });
    expect(stored.spec.template.spec.containers[0]).not.toHaveProperty('unknownNested');
  });

  it('Ignore: accepted without a word, the last of each repeated key kept', async () => {
    const answer = await kube('POST', `${DEPLOYMENTS}?fieldValidation=Ignore`, invalidBodyJSON('ignored'));
    expect({ status: answer.status, warnings: answer.warnings }).toEqual({ status: 201, warnings: [] });
    expect(answer.body.metadata.name).toBe('ignored');
    expect(answer.body.spec).not.toHaveProperty('unknownDupe');
  });

  /**
   * kube-apiserver's answer to a patch Strict refuses (handlers/patch.go): 422 Invalid with no kind or
   * name and one cause, the field `patch`, whose value is the patched object's JSON (merge and JSON
   * patches) or the patch as Go prints a map (strategic merge); a create or update gets 400 instead.
   */
  function patchRefusal(answer: Answer): { value: string; refusal: string } {
    expect({ status: answer.status, reason: answer.body.reason, code: answer.body.code }).toEqual({ status: 422, reason: 'Invalid', code: 422 });
    const cause = answer.body.details.causes[0].message as string;
    expect(answer.body.details).toEqual({ causes: [{ reason: 'FieldValueInvalid', field: 'patch', message: cause }] });
    expect(answer.body.message).toBe(` "" is invalid: patch: ${cause}`);
    const match = /^Invalid value: ("(?:[^"\\]|\\.)*"): (strict decoding error: .*)$/s.exec(cause);
    expect(match).not.toBeNull();
    return { value: JSON.parse(match![1]!) as string, refusal: match![2]! };
  }

  it('a merge patch: its repeated keys, then the unknown fields of the result; Strict refuses the patch with 422', async () => {
    const patch = '{"spec": {"paused": true, "paused": false, "bogus": 1, "template": {"spec": {"containers": [{"name": "nginx", "image": "nginx:1", "image": "nginx:2"}]}}}}';
    const strict = await kube('PATCH', `${DEPLOYMENTS}/warned?fieldValidation=Strict`, patch, 'application/merge-patch+json');
    const { value, refusal } = patchRefusal(strict);
    expect(refusal).toBe('strict decoding error: duplicate field "spec.paused", duplicate field "spec.template.spec.containers[0].image", unknown field "spec.bogus"');
    // The value is the patched object, as Go marshals it: keys sorted at every level.
    const patched = JSON.parse(value);
    expect(patched).toMatchObject({ kind: 'Deployment', metadata: { name: 'warned' }, spec: { bogus: 1, paused: false } });
    expect(Object.keys(patched.spec)).toEqual([...Object.keys(patched.spec)].sort());
    expect((await kube('GET', `${DEPLOYMENTS}/warned`)).body.spec.template.spec.containers[0].image).toBe('nginx:latest');
    const warned = await kube('PATCH', `${DEPLOYMENTS}/warned`, patch, 'application/merge-patch+json');
    expect(warned.status).toBe(200);
    expect(warned.warnings).toEqual(['duplicate field "spec.paused"', 'duplicate field "spec.template.spec.containers[0].image"', 'unknown field "spec.bogus"']);
    expect(warned.body.spec.template.spec.containers[0].image).toBe('nginx:2');
  });

  it('a JSON patch: its operations\' unknown and repeated members; Strict refuses the patch with 422', async () => {
    const patch = '[{"op": "replace", "path": "/spec/paused", "value": true, "foo": "bar"}, {"op": "add", "path": "/spec/x", "path": "/spec/minReadySeconds", "value": 1}]';
    const strict = await kube('PATCH', `${DEPLOYMENTS}/warned?fieldValidation=Strict`, patch, 'application/json-patch+json');
    const { value, refusal } = patchRefusal(strict);
    expect(refusal).toBe('strict decoding error: json patch unknown field "[0].foo", json patch duplicate field "[1].path"');
    expect(JSON.parse(value).spec).toMatchObject({ paused: true, minReadySeconds: 1 });
  });

  it('a strategic merge patch: Strict refuses it with 422, the patch printed as Go prints a map', async () => {
    const patch = '{"spec": {"paused": true, "paused": false, "bogus": 1.5, "template": {"spec": {"containers": [{"name": "nginx", "image": "nginx:3", "tty": null}]}}}}';
    const strict = await kube('PATCH', `${DEPLOYMENTS}/warned?fieldValidation=Strict`, patch, 'application/strategic-merge-patch+json');
    const { value, refusal } = patchRefusal(strict);
    expect(value).toBe('map[spec:map[bogus:1.5 paused:false template:map[spec:map[containers:[map[image:nginx:3 name:nginx tty:<nil>]]]]]]');
    expect(refusal).toBe('strict decoding error: duplicate field "spec.paused", unknown field "spec.bogus"');
  });

  it('a merge patch of a Kruise kind is refused alike; a create or update of the same fields stays a 400', async () => {
    const clone = `/apis/apps.kruise.io/v1alpha1/namespaces/${NS}/clonesets`;
    const strict = await kube('PATCH', `${clone}/misspelt?fieldValidation=Strict`, '{"spec": {"updateStrategy": {"paused": true, "pause": true}}}', 'application/merge-patch+json');
    const { value, refusal } = patchRefusal(strict);
    expect(refusal).toBe('strict decoding error: unknown field "spec.updateStrategy.pause"');
    expect(JSON.parse(value)).toMatchObject({ apiVersion: 'apps.kruise.io/v1alpha1', kind: 'CloneSet', spec: { updateStrategy: { pause: true, paused: true } } });
    const current = (await kube('GET', `${clone}/misspelt`)).body;
    const put = await kube('PUT', `${clone}/misspelt?fieldValidation=Strict`, JSON.stringify({ ...current, spec: { ...current.spec, bogus: 1 } }));
    expect({ status: put.status, reason: put.body.reason, message: put.body.message }).toEqual({
      status: 400, reason: 'BadRequest', message: 'CloneSet in version "v1alpha1" cannot be handled as a CloneSet: strict decoding error: unknown field "spec.bogus"',
    });
  });

  it('a server-side apply: the repeated keys as go-yaml words them', async () => {
    const body = '{\n"apiVersion": "apps/v1", "kind": "Deployment",\n"metadata": {"name": "applied"},\n"spec": {\n"paused": false,\n"paused": true,\n'
      + '"selector": {"matchLabels": {"app": "nginx"}}, "template": {"metadata": {"labels": {"app": "nginx"}}, "spec": {"containers": [{"name": "nginx", "image": "nginx:latest"}]}}}}';
    const strict = await kube('PATCH', `${DEPLOYMENTS}/applied?fieldManager=test&fieldValidation=Strict`, body, 'application/apply-patch+yaml');
    expect({ status: strict.status, message: strict.body.message }).toEqual({
      status: 400, message: 'error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 6: key "paused" already set in map',
    });
    const warned = await kube('PATCH', `${DEPLOYMENTS}/applied?fieldManager=test`, body, 'application/apply-patch+yaml');
    expect({ status: warned.status, warnings: warned.warnings, paused: warned.body.spec.paused }).toEqual({ status: 201, warnings: ['line 6: key "paused" already set in map'], paused: true });
  });

  it('a YAML body: go-yaml\'s lines, then the unknown fields', async () => {
    const yaml = `apiVersion: v1\nkind: Namespace\nmetadata:\n  name: yaml-dupes\n  name: yaml-dupes\n  labels: {a: "1"}\nspec:\n  bogus: 1\n`;
    const strict = await kube('POST', '/api/v1/namespaces?fieldValidation=Strict', yaml, 'application/yaml');
    expect({ status: strict.status, message: strict.body.message }).toEqual({
      status: 400,
      message: 'Namespace in version "v1" cannot be handled as a Namespace: strict decoding error: yaml: unmarshal errors:\n  line 5: key "name" already set in map, unknown field "spec.bogus"',
    });
  });
});

describe('hostile bodies: a clear 4xx, no stack trace', () => {
  const pod = (spec: string) => `{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "hostile"}, "spec": {"containers": [{"name": "m", "image": "nginx"}], ${spec}}}`;
  const POD = `/api/v1/namespaces/${NS}/pods`;
  const noStack = (answer: Answer) => expect(JSON.stringify(answer.body)).not.toMatch(/\n\s+at |\.ts:\d+|\.js:\d+/);

  it('100,000 keys: refused under Strict, naming the first 100', async () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `"k${i}": ${i}`).join(',');
    const answer = await kube('POST', `${POD}?fieldValidation=Strict`, pod(`"overhead": {}, ${keys}, "k5": 0`));
    expect(answer.status).toBe(400);
    const listed = answer.body.message.split(': strict decoding error: ')[1].split(', ');
    expect(listed).toHaveLength(100);
    expect(listed[0]).toBe('unknown field "spec.k0"');
    noStack(answer);
  });

  it('100,000 label keys, one repeated: named, and nothing stored', async () => {
    const labels = Array.from({ length: 100_000 }, (_, i) => `"l${i}": "v"`).join(',');
    const body = `{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "labelled", "labels": {${labels}, "l7": "w"}}, "spec": {"containers": [{"name": "m", "image": "nginx"}]}}`;
    const answer = await kube('POST', `${POD}?fieldValidation=Strict`, body);
    expect({ status: answer.status, message: answer.body.message }).toEqual({
      status: 400, message: 'Pod in version "v1" cannot be handled as a Pod: strict decoding error: duplicate field "metadata.labels.l7"',
    });
    expect((await kube('GET', `${POD}/labelled`)).status).toBe(404);
    noStack(answer);
  });

  it('a key repeated 90 levels deep is named by its path; inside an unknown field it is not (the decoder skips it)', async () => {
    let deep = '{"x": 1, "x": 2}';
    for (let i = 0; i < 90; i++) deep = `{"d": ${deep}}`;
    const revisions = `/apis/apps/v1/namespaces/${NS}/controllerrevisions`;
    const answer = await kube('POST', `${revisions}?fieldValidation=Strict`, `{"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": {"name": "deep"}, "revision": 1, "data": ${deep}}`);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`ControllerRevision in version "v1" cannot be handled as a ControllerRevision: strict decoding error: duplicate field "data.${'d.'.repeat(90)}x"`);
    const unknown = await kube('POST', `${revisions}?fieldValidation=Strict`, `{"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": {"name": "deep"}, "revision": 1, "bogus": ${deep}}`);
    expect(unknown.body.message).toMatch(/strict decoding error: unknown field "bogus"$/);
    noStack(answer);
  });

  it('NUL in keys: an unknown field named with Go\'s escape under Strict, a refused key otherwise', async () => {
    const strict = await kube('POST', `${POD}?fieldValidation=Strict`, pod('"a\\u0000b": 1, "a\\u0000b": 2'));
    expect({ status: strict.status, message: strict.body.message }).toEqual({
      status: 400, message: 'Pod in version "v1" cannot be handled as a Pod: strict decoding error: unknown field "spec.a\\x00b"',
    });
    const warned = await kube('POST', POD, pod('"a\\u0000b": 1'));
    expect(warned.warnings).toEqual(['unknown field "spec.a\\x00b"']);
    expect(warned.status).toBe(201);
    const label = await kube('POST', POD, `{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "nul-label", "labels": {"a\\u0000": "v"}}, "spec": {"containers": [{"name": "m", "image": "nginx"}]}}`);
    expect(label.status).toBeGreaterThanOrEqual(400);
    expect(label.status).toBeLessThan(500);
    noStack(strict);
    noStack(label);
  });
});
