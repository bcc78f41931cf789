#!/usr/bin/env node
// Rewrites the citations in apps/, libs/, scripts/ and the README into the one style of
// docs/README.md §2: `docs/<path>.md §N.M`, each section with its page before it or in a list after a
// section of that page. Deterministic and idempotent, so it can be run again after merging a branch
// written in an older style; then `node scripts/check-citations.mjs` confirms the result.
//
//   node scripts/rewrite-citations.mjs           rewrite the files in place, list what changed
//   node scripts/rewrite-citations.mjs --check   list what would change; exit 1 if anything would
//   node scripts/rewrite-citations.mjs --explain list how each bare § would be resolved; write nothing
//
// The old styles it knows: `spec/cloneset.md §5.2`, `spec cloneset §5.2`, `cloneset §5.2`,
// `inplace-and-lifecycle §3.2`, `inplace spec §1.2`, `spec/cloneset.md header` (§0), `design.md`,
// `api-contract "REST"` and the other api-contract forms, the team's shared notes and seed documents
// under /work/shared, and a bare `§4.6` or `spec §4.6`. A bare section takes the page named last before
// it in the same comment (or Markdown paragraph); failing that, the first page the file names; failing
// that, the page its file name or folder names (cloneset*, statefulset*, uniteddeployment*; cloneset/,
// statefulset/, uniteddeployment/, inplace/, lifecycle/). BARE_OVERRIDES below settles the few bare sections those rules would give the wrong page.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_ROOTS, listFiles, SELF } from './check-citations.mjs';

const PAGE = {
  cloneset: 'docs/spec/cloneset.md',
  'advanced-statefulset': 'docs/spec/advanced-statefulset.md',
  uniteddeployment: 'docs/spec/uniteddeployment.md',
  'inplace-and-lifecycle': 'docs/spec/inplace-and-lifecycle.md',
  inplace: 'docs/spec/inplace-and-lifecycle.md',
  'api-contract': 'docs/spec/api-contract.md',
};
const NAMES = 'cloneset|advanced-statefulset|uniteddeployment|inplace-and-lifecycle|api-contract';
const CODE_EXTENSIONS = /\.(ts|tsx|mts|cts|js|mjs|cjs|yaml|yml|graphql|prisma|sh|md)$/;

/**
 * Bare sections the general rules would resolve to the wrong page: in `file`, a bare `§<section>` on
 * a line containing `line` belongs to `page`.
 */
const BARE_OVERRIDES = [
  { file: 'libs/workloads/src/cloneset/update-plan.ts', line: '(§2.6 finishGracePeriod)', section: '2.6', page: PAGE.inplace },
  { file: 'libs/workloads/src/cloneset/planner-types.ts', line: 'the in-place refresh (§2.6)', section: '2.6', page: PAGE.inplace },
  { file: 'apps/dashboard/src/lib/rollout/strategy.ts', line: 'lowest-ordinal pods (§4.6)', section: '4.6', page: PAGE['advanced-statefulset'] },
  { file: 'libs/kruise-api/test/intstr.test.ts', line: 'getValueFromIntOrPercent (spec §3.1)', section: '3.1', page: PAGE.cloneset },
  { file: 'libs/kruise-api/test/intstr.test.ts', line: 'calculatePartitionReplicas (spec §3.1 examples)', section: '3.1', page: PAGE.cloneset },
  { file: 'libs/kruise-api/test/intstr.test.ts', line: 'effectiveStrategyNumbers (spec §3.2)', section: '3.2', page: PAGE.cloneset },
];

/** Files whose first-named page is not the one their bare sections mean. */
const PRIMARY_OVERRIDES = {
  // Names docs/spec/inplace-and-lifecycle.md §3 first; its bare §6, §7.1, §8.5 are CloneSet's.
  'libs/workloads/src/pod/pod-state.ts': PAGE.cloneset,
};

