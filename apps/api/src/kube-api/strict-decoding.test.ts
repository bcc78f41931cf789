// Strict decoding reports what kube-apiserver reports, in its words and order, for the bodies of its own
// integration test (test/integration/apiserver/field_validation_test.go, TestFieldValidation): a
// Deployment written in JSON and in YAML, patched by merge, JSON and strategic merge patches, applied.
import { describe, expect, it } from '@jest/globals';
import { parseBodyText } from './request-body.js';
import { INVALID_BODY_JSON_FOUND, invalidBodyJSON } from '../../test/support/field-validation.js';
import { goQuote, strictDecoding, type BodyRole } from './strict-decoding.js';

const DEPLOYMENT = { kind: 'Deployment', version: 'v1' };

const invalidBodyYAML = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: dupename
  name: deploy
  unknownMeta: metaVal
  labels:
    app: nginx
spec:
  unknown1: val1
  unknownDupe: valDupe
  unknownDupe: valDupe2
  paused: true
  paused: false
  selector:
    matchLabels:
      app: nginx
  template:
    metadata:
      labels:
        app: nginx
    spec:
      containers:
      - name: nginx
        image: nginx:latest
        unknownNested: val1
        imagePullPolicy: Always
        imagePullPolicy: Never`;

const stored = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'deploy' }, spec: { selector: { matchLabels: { app: 'nginx' } }, template: { metadata: { labels: { app: 'nginx' } }, spec: { containers: [{ name: 'nginx', image: 'nginx:latest' }] } } } } as const;

function decode(text: string, role: BodyRole, contentType: string, patched?: (body: any) => any) {
  const body = parseBodyText(text, contentType);
  const object = patched ? patched(body.value) : body.value;
  return strictDecoding(object, body, role, DEPLOYMENT);
}

describe('strict decoding, as the apiserver words and orders it', () => {
  it('a JSON create: unknown and repeated fields in the text\'s order, a repeated unknown one once, as unknown', () => {
    const found = decode(invalidBodyJSON('deploy'), 'object', 'application/json');
    const expected = INVALID_BODY_JSON_FOUND;
    expect(found.warnings).toEqual(expected);
    expect(found.refusal).toBe(`Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: ${expected.join(', ')}`);
    // Read as JSON.parse reads it: the last of a repeated key.
    expect(found.object.metadata.name).toBe('deploy');
    expect((found.object as any).spec.paused).toBe(false);
    expect((found.object as any).spec.template.spec.containers[0]).toEqual({ name: 'nginx', image: 'nginx:latest', imagePullPolicy: 'Never' });
  });

  it('a YAML create: go-yaml\'s lines for the repeated keys, then the unknown fields sorted', () => {
    const found = decode(invalidBodyYAML, 'object', 'application/yaml');
    expect(found.refusal).toBe('Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: yaml: unmarshal errors:\n'
      + '  line 5: key "name" already set in map\n  line 12: key "unknownDupe" already set in map\n  line 14: key "paused" already set in map\n'
      + '  line 28: key "imagePullPolicy" already set in map, unknown field "metadata.unknownMeta", unknown field "spec.template.spec.containers[0].unknownNested", '
      + 'unknown field "spec.unknown1", unknown field "spec.unknownDupe"');
    expect(found.warnings).toEqual([
      'line 5: key "name" already set in map', 'line 12: key "unknownDupe" already set in map', 'line 14: key "paused" already set in map',
      'line 28: key "imagePullPolicy" already set in map', 'unknown field "metadata.unknownMeta"', 'unknown field "spec.template.spec.containers[0].unknownNested"',
      'unknown field "spec.unknown1"', 'unknown field "spec.unknownDupe"',
    ]);
  });

  const mergePatchBody = `{
  "spec": {
    "unknown1": "val1",
    "unknownDupe": "valDupe",
    "unknownDupe": "valDupe2",
    "paused": true,
    "paused": false,
    "template": {"spec": {"containers": [{"name": "nginx", "image": "nginx:latest", "unknownNested": "val1", "imagePullPolicy": "Always", "imagePullPolicy": "Never"}]}}
  }
}`;
  const merged = (patch: any) => ({ ...stored, spec: { ...stored.spec, ...patch.spec, template: { ...stored.spec.template, spec: patch.spec.template.spec } } });

  it('a merge patch: the patch\'s repeated keys, then the patched object\'s unknown fields sorted', () => {
    const found = decode(mergePatchBody, 'merge-patch', 'application/merge-patch+json', merged);
    expect(found.warnings).toEqual([
      'duplicate field "spec.unknownDupe"', 'duplicate field "spec.paused"', 'duplicate field "spec.template.spec.containers[0].imagePullPolicy"',
      'unknown field "spec.template.spec.containers[0].unknownNested"', 'unknown field "spec.unknown1"', 'unknown field "spec.unknownDupe"',
    ]);
    expect(found.refusal).toMatch(/strict decoding error: duplicate field "spec\.unknownDupe", duplicate field "spec\.paused", .*, unknown field "spec\.unknownDupe"$/);
  });

  it('a JSON patch: its operations\' unknown and repeated members, then the patched object\'s unknown fields', () => {
    const jsonPatchBody = `[
      {"op": "add", "path": "/spec/unknown1", "value": "val1", "foo":"bar"},
      {"op": "add", "path": "/spec/unknown2", "path": "/spec/unknown3", "value": "val1"},
      {"op": "add", "path": "/spec/paused", "value": true}
    ]`;
    const found = decode(jsonPatchBody, 'json-patch', 'application/json-patch+json', () => ({ ...stored, spec: { ...stored.spec, unknown1: 'val1', unknown3: 'val1', paused: true } }));
    expect(found.warnings).toEqual(['json patch unknown field "[0].foo"', 'json patch duplicate field "[1].path"', 'unknown field "spec.unknown1"', 'unknown field "spec.unknown3"']);
  });

  it('a server-side apply: repeated keys as go-yaml words them, JSON bodies included', () => {
    const applyInvalidBody = `{
		"apiVersion": "apps/v1",
		"kind": "Deployment",
		"metadata": {
			"name": "deploy",
			"labels": {"app": "nginx"}
		},
		"spec": {
			"paused": false,
			"paused": true,
			"selector": {
				"matchLabels": {
					"app": "nginx"
				}
			},
			"template": {
				"metadata": {
					"labels": {
						"app": "nginx"
					}
				},
				"spec": {
					"containers": [{
						"name":  "nginx",
						"image": "nginx:latest",
						"imagePullPolicy": "Never",
						"imagePullPolicy": "Always"
					}]
				}
			}
		}
	}`;
    const found = decode(applyInvalidBody, 'apply', 'application/apply-patch+yaml');
    expect(found.refusal).toBe('error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 10: key "paused" already set in map\n  line 27: key "imagePullPolicy" already set in map');
    expect(found.warnings).toEqual(['line 10: key "paused" already set in map', 'line 27: key "imagePullPolicy" already set in map']);
  });

  it('nothing to say about a well-formed body', () => {
    const found = decode(JSON.stringify(stored), 'object', 'application/json');
    expect(found).toEqual({ object: stored, warnings: [] });
  });

  it('at most 100 findings, the first ones', () => {
    const spec = Array.from({ length: 150 }, (_, i) => `"bogus${i}": 1`).join(', ');
    const found = decode(`{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "d"}, "spec": {${spec}}}`, 'object', 'application/json');
    expect(found.warnings).toHaveLength(100);
    expect(found.warnings[99]).toBe('unknown field "spec.bogus99"');
  });

  it('quotes names as Go does', () => {
    expect(goQuote('spec.a"b\\c')).toBe('"spec.a\\"b\\\\c"');
    expect(goQuote('a\u0000b\nc\u007f')).toBe('"a\\x00b\\nc\\x7f"');
    expect(goQuote('café 名前 \u2028')).toBe('"café 名前 \\u2028"');
  });
});
