#!/usr/bin/env node
// Checks that every citation of the project's documentation resolves inside the repository
// (docs/README.md §2 describes the style): in apps/, libs/, scripts/ and the README, each
// `docs/<path>.md §N.M` names an existing page and, for each section, the page's anchor
// `<a id="<page>-N-M"></a>` followed by the heading numbered N.M; a `§N` with no page before it, and any
// reference to the documents the project once kept outside the repository (`spec/x.md` without
// `docs/`, `/work/...`, `design.md`, `inplace-and-lifecycle §3.2`), is reported. In docs/, every
// relative link must reach an existing file and anchor (in the README too), every `§N` of a page
// (outside link texts) one of its own sections, and every repository path a page names must exist.
//
//   node scripts/check-citations.mjs [--root DIR]
//
// Prints one `file:line: message` per problem and exits 1 when there is any, else prints nothing and
// exits 0. apps/api/test/citations.test.ts runs it as part of `npm test`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where citations are looked for, besides docs/. */
export const CODE_ROOTS = ['apps', 'libs', 'scripts'];
/** Text files whose comments (and test titles) may cite. */
const CODE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|yaml|yml|graphql|prisma|sh|md)$/;
/** Never looked into: dependencies, builds, generated code, run-time data. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.next', 'generated', 'coverage', '.nx', '.data', '.test-results']);
/**
 * Not looked into: the two scripts describe the old styles they find and rewrite, and the checker's test
 * writes broken citations on purpose.
 */
export const SELF = new Set(['scripts/check-citations.mjs', 'scripts/rewrite-citations.mjs', 'apps/api/test/citations.test.ts']);