// Old page mentions, tried longest first at each position. `to` is the replacement text; `page` the
// page a following § belongs to.
const MENTIONS = [
  { re: String.raw`\/work\/shared\/notes\/kube-api\.md`, to: () => 'docs/kubernetes-api.md §1', page: null },
  { re: String.raw`\/work\/shared\/seeds\/(\d{3})_[0-9a-f]+\.txt`, to: (m) => `seed document ${m[1]} (docs/README.md §4)`, page: null },
  { re: String.raw`(?<![\w/.-])shared\/seeds\/(\d{3})`, to: (m) => `seed document ${m[1]}, docs/README.md §4`, page: null },
  { re: String.raw`(?<![\w/.-])design\.md's quality bars`, to: () => 'the quality bars (docs/architecture.md §5)', page: null },
  { re: String.raw`(?<![\w/.-])design\.md`, to: () => 'docs/architecture.md', page: 'docs/architecture.md' },
  { re: String.raw`(?<![\w/.-])api-contract "What a hook acknowledgement does"`, to: () => 'docs/spec/api-contract.md §2', page: null },
  { re: String.raw`(?<![\w/.-])api-contract "REST"`, to: () => 'docs/spec/api-contract.md §3', page: null },
  { re: String.raw`(?<![\w/.-])api-contract: `, to: () => 'docs/spec/api-contract.md §1: ', page: null },
  { re: String.raw`seeded into the embedded cluster \(api-contract\.md\)`, to: () => 'seeded into the embedded cluster (docs/spec/api-contract.md §4)', page: null },
  { re: String.raw`(?<![\w/.-])spec\/(${NAMES})\.md( |[ \t]*\r?\n[ \t]*(?:\/\/+|\*|#)?[ \t]*)header`, to: (m) => `${PAGE[m[1]]}${m[2]}§0`, page: null },
  { re: String.raw`(?<![\w/.-])(?:spec\/)?(${NAMES})\.md`, to: (m) => PAGE[m[1]], page: (m) => PAGE[m[1]] },
  { re: String.raw`(?<![\w/.-])[Ss]pec (${NAMES})(?![\w.-])`, to: (m) => PAGE[m[1]], page: (m) => PAGE[m[1]] },
  { re: String.raw`(?<![\w/.-])inplace spec(?= §)`, to: () => PAGE.inplace, page: () => PAGE.inplace },
  { re: String.raw`(?<![\w/.-])(${NAMES}|inplace)(?= §|[ \t]*\r?\n[ \t]*(?:\/\/+|\*|#)?[ \t]*§)`, to: (m) => PAGE[m[1]], page: (m) => PAGE[m[1]] },
  { re: String.raw`(?<![\w/.-])docs\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.md`, to: null, page: (m) => m[0] },
];
const SECTION = String.raw`§\d+(?:\.\d+)*(?:[–-]§?\d+(?:\.\d+)*)?`;
const BREAK = String.raw`[ \t]*\r?\n[ \t]*(?:\/\/+|\*|#)?[ \t]*`;
const PAGE_GAP = new RegExp(String.raw`^(?: |${BREAK})$`);
const LIST_GAP = new RegExp(String.raw`^(?:(?:,|,? and|,? or|\/)(?: |${BREAK})|\/)$`);
const TOKEN = new RegExp([...MENTIONS.map((m, i) => `(?<m${i}>${m.re})`), `(?<spec>(?<![\\w/.-])[Ss]pec (?=§\\d))`, `(?<section>${SECTION})`].join('|'), 'g');
const FOLDER_PAGE = [
  [/\/cloneset[^/]*$/, PAGE.cloneset],
  [/\/statefulset[^/]*$/, PAGE['advanced-statefulset']],
  [/\/uniteddeployment[^/]*$/, PAGE.uniteddeployment],
  [/\/(cloneset)\//, PAGE.cloneset],
  [/\/(statefulset)\//, PAGE['advanced-statefulset']],
  [/\/(uniteddeployment)\//, PAGE.uniteddeployment],
  [/\/(inplace|lifecycle)\//, PAGE.inplace],
];

/** For each line, the index of its block: a run of comment lines, a Markdown paragraph, or the line alone. */
function blocksOf(text, markdown) {
  const lines = text.split('\n');
  const ids = [];
  let block = 0;
  let prev = null;
  for (const line of lines) {
    const kind = markdown ? (line.trim() === '' ? null : 'p') : /^\s*(\/\/|\/\*|\*|#)/.test(line) ? 'c' : null;
    if (kind === null || kind !== prev) block++;
    ids.push(block);
    prev = kind;
  }
  return ids;
}

/** The rewritten text of one file, and how each bare section was resolved. */
export function rewriteText(file, text) {
  const markdown = file.endsWith('.md');
  const blocks = blocksOf(text, markdown);
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const lineAt = (offset) => {
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return lo;
  };
  const tokens = [];
  for (const m of text.matchAll(TOKEN)) {
    const i = MENTIONS.findIndex((_, k) => m.groups[`m${k}`] !== undefined);
    if (i >= 0) {
      const sticky = new RegExp(MENTIONS[i].re, 'y');
      sticky.lastIndex = m.index;
      const sub = sticky.exec(text);
      const mention = MENTIONS[i];
      tokens.push({ kind: 'mention', start: m.index, end: m.index + m[0].length, to: mention.to ? mention.to(sub) : m[0], page: typeof mention.page === 'function' ? mention.page(sub) : mention.page });
    } else if (m.groups.spec !== undefined) {
      tokens.push({ kind: 'spec', start: m.index, end: m.index + m[0].length });
    } else {
      // A § right after `RFC 5280 ` is the RFC's own.
      if (/RFC[ \u00a0]?\d+[ \u00a0]*$/.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
      tokens.push({ kind: 'section', start: m.index, end: m.index + m[0].length, text: m[0] });
    }
  }
  const primary = PRIMARY_OVERRIDES[file] ?? tokens.find((t) => t.kind === 'mention' && t.page)?.page ?? FOLDER_PAGE.find(([re]) => re.test(`/${file}`))?.[1];
  const edits = [];
  const explained = [];
  let prev = null;
  const lastPage = new Map();
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const block = blocks[lineAt(t.start)];
    if (t.kind === 'mention') {
      if (t.to !== text.slice(t.start, t.end)) edits.push({ start: t.start, end: t.end, text: t.to });
      if (t.page) lastPage.set(block, t.page);
      prev = t;
      continue;
    }
    if (t.kind === 'spec') {
      prev = t;
      continue;
    }
    const gap = prev ? text.slice(prev.end, t.start) : null;
    if (prev && prev.kind === 'mention' && prev.page && PAGE_GAP.test(gap)) {
      t.page = prev.page;
    } else if (prev && prev.kind === 'section' && prev.page && LIST_GAP.test(gap)) {
      t.page = prev.page;
    } else {
      const lineText = text.slice(lineStarts[lineAt(t.start)], text.indexOf('\n', t.start) === -1 ? text.length : text.indexOf('\n', t.start));
      const number = /§([\d.]+\d|\d)/.exec(t.text)[1];
      const override = BARE_OVERRIDES.find((o) => o.file === file && o.section === number && lineText.includes(o.line));
      const page = override?.page ?? lastPage.get(block) ?? primary;
      const how = override ? 'override' : lastPage.has(block) ? 'same comment' : PRIMARY_OVERRIDES[file] ? 'file override' : tokens.some((x) => x.kind === 'mention' && x.page) ? 'first page the file names' : 'file name or folder';
      if (!page) {
        explained.push({ line: lineAt(t.start) + 1, section: t.text, page: undefined, how: 'unresolved: no page named before it; add a BARE_OVERRIDES entry' });
        prev = t;
        continue;
      }
      t.page = page;
      explained.push({ line: lineAt(t.start) + 1, section: t.text, page, how });
      if (prev && prev.kind === 'spec' && prev.end === t.start) edits.push({ start: prev.start, end: prev.end, text: `${page} ` });
      else edits.push({ start: t.start, end: t.start, text: `${page} ` });
    }
    prev = t;
  }
  let out = '';
  let at = 0;
  for (const e of edits.sort((a, b) => a.start - b.start)) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  out += text.slice(at);
  return { text: out, explained };
}

/** The files the rewrite covers. */
export function filesToRewrite(root) {
  return listFiles(root).filter((f) => !SELF.has(f) && (f === 'README.md' || (CODE_ROOTS.some((r) => f.startsWith(`${r}/`)) && CODE_EXTENSIONS.test(f))));
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const check = process.argv.includes('--check');
  const explain = process.argv.includes('--explain');
  const results = filesToRewrite(root).map((file) => {
    const before = readFileSync(join(root, file), 'utf8');
    return { file, before, ...rewriteText(file, before) };
  });
  const unresolved = results.flatMap((r) => r.explained.filter((e) => !e.page).map((e) => `${r.file}:${e.line}: ${e.section}: ${e.how}`));
  if (explain) {
    for (const r of results) for (const e of r.explained) console.log(`${r.file}:${e.line}: ${e.section} -> ${e.page ?? '?'} (${e.how})`);
    process.exit(unresolved.length > 0 ? 1 : 0);
  }
  if (unresolved.length > 0) {
    for (const line of unresolved) console.error(line);
    console.error('nothing rewritten');
    process.exit(1);
  }
  const changed = results.filter((r) => r.text !== r.before);
  for (const r of changed) {
    console.log(`${check ? 'would rewrite' : 'rewrote'} ${r.file}`);
    if (!check) writeFileSync(join(root, r.file), r.text);
  }
  console.log(`${changed.length} file(s) ${check ? 'to rewrite' : 'rewritten'}`);
  process.exit(check && changed.length > 0 ? 1 : 0);
}
