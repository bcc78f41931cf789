// Every citation of the project's documentation resolves inside the repository (docs/README.md §2):
// scripts/check-citations.mjs over the whole repository finds nothing, and over a small made-up
// repository it finds each kind of broken citation, by file and line. (The checker does not look into
// this file, which writes broken citations on purpose.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { checkCitations } from '../../../scripts/check-citations.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('citations (scripts/check-citations.mjs)', () => {
  it('every citation in apps/, libs/, scripts/, the README and docs/ names an existing page and section', () => {
    const problems = checkCitations(root).map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(problems).toEqual([]);
  });

  it('every relative link in README.md and docs/**/*.md resolves to a file and, with an #anchor, to a heading or anchor there', () => {
    const links = checkCitations(root).filter((p) => p.message.startsWith('link to ')).map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(links).toEqual([]);
  });

  describe('on a made-up repository', () => {
    const dir = mkdtempSync(join(tmpdir(), 'citations-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const write = (path: string, lines: string[]) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), `${lines.join('\n')}\n`);
    };
    write('docs/spec/kind.md', [
      '# Kind',
      '',
      '<a id="kind-1"></a>',
      '## 1. API',
      '',
      '<a id="kind-1-2"></a>',
      '### 1.2 Defaults',
      '',
      '<a id="kind-2"></a>',
      '## 3. Misnumbered',
      '',
      'See §1.2, [the API](#kind-1), [nowhere](#kind-9), [gone](other.md) and `libs/a/src/missing.ts`.',
    ]);
    write('README.md', [
      '# Made up',
      '',
      'See [the API](docs/spec/kind.md#kind-1), [its defaults](docs/spec/kind.md#12-defaults) and [this](#made-up);',
      '[a page](docs/gone.md), [a heading](docs/spec/kind.md#no-such-heading) and [here](#nowhere) lead nowhere.',
    ]);
    write('libs/a/src/a.ts', [
      '// Defaults (docs/spec/kind.md §1.2, §1): fine.',
      '// The API (docs/spec/kind.md',
      '// §1), over a line break: fine.',
      '// Missing (docs/spec/kind.md §7.1) and a page that does not exist (docs/spec/none.md).',
      '// A bare one (§1.2) and one after a qualifier (docs/spec/kind.md §1 step 2, §1.2).',
      '// The old styles: spec/kind.md, /work/shared/x.md, design.md; RFC 5280 §4.1.2.5 is fine.',
    ]);

    it('reports each broken citation as file:line with what is wrong, and nothing else', () => {
      const problems = checkCitations(dir).map((p) => `${p.file}:${p.line}: ${p.message}`);
      expect(problems).toEqual([
        'README.md:4: docs/gone.md does not exist',
        'README.md:4: docs/spec/kind.md has no anchor #no-such-heading',
        'README.md:4: link to docs/gone.md: docs/gone.md does not exist',
        'README.md:4: link to docs/spec/kind.md#no-such-heading: docs/spec/kind.md has no anchor #no-such-heading',
        'README.md:4: link to #nowhere: README.md has no anchor #nowhere',
        'docs/spec/kind.md:9: anchor kind-2 is not followed by a heading numbered 2',
        'docs/spec/kind.md:12: link to #kind-9: docs/spec/kind.md has no anchor #kind-9',
        'docs/spec/kind.md:12: link to other.md: docs/spec/other.md does not exist',
        'docs/spec/kind.md:12: libs/a/src/missing.ts does not exist',
        'libs/a/src/a.ts:4: docs/spec/kind.md has no section §7.1 (no anchor kind-7-1 before a heading numbered 7.1)',
        'libs/a/src/a.ts:4: docs/spec/none.md does not exist',
        'libs/a/src/a.ts:5: §1.2 names no page: write docs/<page>.md before it',
        'libs/a/src/a.ts:5: §1.2 names no page: write docs/<page>.md before it',
        'libs/a/src/a.ts:6: spec/kind.md: names a document outside the repository (the pages are under docs/)',
        'libs/a/src/a.ts:6: /work/shared/x.md: names a path outside the repository',
        'libs/a/src/a.ts:6: design.md: names design.md (now docs/architecture.md)',
      ]);
    });
  });
});
