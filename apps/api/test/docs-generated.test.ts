// The generated parts of the documentation are what the code gives now (scripts/docs-generate.mjs):
// docs/configuration.md's environment and feature-gate tables, from this project's ENVIRONMENT and
// libs/kruise-api's gates, and docs/reference/graphql.md, from the schema the API's build prints. A
// stale file fails here, naming the command that regenerates it; the CLI reference has its own test in
// apps/cli (apps/cli/test/docs-reference.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { featureGatesMarkdownTable } from '@coxswain/kruise-api';
import { ROOT, configTable, configurationPage, graphqlReference, printedSchema, replaceBlock } from '../../../scripts/docs-generate.mjs';
import { ENVIRONMENT } from '../src/config/config.js';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const STALE = 'stale: run `npm run build && npm run docs:generate` and commit the result';

describe('generated docs (npm run docs:generate)', () => {
  it('docs/configuration.md has every environment variable of ENVIRONMENT and every feature gate, as generated', () => {
    const page = read('docs/configuration.md');
    expect({ file: 'docs/configuration.md', upToDate: page === configurationPage(page, ENVIRONMENT, featureGatesMarkdownTable()) || STALE }).toEqual({ file: 'docs/configuration.md', upToDate: true });
    for (const v of ENVIRONMENT) expect(page).toContain(`| \`${v.name}\` |`);
  });

  it('docs/reference/graphql.md is the reference of the schema the API prints', () => {
    const page = read('docs/reference/graphql.md');
    expect({ file: 'docs/reference/graphql.md', upToDate: page === graphqlReference(printedSchema()) || STALE }).toEqual({ file: 'docs/reference/graphql.md', upToDate: true });
  });

  it('the check fails on a stale table: a variable added to the definitions changes the page', () => {
    const page = read('docs/configuration.md');
    const more = [...ENVIRONMENT, { name: 'NEW_SETTING', default: '1', meaning: 'A setting the page does not list yet.' }];
    expect(configurationPage(page, more, featureGatesMarkdownTable())).not.toBe(page);
    expect(configTable(more).split('\n').at(-1)).toBe('| `NEW_SETTING` | `1` | A setting the page does not list yet. |');
    expect(() => replaceBlock('no markers here', 'config-table', 'x')).toThrow(/markers <!-- config-table:start\/end --> are missing/);
  });

  it('the GraphQL reference lists a field of every operation root and its description', () => {
    const ref = graphqlReference('"""A thing."""\ntype Thing { """Its name.""" name: String! }\ntype Query { """One thing.""" thing(id: ID!): Thing }\n');
    expect(ref).toContain('| `thing` | [Thing](#thing) | `id: ID!` | One thing. |');
    expect(ref).toContain('### Thing\n\n*object*: A thing.');
    expect(ref).toContain('| `name` | [String](#string)! | Its name. |');
  });
});
