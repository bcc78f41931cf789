// coxswain describe KIND NAME: the workload as an SRE reads it, in kubectl describe's layout: health
// and why, the plan (what the controller does next and what blocks it), revisions, subsets or
// ordinals, conditions and events. Ages are counted on the server's clock (serverTime).
import { UsageError } from '../api/errors.js';
import { DescribeDocument, type DescribeQuery } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { kindByEnum, parseTarget } from '../kinds.js';
import { ageOf, renderTable } from '../output/table.js';
import { noMoreArgs, notFound } from './common.js';

type Described = NonNullable<DescribeQuery['workload']>;

function field(label: string, value: string | number): string {
  return `${`${label}:`.padEnd(20)}${value}`;
}

function indent(lines: readonly string[], by = '  '): string[] {
  return lines.map((l) => (l === '' ? l : `${by}${l}`));
}

function until(at: string | null | undefined, now: number): string {
  if (!at) return '';
  const t = Date.parse(at);
  if (Number.isNaN(t)) return at;
  const left = Math.max(0, Math.ceil((t - now) / 1000));
  return `${at} (in ${left}s)`;
}

function diffWords(diff: unknown): string {
  if (!diff || typeof diff !== 'object' || Array.isArray(diff)) return JSON.stringify(diff ?? null);
  const entries = Object.entries(diff as Record<string, unknown>);
  return entries.length === 0 ? '<none>' : entries.map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(', ');
}

export function describeLines(w: Described, serverTime: string): string[] {
  const now = Date.parse(serverTime);
  const s = w.status;
  const lines: string[] = [
    field('Name', w.name),
    field('Namespace', w.namespace),
    field('Kind', `${kindByEnum(w.kind).clusterKind} (apps.kruise.io)`),
    field('UID', w.uid),
    field('Created', `${w.createdAt} (${ageOf(w.createdAt, now)} ago)`),
    field('Generation', `${w.generation} (observed ${s.observedGeneration})`),
    field('Images', w.images.join(', ') || '<none>'),
    field('Replicas', `${w.replicas} desired | ${s.replicas} total | ${s.readyReplicas} ready | ${s.availableReplicas} available${s.currentReplicas !== null ? ` | ${s.currentReplicas} current` : ''}`),
    field('Updated', `${s.updatedReplicas} updated | ${s.updatedReadyReplicas} ready | ${s.updatedAvailableReplicas} available | ${s.expectedUpdatedReplicas} expected`),
    field('Partition', `${w.partitionedReplicas} kept at the current revision`),
    field('Update Strategy', JSON.stringify(w.updateStrategy)),
    field('Current Revision', s.currentRevision || '<none>'),
    field('Update Revision', s.updateRevision || '<none>'),
    field('Health', w.health.state),
    ...indent([
      field('Reason', w.health.reason),
      ...(w.health.pods.length ? [field('Pods', w.health.pods.join(', '))] : []),
      ...(w.health.until ? [field('Until', until(w.health.until, now))] : []),
    ]),
  ];
  if ('ordinals' in w) {
    const reserved = w.ordinals.reserved.map((r) => (r.from === r.to ? `${r.from}` : `${r.from}-${r.to}`));
    lines.push(field('Ordinals', `${w.ordinals.start}..${w.ordinals.end - 1}${reserved.length ? `, reserved ${reserved.join(', ')}` : ''}`));
  }
  const plan = w.plan;
  lines.push('Plan:', ...indent([field('Complete', String(plan.complete)), field('Diff', diffWords(plan.diff))]));
  lines.push('  Actions:');
  lines.push(...(plan.actions.length === 0
    ? ['    <none>']
    : indent(renderTable(['TYPE', 'POD', 'REVISION', 'REASON'], plan.actions.map((a) => [a.type, a.pod || '-', a.revision ?? '-', a.reason])), '    ')));
  lines.push('  Blockers:');
  if (plan.blockers.length === 0) lines.push('    <none>');
  for (const b of plan.blockers) {
    lines.push(`    ${b.code}: ${b.message}`);
    if (b.pods.length) lines.push(`      pods: ${b.pods.join(', ')}`);
    if (b.until) lines.push(`      until: ${until(b.until, now)}`);
  }
  if ('subsets' in w) {
    lines.push('Subsets:');
    lines.push(...indent(renderTable(
      ['NAME', 'KIND', 'WORKLOAD', 'REPLICAS', 'PARTITION', 'READY', 'UPDATED', 'UPDATED_READY', 'SCHEDULABLE', 'REASON'],
      w.subsets.map((x) => [
        x.name, x.kind, x.workload ?? '<none>', String(x.replicas),
        x.specifiedPartition !== null && x.specifiedPartition !== x.partition ? `${x.partition} (spec ${x.specifiedPartition})` : String(x.partition),
        String(x.readyReplicas), String(x.updatedReplicas), String(x.updatedReadyReplicas),
        x.schedulable ? 'true' : `false${x.recoversAt ? ` until ${x.recoversAt}` : ''}`, x.reason,
      ]),
    )));
  }
  lines.push('Revisions:');
  lines.push(...(w.revisions.length === 0
    ? ['  <none>']
    : indent(renderTable(['REVISION', 'NAME', 'IMAGES', 'PODS', 'CURRENT', 'UPDATE', 'AGE'], w.revisions.map((r) => [
      String(r.revision), r.name, r.images.join(',') || '<none>', String(r.podCount), r.isCurrent ? 'yes' : '', r.isUpdate ? 'yes' : '', ageOf(r.createdAt, now),
    ])))));
  lines.push('Conditions:');
  lines.push(...(s.conditions.length === 0
    ? ['  <none>']
    : indent(renderTable(['TYPE', 'STATUS', 'REASON', 'MESSAGE'], s.conditions.map((c) => [c.type, c.status, c.reason ?? '', c.message ?? ''])))));
  if (w.events.length === 0) lines.push(field('Events', '<none>'));
  else {
    lines.push('Events:');
    lines.push(...indent(renderTable(['TYPE', 'REASON', 'AGE', 'MESSAGE'], w.events.map((e) => {
      const last = ageOf(e.lastTimestamp ?? e.firstTimestamp, now);
      const age = e.count > 1 && e.firstTimestamp ? `${last} (x${e.count} over ${ageOf(e.firstTimestamp, now)})` : last;
      return [e.type, e.reason, age, e.message];
    }))));
  }
  return lines;
}

export async function describe(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals, 'the workload to describe');
  noMoreArgs(rest, 'coxswain describe KIND NAME');
  const events = inv.flags.events === undefined ? 20 : Number(inv.flags.events);
  if (events < 0) throw new UsageError('--events must be 0 or more');
  const namespace = session.connection().namespace;
  const answer = await session.api().request(DescribeDocument, { kind: target.kind.kind, namespace, name: target.name, events });
  if (!answer.workload) throw notFound(target, namespace);
  session.io.out(describeLines(answer.workload, answer.serverTime).join('\n'));
  return 0;
}
