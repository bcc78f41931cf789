// coxswain get KIND [NAME]: kubectl's table for the kind (the API computes its printer columns, so
// AGE and the counts read as `kubectl get` would), -o wide|json|yaml|name, -A for every namespace.
import { UsageError } from '../api/errors.js';
import { WorkloadDocument, WorkloadsDocument, type WorkloadRowFragment, type WorkloadsQuery } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { kindByEnum, parseKind, parseTarget, KIND_WORDS, type KindInfo } from '../kinds.js';
import { renderTable } from '../output/table.js';
import { at, listOf, manifestObject, noMoreArgs, notFound, outputFormat, printJson, printYaml } from './common.js';

export const GET_FORMATS = ['wide', 'json', 'yaml', 'name'] as const;
export type GetFormat = (typeof GET_FORMATS)[number];

const PAGE = 100;

/** kubectl's priority-1 columns of the kind (Kruise's CRDs): shown with -o wide. */
export function wideColumns(kind: KindInfo, row: WorkloadRowFragment): { name: string; value: string }[] {
  if (kind.kind === 'UNITED_DEPLOYMENT') return [];
  const object = manifestObject(row.manifest);
  const containers = at(object, 'spec', 'template', 'spec', 'containers');
  const names = Array.isArray(containers) ? containers.map((c) => String(at(c, 'name') ?? '')).join(',') : '';
  const columns = [
    { name: 'CONTAINERS', value: names || '<none>' },
    { name: 'IMAGES', value: row.images.join(',') || '<none>' },
  ];
  if (kind.kind === 'CLONE_SET') columns.push({ name: 'SELECTOR', value: String(at(object, 'status', 'labelSelector') ?? '') || '<none>' });
  return columns;
}

/** The table `get` prints: NAMESPACE with -A, NAME, the kind's columns, and with wide its priority-1 columns. */
export function workloadTable(rows: readonly WorkloadRowFragment[], options: { allNamespaces: boolean; wide: boolean }): string[] {
  const first = rows[0];
  if (!first) return [];
  const kind = kindByEnum(first.kind);
  const extra = (r: WorkloadRowFragment) => (options.wide ? wideColumns(kind, r) : []);
  const headers = [...(options.allNamespaces ? ['NAMESPACE'] : []), 'NAME', ...first.columns.map((c) => c.name), ...extra(first).map((c) => c.name)];
  const body = rows.map((r) => [...(options.allNamespaces ? [r.namespace] : []), r.name, ...r.columns.map((c) => c.value), ...extra(r).map((c) => c.value)]);
  return renderTable(headers, body);
}

export async function get(inv: Invocation, session: Session): Promise<number> {
  const [first, ...rest] = inv.positionals;
  if (first === undefined) throw new UsageError(`name the kind of workload to get: ${KIND_WORDS}`);
  let kind: KindInfo;
  let name: string | undefined;
  if (first.includes('/')) {
    const parsed = parseTarget([first]);
    kind = parsed.target.kind;
    name = parsed.target.name;
    noMoreArgs(rest, 'coxswain get KIND/NAME');
  } else {
    kind = parseKind(first);
    name = rest[0];
    noMoreArgs(rest.slice(1), 'coxswain get KIND [NAME]');
  }
  const format = outputFormat(inv.flags.output, GET_FORMATS);
  const allNamespaces = inv.flags['all-namespaces'] === true;
  if (allNamespaces && name !== undefined) throw new UsageError('a workload cannot be retrieved by name across all namespaces: drop -A or the name');
  const api = session.api();
  const namespace = session.connection().namespace;
  const withManifest = format === 'wide' || format === 'json' || format === 'yaml';
  let rows: WorkloadRowFragment[];
  if (name !== undefined) {
    const answer = await api.request(WorkloadDocument, { kind: kind.kind, namespace, name, withManifest });
    if (!answer.workload) throw notFound({ kind, name }, namespace);
    rows = [answer.workload];
  } else {
    rows = [];
    let after: string | null = null;
    for (;;) {
      const page: WorkloadsQuery = await api.request(WorkloadsDocument, {
        kind: kind.kind, namespace: allNamespaces ? null : namespace, first: PAGE, after, withManifest,
      });
      rows.push(...page.workloads.edges.map((e) => e.node));
      if (!page.workloads.pageInfo.hasNextPage || !page.workloads.pageInfo.endCursor) break;
      after = page.workloads.pageInfo.endCursor;
    }
  }
  const io = session.io;
  if (format === 'name') {
    rows.forEach((r) => io.out(`${kind.resource}/${r.name}`));
    return 0;
  }
  if (format === 'json' || format === 'yaml') {
    const objects = rows.map((r) => manifestObject(r.manifest));
    const value = name !== undefined ? objects[0] : listOf(objects);
    io.out(format === 'json' ? printJson(value) : printYaml(value));
    return 0;
  }
  if (rows.length === 0) {
    io.err(allNamespaces ? 'No resources found' : `No resources found in ${namespace} namespace.`);
    return 0;
  }
  io.out(workloadTable(rows, { allNamespaces, wide: format === 'wide' }).join('\n'));
  return 0;
}
