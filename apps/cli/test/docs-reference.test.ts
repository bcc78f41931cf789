// docs/reference/cli.md is every command's --help as the command tree prints it now
// (scripts/docs-generate.mjs); a stale file fails here, naming the command that regenerates it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ROOT as REPO, cliReference } from '../../../scripts/docs-generate.mjs';
import { helpText } from '../src/cli/help.js';
import { ROOT } from '../src/cli/tree.js';
import type { Node } from '../src/cli/spec.js';

const STALE = 'stale: run `npm run build && npm run docs:generate` and commit the result';

describe('docs/reference/cli.md (npm run docs:generate)', () => {
  const page = readFileSync(join(REPO, 'docs/reference/cli.md'), 'utf8');
  const help = (path: readonly string[], node: Node) => helpText(path, node);

  it('is the help of every command, as generated', () => {
    expect({ upToDate: page === cliReference<Node>(ROOT, help) || STALE }).toEqual({ upToDate: true });
  });

  it('has a section for every command of the tree, hidden ones excepted', () => {
    const paths: string[] = [];
    const visit = (path: string[], node: Node) => {
      if (node.kind === 'command' && node.hidden) return;
      paths.push(['coxswain', ...path].join(' '));
      if (node.kind === 'group') for (const child of node.children) visit([...path, child.name], child);
    };
    visit([], ROOT);
    expect(paths).toContain('coxswain rollout status');
    for (const path of paths) expect(page).toContain(`\n## ${path}\n`);
  });
});
