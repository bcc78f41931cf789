// The table of Kubernetes' own fields (src/upstream-fields.generated.ts) is what its generator prints
// from the installed client-node, and the schemas Coxswain models agree with it: every modelled field
// of a Kubernetes struct is one its upstream type declares, holding the same shape (a struct of the
// upstream type named, a list, a map), except the `spec`/`status` the TypeScript types of a few kinds
// carry and no upstream type has (an unknown field there, as on an apiserver).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { schemaOf } from '../src/kind-schemas.js';
import { KINDS } from '../src/kinds.js';
import type { Schema } from '../src/object-schema.js';
import { kindUpstreamType, upstreamFieldNotation } from '../src/upstream-schemas.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');

describe('the upstream field table', () => {
  it('is what scripts/generate-core-fields.mjs prints from the installed @kubernetes/client-node', () => {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts', 'generate-core-fields.mjs'), '--stdout'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(run.stderr).toBe('');
    const committed = readFileSync(join(ROOT, 'libs', 'kruise-api', 'src', 'upstream-fields.generated.ts'), 'utf8');
    // On a difference: node scripts/generate-core-fields.mjs, and review what client-node changed.
    const committedLines = committed.split('\n');
    const printedLines = run.stdout.split('\n');
    const first = committedLines.findIndex((line, i) => line !== printedLines[i]);
    const difference = first < 0 && committedLines.length === printedLines.length ? null
      : { line: (first < 0 ? committedLines.length : first) + 1, committed: committedLines[first], printed: printedLines[first] };
    expect(difference).toBeNull();
  });
});

describe('the modelled schemas against the upstream types', () => {
  const served = KINDS.flatMap((k) => k.apiVersions.map((v) => ({ apiVersion: v, kind: k.kind, schema: schemaOf(v, k.kind)! })));

  it('tag every built-in kind with its upstream type, and no Kruise kind', () => {
    for (const { apiVersion, kind, schema } of served) {
      const upstream = schema.type === 'object' ? schema.upstream : undefined;
      expect({ kind: `${apiVersion}/${kind}`, upstream }).toEqual({ kind: `${apiVersion}/${kind}`, upstream: kindUpstreamType(apiVersion, kind) });
    }
  });

  it('model only fields their upstream types declare, in the shape declared', () => {
    const problems: string[] = [];
    const seen = new Set<Schema>();
    const walk = (schema: Schema, notation: string | undefined, at: string): void => {
      if (schema.type === 'list') {
        if (notation !== undefined && !notation.endsWith('[]')) problems.push(`${at}: a list where upstream has ${notation}`);
        return walk(schema.items, notation?.endsWith('[]') ? notation.slice(0, -2) : undefined, `${at}[]`);
      }
      if (schema.type === 'map') {
        if (notation !== undefined && !notation.startsWith('map<')) problems.push(`${at}: a map where upstream has ${notation}`);
        return walk(schema.values, notation?.startsWith('map<') ? notation.slice(4, -1) : undefined, `${at}{}`);
      }
      if (schema.type !== 'object') {
        if (notation !== undefined && /^[A-Z]/.test(notation) && schema.type !== 'json') problems.push(`${at}: ${schema.type} where upstream has ${notation}`);
        return;
      }
      if (notation !== undefined && schema.upstream !== notation) problems.push(`${at}: tagged ${schema.upstream ?? 'with no upstream type'} where upstream has ${notation}`);
      if (seen.has(schema)) return;
      seen.add(schema);
      for (const [name, field] of Object.entries(schema.fields)) {
        const declared = schema.upstream === undefined ? undefined : upstreamFieldNotation(schema.upstream, name);
        if (schema.upstream !== undefined && declared === undefined) problems.push(`${at}.${name}: not a field of ${schema.upstream}`);
        walk(field, declared, `${at}.${name}`);
      }
    };
    for (const { apiVersion, kind, schema } of served) walk(schema, kindUpstreamType(apiVersion, kind), `${apiVersion}/${kind}`);
    expect(problems).toEqual([
      'v1/Event.spec: not a field of CoreV1Event',
      'v1/Event.status: not a field of CoreV1Event',
      'v1/Secret.spec: not a field of V1Secret',
      'v1/Secret.status: not a field of V1Secret',
      'apps/v1/ControllerRevision.spec: not a field of V1ControllerRevision',
      'apps/v1/ControllerRevision.status: not a field of V1ControllerRevision',
      'coordination.k8s.io/v1/Lease.status: not a field of V1Lease',
      'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration.spec: not a field of V1MutatingWebhookConfiguration',
      'admissionregistration.k8s.io/v1/MutatingWebhookConfiguration.status: not a field of V1MutatingWebhookConfiguration',
      'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration.spec: not a field of V1ValidatingWebhookConfiguration',
      'admissionregistration.k8s.io/v1/ValidatingWebhookConfiguration.status: not a field of V1ValidatingWebhookConfiguration',
    ]);
  });
});
