// coxswain preview: what one change would do, simulated by the API on a fork before it is made
// (previewRollout; docs/preview.md). Exactly one of --image, --partition, --replicas, --pause, --resume.
import { UsageError } from '../api/errors.js';
import { PreviewRolloutDocument } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { parseTarget, refOf } from '../kinds.js';
import { renderTable } from '../output/table.js';
import { noMoreArgs, outputFormat, printJson } from './common.js';
import { partitionValue } from './mutate.js';

const USAGE = 'coxswain preview KIND/NAME (--image CONTAINER=IMAGE | --partition N | --replicas N | --pause | --resume)';

/** The one change the flags propose, as previewRollout's arguments. */
export function proposedChange(flags: Record<string, unknown>): { container?: string; image?: string; partition?: number | string; replicas?: number; paused?: boolean } {
  const given = (['image', 'partition', 'replicas', 'pause', 'resume'] as const).filter((f) => flags[f] !== undefined && flags[f] !== false);
  if (given.length !== 1) throw new UsageError(`give exactly one change (${given.length === 0 ? 'none given' : `got --${given.join(', --')}`}); usage: ${USAGE}`);
  const flag = given[0]!;
  if (flag === 'image') {
    const pair = String(flags.image);
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) throw new UsageError(`--image "${pair}" is not CONTAINER=IMAGE, e.g. nginx=nginx:1.27`);
    return { container: pair.slice(0, eq), image: pair.slice(eq + 1) };
  }
  if (flag === 'partition') return { partition: partitionValue(String(flags.partition)) };
  if (flag === 'replicas') return { replicas: flags.replicas as number };
  return { paused: flag === 'pause' };
}

function seconds(ms: number | null | undefined): string {
  return ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(1)}s`;
}

export async function preview(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  noMoreArgs(rest, USAGE);
  const format = outputFormat(inv.flags.output, ['json'] as const);
  const change = proposedChange(inv.flags);
  const answer = await session.api().request(PreviewRolloutDocument, { kind: target.kind.kind, namespace: session.connection().namespace, name: target.name, ...change });
  const p = answer.previewRollout;
  const io = session.io;
  if (format === 'json') {
    io.out(printJson(p));
    return 0;
  }
  const verdict = p.outcome === 'COMPLETE' ? `completes in ${seconds(p.durationMs)}` : p.outcome === 'STOPPED' ? `stops after ${seconds(p.durationMs)}` : `preview cut short at ${seconds(p.durationMs)}: ${p.truncated}`;
  io.out(`${refOf(target)}: ${p.waves.length} wave(s), ${verdict} (simulated; timings ${p.timings.source.toLowerCase()}${p.timings.samples ? ` from ${p.timings.samples} pod starts` : ''})`);
  if (p.waves.length > 0) {
    io.out('');
    io.out(renderTable(['WAVE', 'START', 'READY', 'POD', 'ACTION', 'NODE', 'ZONE'], p.waves.flatMap((w, i) => w.pods.map((pod) => [
      String(i + 1), seconds(w.startMs), seconds(pod.readyAtMs), pod.pod, pod.action, pod.node ?? '-', pod.zone ?? '-',
    ]))).join('\n'));
  }
  if (p.stops.length > 0) {
    io.out('');
    io.out(renderTable(['STOPS AT', 'PODS', 'WHY'], p.stops.map((s) => [s.code, s.pods.join(',') || '-', s.message])).join('\n'));
  }
  io.out('');
  io.out(`final: ${p.final.updatedReadyReplicas}/${p.final.replicas} updated and ready, images ${p.final.images.join(', ')}, health ${p.final.health}`);
  return 0;
}
