// coxswain rollout status|history|undo|pause|resume. `status` decides from the API's Workload.health
// (rollout/status-decision.ts); with --watch it follows the workloadChanged subscription, re-reading
// the workload every few seconds as well, so a change that lands before the subscription is in place
// (or while the socket reconnects) is still seen.
import { CliError, UsageError } from '../api/errors.js';
import {
  HistoryDocument, PauseRolloutDocument, ResumeRolloutDocument, RollbackWorkloadDocument, RolloutChangedDocument, RolloutDocument,
  type RolloutStateFragment,
} from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { parseDuration } from '../duration.js';
import { parseTarget, refOf, type Target } from '../kinds.js';
import { ageOf, renderTable } from '../output/table.js';
import { decide, EXIT, observed, statusCaughtUp, type Decision, type Observation } from '../rollout/status-decision.js';
import { noMoreArgs, notFound } from './common.js';

/** How often --watch re-reads the workload besides the subscription. */
export const WATCH_REREAD_MS = 2000;

function label(w: Pick<RolloutStateFragment, 'name'>, target: Target): string {
  return `${target.kind.singular} "${w.name}"`;
}

/** The line `rollout status` prints for a state it has not finished on. */
export function progressLine(w: RolloutStateFragment, target: Target): string {
  const s = w.status;
  if (!observed(observation(w))) {
    return `Waiting for ${label(w, target)} spec update to be observed (generation ${w.generation}, observed ${s.observedGeneration})...`;
  }
  if (w.health.state === 'COMPLETE' && !statusCaughtUp(observation(w))) {
    return `Waiting for ${label(w, target)} status to catch up: ${s.updatedReadyReplicas} of ${s.expectedUpdatedReplicas} expected updated pods ready, ${s.updatedReplicas} of ${s.replicas} pods updated`;
  }
  const partition = w.partitionedReplicas > 0 ? `, ${w.partitionedReplicas} kept by the partition` : '';
  return `Waiting for ${label(w, target)} rollout to finish: ${w.replicas} desired, ${s.updatedReadyReplicas} updated and ready, ${s.replicas} in all${partition} (${w.health.state.toLowerCase().replace(/_/g, ' ')}: ${w.health.reason})`;
}

/** The line for a decision that ends the command (timeouts are reported as errors instead). */
export function finalLine(w: RolloutStateFragment, target: Target, decision: Extract<Decision, { done: true }>): string {
  switch (decision.outcome) {
    case 'complete':
      return `${label(w, target)} successfully rolled out`;
    case 'held':
      return `${label(w, target)} rollout is held: ${w.health.reason}`;
    case 'degraded':
      return `${label(w, target)} rollout is degraded: ${w.health.reason}`;
    default:
      return progressLine(w, target);
  }
}

function observation(w: RolloutStateFragment): Observation {
  const s = w.status;
  return {
    generation: w.generation, observedGeneration: s.observedGeneration, replicas: s.replicas, updatedReplicas: s.updatedReplicas,
    updatedReadyReplicas: s.updatedReadyReplicas, expectedUpdatedReplicas: s.expectedUpdatedReplicas, state: w.health.state,
  };
}

export async function rolloutStatus(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  noMoreArgs(rest, 'coxswain rollout status KIND/NAME');
  const watch = inv.flags.watch === true;
  const timeoutMs = inv.flags.timeout === undefined ? 0 : parseDuration(String(inv.flags.timeout));
  if (timeoutMs > 0 && !watch) throw new UsageError('--timeout needs --watch: without it the status is read once');
  const namespace = session.connection().namespace;
  const variables = { kind: target.kind.kind, namespace, name: target.name };
  const api = session.api();
  const io = session.io;
  if (!watch) {
    const answer = await api.request(RolloutDocument, variables);
    if (!answer.workload) throw notFound(target, namespace);
    const decision = decide(observation(answer.workload), { watch: false, timedOut: false }) as Extract<Decision, { done: true }>;
    io.out(finalLine(answer.workload, target, decision));
    return decision.exit;
  }
  const live = await session.live();
  return new Promise<number>((resolve, reject) => {
    let finished = false;
    let lastLine = '';
    let last: RolloutStateFragment | undefined;
    let eventsSeen = 0;
    let reading = false;
    const timers: NodeJS.Timeout[] = [];
    let unsubscribe = () => {};
    const end = () => {
      finished = true;
      timers.forEach((t) => clearTimeout(t));
      unsubscribe();
    };
    const fail = (err: unknown) => {
      if (finished) return;
      end();
      reject(err);
    };
    const consider = (w: RolloutStateFragment | null) => {
      if (finished) return;
      if (!w) return fail(notFound(target, namespace));
      last = w;
      const decision = decide(observation(w), { watch: true, timedOut: false });
      if (decision.done) {
        end();
        io.out(finalLine(w, target, decision));
        resolve(decision.exit);
        return;
      }
      const line = progressLine(w, target);
      if (line !== lastLine) io.out(line);
      lastLine = line;
    };
    unsubscribe = live.subscribe(RolloutChangedDocument, variables, (data) => {
      eventsSeen++;
      consider(data.workloadChanged);
    }, fail);
    // The first read, and the re-reads: an answer is dropped when an event arrived while it was on its
    // way (the event may be newer), and one read is in flight at a time.
    const reread = async () => {
      if (finished || reading) return;
      reading = true;
      const before = eventsSeen;
      try {
        const answer = await api.request(RolloutDocument, variables);
        if (eventsSeen === before || !last) consider(answer.workload);
      } catch (err) {
        fail(err);
      } finally {
        reading = false;
      }
    };
    void reread();
    const interval = setInterval(() => void reread(), WATCH_REREAD_MS);
    timers.push(interval);
    if (timeoutMs > 0) {
      timers.push(setTimeout(() => {
        if (finished) return;
        end();
        const state = last ? `; last: ${last.health.state.toLowerCase().replace(/_/g, ' ')}: ${last.health.reason}` : '';
        io.err(`error: timed out after ${String(inv.flags.timeout)} waiting for ${target.kind.singular} "${target.name}" to finish its rollout${state}`);
        resolve(EXIT.TIMED_OUT);
      }, timeoutMs));
    }
  });
}

