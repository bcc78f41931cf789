import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { formatFieldError } from '../src/field-errors.js';
import { kindsWithoutSchema, validateObjectSchema } from '../src/kind-schemas.js';
import { MAX_FIELD_ERRORS, MAX_OBJECT_DEPTH, storableText, unstorableTextProblem, validateSchema } from '../src/object-schema.js';
import { parseManifests } from '../src/yaml.js';
import { closedObject, json, MEMO_GENERATION } from '../src/object-schema.js';

type Loose = Record<string, any>;

function pod(edit: (p: Loose) => void = () => {}): Loose {
  const p: Loose = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web', namespace: 'shop', labels: { app: 'web' } },
    spec: { containers: [{ name: 'm', image: 'nginx:1.25', ports: [{ containerPort: 80 }] }] },
  };
  edit(p);
  return p;
}

function node(edit: (n: Loose) => void = () => {}): Loose {
  const n: Loose = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'n1' },
    spec: { taints: [{ key: 'k', effect: 'NoSchedule' }] },
    status: { conditions: [{ type: 'Ready', status: 'True' }], allocatable: { pods: '110', cpu: 4 } },
  };
  edit(n);
  return n;
}

function cloneSet(apiVersion: 'v1alpha1' | 'v1beta1', edit: (spec: Loose, cs: Loose) => void = () => {}): Loose {
  const cs: Loose = {
    apiVersion: `apps.kruise.io/${apiVersion}`,
    kind: 'CloneSet',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      replicas: 3,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1.25' }] } },
      updateStrategy: apiVersion === 'v1beta1' ? { type: 'RollingUpdate', rollingUpdate: { partition: 1, paused: false } } : { type: 'ReCreate', partition: 1 },
    },
  };
  edit(cs['spec'], cs);
  return cs;
}

const texts = (object: unknown) => validateObjectSchema(object).map(formatFieldError);

