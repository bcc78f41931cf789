// The commands of the documentation: every fenced ```bash (or sh, shell, console) block, and every
// ```graphql block, of the README and of docs/ (not docs/spec/, the behaviour specs, nor docs/reference/, which is generated),
// each named by its page, the heading above it and its place under that heading. The test that runs
// or mirrors each one (apps/cli/test/docs-commands.e2e.test.ts, docs/README.md §5) keys on that name.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const SHELL = new Set(['bash', 'sh', 'shell', 'console']);
const SKIPPED = ['docs/spec/', 'docs/reference/'];

/** The Markdown pages whose commands must run: README.md and docs/**\/*.md but the specs and the references. */
export function documentedPages(root) {
  const pages = ['README.md'];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) pages.push(path);
    }
  };
  walk('docs');
  return pages.filter((p) => !SKIPPED.some((s) => p.startsWith(s))).sort();
}

/** Every shell block (see codeBlocks). */
export function shellBlocks(root) {
  return codeBlocks(root, SHELL);
}

/**
 * Every fenced block in one of `languages`: `{ id, page, heading, line, text }`, `id` being
 * `page § heading #n` (n counts those blocks under that heading from 1), `line` the block's first line
 * in the page.
 */
export function codeBlocks(root, languages) {
  const blocks = [];
  for (const page of documentedPages(root)) {
    const lines = readFileSync(join(root, page), 'utf8').split('\n');
    let heading = '';
    const count = new Map();
    for (let i = 0; i < lines.length; i++) {
      const h = /^#{1,6}\s+(.*)$/.exec(lines[i]);
      if (h) heading = h[1].trim();
      const fence = /^(\s*)```(\S*)\s*$/.exec(lines[i]);
      if (!fence) continue;
      const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
      if (end < 0) throw new Error(`${page}:${i + 1}: a code block that never ends`);
      if (languages.has(fence[2])) {
        const n = (count.get(heading) ?? 0) + 1;
        count.set(heading, n);
        const indent = fence[1].length;
        blocks.push({ id: `${page} § ${heading} #${n}`, page, heading, line: i + 1, text: lines.slice(i + 1, end).map((l) => l.slice(indent)).join('\n') });
      }
      i = end;
    }
  }
  return blocks;
}