// A section number: §5, §5.2, §10.11, optionally a range §4.2–§4.7 or §4.2–4.7.
const SECTION = String.raw`§(\d+(?:\.\d+)*)(?:[–-]§?(\d+(?:\.\d+)*))?`;
// What may separate a page from its first section: one space, or a line break inside a comment.
const BREAK = String.raw`[ \t]*\r?\n[ \t]*(?:\/\/+|\*|#)?[ \t]*`;
const PAGE_GAP = String.raw`(?: |${BREAK})`;
// What may join two sections of one list.
const LIST_GAP = String.raw`(?:,|,? and|,? or|\/)(?: |${BREAK})|\/`;
const CITATION = new RegExp(String.raw`(?<![\w/.-])docs\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md(?:#([A-Za-z0-9_.-]+))?(?:${PAGE_GAP}${SECTION}(?:(?:${LIST_GAP})${SECTION})*)?`, 'g');
const SECTION_G = new RegExp(SECTION, 'g');
/** Old styles: documents that were never in the repository, or pages named without their path. */
const STALE = [
  [/(?<![\w/.-])(?:spec|notes)\/[a-z-]+\.md/g, 'names a document outside the repository (the pages are under docs/)'],
  [/\/work\/[\w./-]+/g, 'names a path outside the repository'],
  [/(?<![\w/.-])design\.md/g, 'names design.md (now docs/architecture.md)'],
  [/(?<![\w/.-])(?:cloneset|advanced-statefulset|uniteddeployment|inplace-and-lifecycle|api-contract|inplace)(?:\.md)?(?: spec)?(?= §|\s*\r?\n[ \t]*(?:\/\/+|\*|#)?[ \t]*§)/g, 'names a page without its path (write docs/spec/<page>.md)'],
  [/(?<![\w/.-])(?:spec )?inplace-and-lifecycle(?!\.md|[\w-])/g, 'names a page without its path (write docs/spec/inplace-and-lifecycle.md)'],
  [/(?<![\w/.-])api-contract(?!\.md|[\w-])/g, 'names a page without its path (write docs/spec/api-contract.md)'],
];

/** Files of the repository under `root` (tracked and untracked, not ignored), as posix paths. */
export function listFiles(root) {
  const git = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  if (git.status === 0 && existsSync(join(root, '.git'))) {
    return git.stdout.split('\0').filter((f) => f && existsSync(join(root, f)) && !f.split('/').some((p) => SKIPPED_DIRS.has(p))).sort();
  }
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith('.git') || SKIPPED_DIRS.has(entry.name)) continue;
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk('');
  return out.sort();
}

/** The line number (1-based) of an offset. */
function lineOf(text, offset) {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** GitHub's slug of a heading: lower case, punctuation dropped, spaces as dashes. */
export function githubSlug(heading) {
  return heading.trim().toLowerCase().replace(/<[^>]*>/g, '').replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
}

/**
 * A page's anchors: every `<a id>` (with the heading that follows it) and every heading's GitHub slug.
 * `sections` maps a section number ("5.2") to its anchor when the anchor is the page's own
 * (`<page>-5-2`) and the next heading starts with that number.
 */
export function pageAnchors(text, page) {
  const stem = posix.basename(page, '.md').toLowerCase();
  const ids = new Set();
  const sections = new Map();
  const problems = [];
  const lines = text.split('\n');
  const slugCount = new Map();
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (/^\s*```/.test(line)) fence = !fence;
    if (fence) continue;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      const base = githubSlug(heading[1]);
      const n = slugCount.get(base) ?? 0;
      slugCount.set(base, n + 1);
      ids.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/<a id="([^"]+)"><\/a>/g)) {
      const id = m[1];
      ids.add(id);
      const own = new RegExp(`^${stem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-(\\d+(?:-\\d+)*)$`).exec(id);
      if (!own) continue;
      const number = own[1].replace(/-/g, '.');
      const next = lines.slice(i + 1).find((l) => l.trim() !== '');
      const numbered = next && new RegExp(`^#{1,6}\\s+${number.replace(/\./g, '\\.')}(\\.|\\s)`).exec(next);
      if (numbered) sections.set(number, id);
      else problems.push({ line: i + 1, message: `anchor ${id} is not followed by a heading numbered ${number}` });
    }
  }
  return { ids, sections, problems };
}

/** Checks the repository at `root`; returns the problems, each `{file, line, message}`, in file order. */
export function checkCitations(root) {
  const files = listFiles(root);
  const problems = [];
  const pages = new Map();
  const page = (path) => {
    if (!pages.has(path)) {
      const full = join(root, path);
      pages.set(path, existsSync(full) && statSync(full).isFile() ? pageAnchors(readFileSync(full, 'utf8'), path) : undefined);
    }
    return pages.get(path);
  };
  const report = (file, text, offset, message) => problems.push({ file, line: lineOf(text, offset), message });

  /** Checks `§a` (and `§a–b`) of page `target`, reported at `offset` of `file`. */
  const checkSections = (file, text, offset, target, chain) => {
    const anchors = page(target);
    for (const m of chain.matchAll(SECTION_G)) {
      for (const number of [m[1], m[2]].filter(Boolean)) {
        if (!anchors.sections.has(number)) report(file, text, offset + m.index, `${target} has no section §${number} (no anchor ${posix.basename(target, '.md').toLowerCase()}-${number.replace(/\./g, '-')} before a heading numbered ${number})`);
      }
    }
  };

  for (const file of files) {
    const inDocs = file.startsWith('docs/') && file.endsWith('.md');
    const inCode = (CODE_ROOTS.some((r) => file.startsWith(`${r}/`)) && CODE_EXTENSIONS.test(file)) || file === 'README.md';
    if ((!inDocs && !inCode) || SELF.has(file)) continue;
    const text = readFileSync(join(root, file), 'utf8');

    if (inDocs) {
      const own = page(file);
      for (const p of own.problems) problems.push({ file, ...p });
    }

    // Citations by path (code and docs alike), and the sections they carry.
    const covered = [];
    // In docs, `docs/...` inside inline code is an example or Kruise's own path, not a citation.
    const codeSpans = inDocs ? [...text.matchAll(/`[^`\n]+`/g)].map((c) => [c.index, c.index + c[0].length]) : [];
    for (const m of text.matchAll(CITATION)) {
      if (codeSpans.some(([a, b]) => m.index >= a && m.index < b)) continue;
      const target = /^docs\/[^\s#]*\.md/.exec(m[0])[0];
      covered.push([m.index, m.index + m[0].length]);
      if (!page(target)) {
        report(file, text, m.index, `${target} does not exist`);
        continue;
      }
      if (m[1] && !page(target).ids.has(m[1])) report(file, text, m.index, `${target} has no anchor #${m[1]}`);
      checkSections(file, text, m.index + target.length, target, m[0].slice(target.length));
    }

    if (inDocs) {
      checkDocsPage(root, file, text, covered, page, checkSections, report);
      continue;
    }
    if (file === 'README.md') checkLinks(root, file, text, page, report);

    // Sections with no page before them.
    for (const m of text.matchAll(/§\d/g)) {
      if (covered.some(([a, b]) => m.index >= a && m.index < b)) continue;
      if (/RFC[ \u00a0]?\d+[ \u00a0]*$/.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
      report(file, text, m.index, `${/§[\d.–-]+/.exec(text.slice(m.index))[0]} names no page: write docs/<page>.md before it`);
    }
    for (const [pattern, message] of STALE) {
      for (const m of text.matchAll(pattern)) {
        if (covered.some(([a, b]) => m.index >= a && m.index < b)) continue;
        report(file, text, m.index, `${m[0].trim()}: ${message}`);
      }
    }
  }
  return problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
}

/**
 * Relative links of a Markdown file (a docs page or the README): `[text](target)` must reach an existing
 * file and, with an `#anchor`, an explicit anchor or a heading's slug on that page. Returns the link
 * texts' ranges.
 */
function checkLinks(root, file, text, page, report) {
  const dir = posix.dirname(file);
  const linkTexts = [];
  for (const m of text.matchAll(/\[((?:[^\]\\]|\\.)*)\]\(([^)\s]+)\)/g)) {
    linkTexts.push([m.index, m.index + m[1].length + 2]);
    const target = m[2];
    if (/^[a-z]+:/i.test(target)) continue;
    const [path, anchor] = target.split('#');
    const resolved = path === '' ? file : posix.normalize(posix.join(dir, path));
    const full = join(root, resolved);
    if (!existsSync(full)) {
      report(file, text, m.index, `link to ${target}: ${resolved} does not exist`);
      continue;
    }
    if (anchor !== undefined) {
      const anchors = statSync(full).isFile() && resolved.endsWith('.md') ? page(resolved) : undefined;
      if (!anchors || !anchors.ids.has(anchor)) report(file, text, m.index, `link to ${target}: ${resolved} has no anchor #${anchor}`);
    }
  }
  return linkTexts;
}

/** Links, own-section references and repository paths of one docs page. */
function checkDocsPage(root, file, text, covered, page, checkSections, report) {
  const linkTexts = checkLinks(root, file, text, page, report);
  // §N outside link texts, inline code and path citations: a section of this page.
  const codeSpans = [...text.matchAll(/`[^`\n]+`/g)].map((c) => [c.index, c.index + c[0].length]);
  for (const m of text.matchAll(new RegExp(`${SECTION}(?:(?:${LIST_GAP})${SECTION})*`, 'g'))) {
    const inside = (ranges) => ranges.some(([a, b]) => m.index >= a && m.index < b);
    if (inside(linkTexts) || inside(covered) || inside(codeSpans)) continue;
    if (/RFC[ \u00a0]?\d+[ \u00a0]*$/.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    checkSections(file, text, m.index, file, m[0]);
  }
  // Repository paths named in backticks.
  for (const m of text.matchAll(/`((?:apps|libs|scripts|docker|prisma)\/[^`\s]*(?:\.[a-z]+|\/))`/g)) {
    const path = m[1];
    if (!existsSync(join(root, path))) report(file, text, m.index, `${path} does not exist`);
  }
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? resolve(process.argv[rootArg + 1] ?? '') : join(dirname(fileURLToPath(import.meta.url)), '..');
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    console.error(`check-citations: ${root} is not a directory`);
    process.exit(2);
  }
  const problems = checkCitations(root);
  for (const p of problems) console.log(`${p.file.split(sep).join('/')}:${p.line}: ${p.message}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

