// coxswain preview: what one change would do, simulated by the API on a fork before it is made
// (previewRollout; docs/preview.md). Exactly one of --image, --partition, --replicas, --pause, --resume,
// -f (the workload's whole manifest).
import { UsageError } from '../api/errors.js';
import { PreviewRolloutDocument } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { parseTarget, refOf } from '../kinds.js';
import { renderTable } from '../output/table.js';
import { readManifestFile } from './apply.js';
import { noMoreArgs, outputFormat, printJson } from './common.js';
import { partitionValue } from './mutate.js';

const USAGE = 'coxswain preview KIND/NAME (--image CONTAINER=IMAGE | --partition N [--subset NAME] | --replicas N | --pause | --resume | -f FILE)';

export interface PreviewArguments {
  container?: string;
  image?: string;
  partition?: number | string;
  subset?: string;
  replicas?: number;
  paused?: boolean;
  /** With -f: the file to read the manifest from (read by the caller). */
  filename?: string;
}

/** The one change the flags propose, as previewRollout's arguments. */
export function proposedChange(flags: Record<string, unknown>): PreviewArguments {
  const given = (['image', 'partition', 'replicas', 'pause', 'resume', 'filename'] as const).filter((f) => flags[f] !== undefined && flags[f] !== false);
  const named = given.map((f) => (f === 'filename' ? '-f' : `--${f}`));
  if (given.length !== 1) throw new UsageError(`give exactly one change (${given.length === 0 ? 'none given' : `got ${named.join(', ')}`}); usage: ${USAGE}`);
  if (flags.subset !== undefined && given[0] !== 'partition') throw new UsageError('--subset goes with --partition (a UnitedDeployment\'s subset)');
  const flag = given[0]!;
  if (flag === 'filename') {
    if (flags.filename === '') throw new UsageError('-f needs a file: the workload\'s manifest, or - for stdin');
    return { filename: String(flags.filename) };
  }
  if (flag === 'image') {
    const pair = String(flags.image);
    const eq = pair.indexOf('=');
    if (eq <= 0 || eq === pair.length - 1) throw new UsageError(`--image "${pair}" is not CONTAINER=IMAGE, e.g. nginx=nginx:1.27`);
    return { container: pair.slice(0, eq), image: pair.slice(eq + 1) };
  }
  if (flag === 'partition') return { partition: partitionValue(String(flags.partition)), ...(flags.subset !== undefined ? { subset: String(flags.subset) } : {}) };
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
  const { filename, ...change } = proposedChange(inv.flags);
  const manifest = filename === undefined ? undefined : await readManifestFile(filename, session, 'preview');
  const answer = await session.api().request(PreviewRolloutDocument, { kind: target.kind.kind, namespace: session.connection().namespace, name: target.name, ...change, manifest });
  const p = answer.previewRollout;
  const io = session.io;
  if (format === 'json') {
    io.out(printJson(p));
    return 0;
  }
  const verdict = p.outcome === 'COMPLETE' ? `completes in ${seconds(p.durationMs)}` : p.outcome === 'STOPPED' ? `stops after ${seconds(p.durationMs)}` : `preview cut short at ${seconds(p.durationMs)}: ${p.truncated}`;
  io.out(`${refOf(target)}: ${p.waves.length} wave(s), ${verdict} (simulated; timings ${p.timings.source.toLowerCase()}${p.timings.samples ? ` from ${p.timings.samples} pod starts` : ''})`);
  if (p.waves.length > 0) {
    // A UnitedDeployment's pods belong to subsets: a SUBSET column then.
    const subsets = p.waves.some((w) => w.pods.some((pod) => pod.subset));
    io.out('');
    io.out(renderTable(['WAVE', 'START', 'READY', ...(subsets ? ['SUBSET'] : []), 'POD', 'ACTION', 'NODE', 'ZONE'], p.waves.flatMap((w, i) => w.pods.map((pod) => [
      String(i + 1), seconds(w.startMs), seconds(pod.readyAtMs), ...(subsets ? [pod.subset ?? '-'] : []), pod.pod, pod.action, pod.node ?? '-', pod.zone ?? '-',
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
