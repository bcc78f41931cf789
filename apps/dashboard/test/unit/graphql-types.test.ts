// The generated operation types (issue 14 item 10): they are exactly what the committed schema and
// operations give, and a schema change that breaks the dashboard fails generation or changes the
// types the code reads (the build's check then fails, and the type check of the reading code).
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print, visit } from 'graphql';
// @ts-expect-error: a plain ES module of the build's scripts, without type declarations
import { describeFailure, firstDifference, generateTypes } from '../../../../scripts/graphql-types.mjs';
import { DASHBOARD_DIR, ROOT } from '../support/servers';

const api = (file: string) => readFileSync(join(DASHBOARD_DIR, 'src', 'lib', 'api', file), 'utf8');
const schema = readFileSync(join(ROOT, 'apps', 'api', 'schema.graphql'), 'utf8');
const OPERATIONS = 'apps/dashboard/src/lib/api/operations.graphql';
const operations = api('operations.graphql');

describe('generated GraphQL operation types', () => {
  it('are exactly what the committed schema and operations give (generated.ts is up to date)', async () => {
    expect(await generateTypes(schema, operations, OPERATIONS)).toBe(api('generated.ts'));
  });

  it('fail to generate, naming the field, when the API drops a field the dashboard reads', async () => {
    // The schema as the API would serve it without Workload.health (on the interface and its types).
    const withoutHealth = print(visit(parse(schema), { [Kind.FIELD_DEFINITION]: (f) => (f.name.value === 'health' ? null : undefined) }));
    expect(withoutHealth).not.toContain('health: WorkloadHealth!');
    const err = await generateTypes(withoutHealth, operations, OPERATIONS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(describeFailure(err)).toMatch(/Cannot query field "health" on type "Workload"/);
  });

  it('change the types the code reads when a field changes type (a drift the build check reports)', async () => {
    const ipAsInt = schema.replace(/(type Pod \{[^}]*?\n {2}podIP: )String/, '$1Int');
    expect(ipAsInt).not.toBe(schema);
    const changed: string = await generateTypes(ipAsInt, operations, OPERATIONS);
    expect(changed).toContain('podIP: number | null');
    expect(firstDifference(api('generated.ts'), changed)).toMatch(/^line \d+: committed .*podIP: string \| null/);
  });
});