export async function rolloutHistory(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  noMoreArgs(rest, 'coxswain rollout history KIND/NAME');
  const revision = inv.flags.revision as number | undefined;
  const namespace = session.connection().namespace;
  const answer = await session.api().request(HistoryDocument, { kind: target.kind.kind, namespace, name: target.name, withManifest: revision !== undefined });
  if (!answer.workload) throw notFound(target, namespace);
  const revisions = [...answer.workload.revisions].sort((a, b) => a.revision - b.revision);
  const io = session.io;
  if (revision !== undefined) {
    const found = revisions.find((r) => r.revision === revision);
    if (!found) throw new CliError(`${refOf(target)} has no revision ${revision}; revisions: ${revisions.map((r) => r.revision).join(', ') || 'none'}`);
    io.out(`${refOf(target)} with revision #${found.revision} (${found.name})`);
    io.out((found.manifest ?? '').trimEnd());
    return 0;
  }
  const now = Date.parse(answer.serverTime);
  io.out(refOf(target));
  if (revisions.length === 0) {
    io.out('No rollout history found.');
    return 0;
  }
  io.out(renderTable(['REVISION', 'NAME', 'IMAGES', 'PODS', 'STATUS', 'AGE'], revisions.map((r) => [
    String(r.revision), r.name, r.images.join(',') || '<none>', String(r.podCount),
    [r.isCurrent ? 'current' : '', r.isUpdate ? 'update' : ''].filter(Boolean).join(',') || '-', ageOf(r.createdAt, now),
  ])).join('\n'));
  return 0;
}

export async function rolloutUndo(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  noMoreArgs(rest, 'coxswain rollout undo KIND/NAME [--to-revision N]');
  const to = (inv.flags['to-revision'] as number | undefined) ?? 0;
  if (to < 0) throw new UsageError('--to-revision must be 0 (the previous revision) or a revision number');
  const namespace = session.connection().namespace;
  const api = session.api();
  const answer = await api.request(HistoryDocument, { kind: target.kind.kind, namespace, name: target.name, withManifest: false });
  if (!answer.workload) throw notFound(target, namespace);
  const revisions = [...answer.workload.revisions].sort((a, b) => b.revision - a.revision);
  const update = revisions.find((r) => r.isUpdate);
  let chosen;
  if (to === 0) {
    chosen = revisions.find((r) => r.revision < (update?.revision ?? Infinity) && !r.isUpdate);
    if (!chosen) throw new CliError(`${refOf(target)} has no previous revision to roll back to (revisions: ${revisions.map((r) => r.revision).join(', ') || 'none'})`);
  } else {
    chosen = revisions.find((r) => r.revision === to);
    if (!chosen) throw new CliError(`${refOf(target)} has no revision ${to}; revisions: ${revisions.map((r) => r.revision).join(', ') || 'none'}`);
    if (chosen.isUpdate) {
      session.io.out(`${refOf(target)} skipped rollback (current template already matches revision ${to})`);
      return 0;
    }
  }
  await api.request(RollbackWorkloadDocument, { kind: target.kind.kind, namespace, name: target.name, revision: chosen.name });
  session.io.out(`${refOf(target)} rolled back to revision ${chosen.revision} (${chosen.name})`);
  return 0;
}

export async function rolloutPause(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  noMoreArgs(rest, 'coxswain rollout pause KIND/NAME');
  await session.api().request(PauseRolloutDocument, { kind: target.kind.kind, namespace: session.connection().namespace, name: target.name });
  session.io.out(`${refOf(target)} paused`);
  return 0;
}

export async function rolloutResume(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  noMoreArgs(rest, 'coxswain rollout resume KIND/NAME');
  await session.api().request(ResumeRolloutDocument, { kind: target.kind.kind, namespace: session.connection().namespace, name: target.name });
  session.io.out(`${refOf(target)} resumed`);
  return 0;
}