describe('validateObjectSchema: the reproductions of issue 13', () => {
  it.each([
    ['a Pod with image: 5', pod((p) => (p['spec'].containers[0].image = 5)), 'spec.containers[0].image: Invalid value: 5: must be a string'],
    ['a Node with status.conditions: "x"', node((n) => (n['status'].conditions = 'x')), 'status.conditions: Invalid value: "x": must be a list'],
    ['a Node with status.allocatable: "y"', node((n) => (n['status'].allocatable = 'y')), 'status.allocatable: Invalid value: "y": must be an object (a map)'],
    ['a Node with spec.taints: "x"', node((n) => (n['spec'] = { taints: 'x' })), 'spec.taints: Invalid value: "x": must be a list'],
    ['a Pod with status.conditions: "x"', pod((p) => (p['status'] = { conditions: 'x' })), 'status.conditions: Invalid value: "x": must be a list'],
    ['replicas beyond int32', cloneSet('v1beta1', (s) => (s['replicas'] = 2147483648)), 'spec.replicas: Invalid value: 2147483648: must be a 32-bit integer (from -2147483648 to 2147483647)'],
    ['updateStrategy: "x"', cloneSet('v1alpha1', (s) => (s['updateStrategy'] = 'x')), 'spec.updateStrategy: Invalid value: "x": must be an object'],
    ['lifecycle: "x"', cloneSet('v1alpha1', (s) => (s['lifecycle'] = 'x')), 'spec.lifecycle: Invalid value: "x": must be an object'],
    ['paused: "yes"', cloneSet('v1beta1', (s) => (s['updateStrategy'].rollingUpdate.paused = 'yes')), 'spec.updateStrategy.rollingUpdate.paused: Invalid value: "yes": must be a boolean (true or false)'],
    ['minReadySeconds: "x"', cloneSet('v1alpha1', (s) => (s['minReadySeconds'] = 'x')), 'spec.minReadySeconds: Invalid value: "x": must be an integer'],
    ['volumes: "x"', cloneSet('v1alpha1', (s) => (s['template'].spec.volumes = 'x')), 'spec.template.spec.volumes: Invalid value: "x": must be a list'],
    ['template annotations {a: true}', cloneSet('v1alpha1', (s) => (s['template'].metadata.annotations = { a: true })), 'spec.template.metadata.annotations[a]: Invalid value: true: must be a string'],
    ['image: ["a"] in a template', cloneSet('v1beta1', (s) => (s['template'].spec.containers[0].image = ['a'])), 'spec.template.spec.containers[0].image: Invalid value: "(a list)": must be a string'],
    ['ports: "x"', cloneSet('v1beta1', (s) => (s['template'].spec.containers[0].ports = 'x')), 'spec.template.spec.containers[0].ports: Invalid value: "x": must be a list'],
    ['readinessProbe: "x"', cloneSet('v1beta1', (s) => (s['template'].spec.containers[0].readinessProbe = 'x')), 'spec.template.spec.containers[0].readinessProbe: Invalid value: "x": must be an object'],
    ['a partition of the wrong type', cloneSet('v1beta1', (s) => (s['updateStrategy'].rollingUpdate.partition = true)), 'spec.updateStrategy.rollingUpdate.partition: Invalid value: true: must be an integer or a string'],
    ['a creationTimestamp that is no time', pod((p) => (p['metadata'].creationTimestamp = 'yesterday')), 'metadata.creationTimestamp: Invalid value: "yesterday": must be an RFC 3339 date-time such as "2026-01-02T15:04:05Z"'],
    ['a malformed quantity', pod((p) => (p['spec'].containers[0].resources = { limits: { cpu: 'lots' } })), `spec.containers[0].resources.limits[cpu]: Invalid value: "lots": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`],
    ['an unsupported protocol', pod((p) => (p['spec'].containers[0].ports[0].protocol = 'HTTP')), 'spec.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "TCP", "UDP", "SCTP"'],
    ['a null container', pod((p) => (p['spec'].containers = [null])), 'spec.containers[0]: Invalid value: null: must not be null'],
    ['a container without a name', pod((p) => delete p['spec'].containers[0].name), 'spec.containers[0].name: Required value'],
  ])('%s', (_name, object, expected) => {
    expect(texts(object)).toEqual([expected]);
  });

  it('takes RFC 3339 date-times with a zone, and no impossible hour, month or zoneless time', () => {
    const at = (text: string) => texts(pod((p) => (p['metadata'].creationTimestamp = text)));
    expect(at('2026-01-01T00:00:00Z')).toEqual([]);
    expect(at('2026-01-01T24:00:01Z')).toEqual(['metadata.creationTimestamp: Invalid value: "2026-01-01T24:00:01Z": must be an RFC 3339 date-time such as "2026-01-02T15:04:05Z"']);
    expect(at('2026-13-01T00:00:00Z')).toHaveLength(1);
    expect(at('2026-01-01T00:00:00')).toHaveLength(1);
    expect(at('2026-01-01T00:00:00.5+02:00')).toEqual([]);
  });

  it('refuses NUL and lone surrogates in any string, label keys, values and undeclared fields included', () => {
    expect(texts(pod((p) => (p['metadata'].labels = { 'a\u0000b': 'x' })))).toEqual([
      'metadata.labels: Invalid value: "a\\u0000b": field name must not contain NUL (\\u0000) characters',
    ]);
    expect(texts(pod((p) => (p['metadata'].annotations = { note: 'x\u0000' })))).toEqual([
      'metadata.annotations[note]: Invalid value: "x\\u0000": must not contain NUL (\\u0000) characters',
    ]);
    expect(texts(pod((p) => (p['spec'].hostAliases = [{ ip: '\ud800' }])))).toEqual([
      'spec.hostAliases[0].ip: Invalid value: "\\ud800": must be valid Unicode (it contains a lone surrogate)',
    ]);
    expect(texts(pod((p) => (p['spec'].containers[0].image = 'nginx\udc00')))).toEqual([
      'spec.containers[0].image: Invalid value: "nginx\\udc00": must be valid Unicode (it contains a lone surrogate)',
    ]);
    // A well-formed pair is ordinary text.
    expect(texts(pod((p) => (p['metadata'].annotations = { note: 'ship it \ud83d\ude80' })))).toEqual([]);
  });

  it('names the path of each error inside undeclared lists and keys, after well-formed siblings of other shapes', () => {
    const errors = texts(
      pod((p) => {
        p['spec'].extra = [{ a: 'ok', deeper: [{ b: 'ok' }] }, 'ok', { 'odd key': [1, { c: 'x\u0000' }] }];
        p['spec'].containers.push({ name: 'second', image: 'nginx', ports: [{ containerPort: 80 }, { containerPort: 'http' }] });
      }),
    );
    expect(errors).toEqual([
      'spec.containers[1].ports[1].containerPort: Invalid value: "http": must be an integer',
      'spec.extra[2][odd key][1].c: Invalid value: "x\\u0000": must not contain NUL (\\u0000) characters',
    ]);
  });

  it('bounds nesting, also inside lists of undeclared shape (deeply nested env)', () => {
    let deep: Loose = { name: 'E', value: 'v' };
    for (let i = 0; i < 5000; i++) deep = { nested: deep };
    const errors = validateObjectSchema(pod((p) => (p['spec'].containers[0].env = [{ name: 'A', valueFrom: deep }])));
    expect(errors).toHaveLength(1);
    expect(formatFieldError(errors[0]!)).toMatch(/^spec\.containers\[0\]\.env\[0\]\.valueFrom(\.nested)+: Invalid value: "\(an object\)": must not nest deeper than 100 levels$/);
    expect(MAX_OBJECT_DEPTH).toBe(100);
  });

  it('reports at most MAX_FIELD_ERRORS errors', () => {
    const containers = Array.from({ length: 100 }, (_, i) => ({ name: `c${i}`, image: i }));
    expect(validateObjectSchema(pod((p) => (p['spec'].containers = containers)))).toHaveLength(MAX_FIELD_ERRORS);
  });

  it('accepts null for an optional field (Go\'s unset) and keeps undeclared fields', () => {
    expect(texts(pod((p) => {
      p['spec'].nodeName = null;
      p['spec'].hostAliases = [{ ip: '10.0.0.1', hostnames: ['a'] }];
      p['status'] = { conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null }] };
    }))).toEqual([]);
  });

  it('accepts the largest int32 and the int64 fields up to the safe integers', () => {
    expect(texts(cloneSet('v1beta1', (s) => (s['replicas'] = 2147483647)))).toEqual([]);
    expect(texts(pod((p) => (p['spec'].terminationGracePeriodSeconds = 2 ** 40)))).toEqual([]);
    expect(texts(pod((p) => (p['spec'].terminationGracePeriodSeconds = 1e20)))).toEqual([
      'spec.terminationGracePeriodSeconds: Invalid value: 100000000000000000000: must be an integer from -9007199254740991 to 9007199254740991',
    ]);
  });
});

describe('every served kind', () => {
  it('has a schema for each of its versions', () => {
    expect(kindsWithoutSchema()).toEqual([]);
  });

  it('accepts the documentation examples as they are written', () => {
    const dir = new URL('./fixtures/', import.meta.url);
    for (const file of readdirSync(dir)) {
      for (const object of parseManifests(readFileSync(new URL(file, dir), 'utf8'))) {
        expect({ file, errors: texts(object) }).toEqual({ file, errors: [] });
      }
    }
  });
});

describe('validateObjectSchema on anything', () => {
  const kinds = ['Pod', 'Node', 'CloneSet', 'Event', 'ControllerRevision'] as const;
  const errorsOf = (kind: (typeof kinds)[number], spec: unknown, status: unknown) => {
    const apiVersion = kind === 'CloneSet' ? 'apps.kruise.io/v1beta1' : kind === 'ControllerRevision' ? 'apps/v1' : 'v1';
    return validateObjectSchema({ apiVersion, kind, metadata: { name: 'x' }, revision: 1, spec, status });
  };
  /** At most MAX_FIELD_ERRORS, each naming a field under spec or status followed by a Kubernetes message. */
  const expectKubernetesErrors = (errors: ReturnType<typeof validateObjectSchema>) => {
    expect(errors.length).toBeLessThanOrEqual(MAX_FIELD_ERRORS);
    for (const error of errors) {
      // The path's keys are the object's own and may hold any character (a colon too): the message is
      // read after the path the error names, not up to the first colon.
      expect(error.field).toMatch(/^(spec|status)([.[]|$)/);
      const text = formatFieldError(error);
      expect(text.slice(0, error.field.length)).toBe(error.field);
      expect(text.slice(error.field.length)).toMatch(/^: (Invalid value|Unsupported value|Required value)/);
    }
  };

  it('never throws, and every error names a field with a Kubernetes message', () => {
    fc.assert(
      fc.property(fc.constantFrom(...kinds), fc.anything({ maxDepth: 6 }), fc.anything({ maxDepth: 6 }), (kind, spec, status) => {
        expectKubernetesErrors(errorsOf(kind, spec, status));
      }),
      { numRuns: 300 },
    );
  });

  it('names a field whose key holds a colon (the counterexample of issue 28 item 9)', () => {
    const errors = errorsOf('Pod', { ':': -Infinity }, {});
    expect(errors.map(formatFieldError)).toContain('spec[:]: Invalid value: "-Infinity": must be a finite number');
    expectKubernetesErrors(errors);
  });
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

describe('validateObjectSchema on frozen objects (checked once per version)', () => {
  it('answers a deeply frozen object the same every time, well-formed or not', () => {
    const good = deepFreeze(pod());
    const bad = deepFreeze(pod((p) => (p['spec'].containers[0].image = 7)));
    for (let i = 0; i < 3; i++) {
      expect(texts(good)).toEqual([]);
      expect(texts(bad)).toEqual(['spec.containers[0].image: Invalid value: 7: must be a string']);
    }
  });

  it('checks what is new around a shared frozen subtree (a status update, a merge patch)', () => {
    const stored = deepFreeze(pod());
    expect(texts(stored)).toEqual([]);
    const updated = { ...stored, metadata: { ...stored['metadata'], labels: { app: 7 } }, status: { phase: 'Running', podIP: false } };
    expect(texts(updated)).toEqual(['metadata.labels[app]: Invalid value: 7: must be a string', 'status.podIP: Invalid value: false: must be a string']);
  });

  it('never trusts a frozen object whose members can still change', () => {
    const spec = { containers: [{ name: 'm', image: 'nginx:1.25' }] };
    const shallow = Object.freeze({ ...pod(), spec: Object.freeze(spec) });
    expect(texts(shallow)).toEqual([]);
    spec.containers[0]!.image = 7 as never;
    expect(texts(shallow)).toEqual(['spec.containers[0].image: Invalid value: 7: must be a string']);
  });

  it('remembers a checked object for a bounded number of later ones, then checks it again', () => {
    const reads = { count: 0 };
    // Counts the reads of a frozen object's members: a remembered object is not read again.
    const counted = <T extends object>(target: T): T => new Proxy(target, { get: (t, key, receiver) => (reads.count++, Reflect.get(t, key, receiver)) });
    const stored = deepFreeze(pod());
    const watched = Object.freeze(counted({ ...stored }));
    const readsOfCheck = () => {
      reads.count = 0;
      expect(texts(watched)).toEqual([]);
      return reads.count;
    };
    const first = readsOfCheck();
    // Remembered: only what finds its schema (apiVersion, kind) is read.
    expect(readsOfCheck()).toBeLessThan(first);
    // Twice a generation of other pods later it is forgotten: its members are read again.
    for (let i = 0; i < 2 * MEMO_GENERATION; i++) texts(Object.freeze({ ...stored }));
    expect(readsOfCheck()).toBe(first);
  });

  it('reuses a remembered answer only as deep as it was checked, so the nesting bound still holds', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_OBJECT_DEPTH - 1; i++) deep = { d: deep };
    const inner = closedObject<{ payload: unknown }>({ payload: json });
    const value = deepFreeze({ payload: deep });
    // At the root the value fits the bound and is remembered; one level down it no longer fits.
    expect(validateSchema(value, inner)).toEqual([]);
    const wrapped = deepFreeze({ inner: value });
    expect(validateSchema(wrapped, closedObject<{ inner: unknown }>({ inner })).map(formatFieldError)).toEqual([
      expect.stringContaining(`must not nest deeper than ${MAX_OBJECT_DEPTH} levels`),
    ]);
  });

  it('gives a frozen object the answer its mutable twin gets', () => {
    fc.assert(
      fc.property(fc.constantFrom('Pod', 'Node', 'CloneSet'), fc.anything({ maxDepth: 5 }), fc.anything({ maxDepth: 5 }), fc.anything({ maxDepth: 3 }), (kind, spec, status, labels) => {
        const apiVersion = kind === 'CloneSet' ? 'apps.kruise.io/v1beta1' : 'v1';
        const object = { apiVersion, kind, metadata: { name: 'x', labels }, spec, status };
        const twin = structuredClone(object);
        const frozen = deepFreeze(object);
        const expected = texts(twin);
        expect(texts(frozen)).toEqual(expected);
        expect(texts(frozen)).toEqual(expected);
        expect(texts({ ...frozen, metadata: { ...frozen.metadata } })).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('storable text', () => {
  it('names the problem and replaces it with U+FFFD', () => {
    expect(unstorableTextProblem('ok \ud83d\ude80')).toBeUndefined();
    expect(unstorableTextProblem('a\u0000')).toMatch(/NUL/);
    expect(storableText('a\u0000b\ud800c\udc00\ud83d\ude80')).toBe('a\ufffdb\ufffdc\ufffd\ud83d\ude80');
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => expect(unstorableTextProblem(storableText(s))).toBeUndefined()));
  });
});
