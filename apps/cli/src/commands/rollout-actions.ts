// coxswain rollout approve | jump | abort: what a person does to a Rollout (the rollouts.kruise.io kind)
// in flight, as kubectl-kruise's `rollout approve` does but through the API, with the caller's token, a
// reason and an idempotency key (generated and printed when not given), so a retry gets the first answer.
import { randomUUID } from 'node:crypto';
import { UsageError } from '../api/errors.js';
import { AbortRolloutDocument, ApproveRolloutStepDocument, JumpToRolloutStepDocument, type RolloutActionDoneFragment } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { noMoreArgs } from './common.js';

/** `rollout/NAME`, `rollouts/NAME`, `rollouts.rollouts.kruise.io/NAME` or just NAME, as kubectl-kruise takes it. */
export function rolloutName(word: string | undefined, usage: string): string {
  if (word === undefined) throw new UsageError(`name the Rollout; usage: ${usage}`);
  const slash = word.indexOf('/');
  if (slash < 0) return word;
  const kind = word.slice(0, slash).toLowerCase();
  if (!['rollout', 'rollouts', 'rollout.rollouts.kruise.io', 'rollouts.rollouts.kruise.io'].includes(kind)) {
    throw new UsageError(`"${word}" is not a Rollout: write rollout/NAME or NAME (workloads are steered with partition, pause and resume)`);
  }
  return word.slice(slash + 1);
}

function reasonAndKey(inv: Invocation, session: Session, what: string): { reason: string; idempotencyKey: string } {
  const reason = inv.flags.reason as string | undefined;
  if (reason === undefined || reason.trim() === '') throw new UsageError(`--reason is required: say why you ${what} (it is recorded in the audit log)`);
  const given = inv.flags['idempotency-key'] as string | undefined;
  if (given !== undefined && given.trim() === '') throw new UsageError('--idempotency-key must not be empty');
  const idempotencyKey = given ?? randomUUID();
  if (given === undefined) session.io.err(`idempotency key: ${idempotencyKey} (to retry safely: --idempotency-key ${idempotencyKey})`);
  return { reason, idempotencyKey };
}

function done(session: Session, a: RolloutActionDoneFragment, what: string): number {
  const replayed = a.replayed ? '; replayed: this key was used before, nothing was written again' : '';
  session.io.out(`rollout.rollouts.kruise.io/${a.name} ${what} by ${a.actedBy} at ${a.at}${replayed}`);
  return 0;
}

export async function rolloutApprove(inv: Invocation, session: Session): Promise<number> {
  const usage = 'coxswain rollout approve ROLLOUT --reason TEXT [--idempotency-key KEY]';
  const [word, ...rest] = inv.positionals;
  const name = rolloutName(word, usage);
  noMoreArgs(rest, usage);
  const args = reasonAndKey(inv, session, 'approve');
  const { approveRolloutStep: a } = await session.api().request(ApproveRolloutStepDocument, { namespace: session.connection().namespace, name, ...args });
  return done(session, a, `approved: step ${a.stepIndex} done`);
}

export async function rolloutJump(inv: Invocation, session: Session): Promise<number> {
  const usage = 'coxswain rollout jump ROLLOUT STEP --reason TEXT [--idempotency-key KEY]';
  const [word, stepWord, ...rest] = inv.positionals;
  const name = rolloutName(word, usage);
  noMoreArgs(rest, usage);
  if (stepWord === undefined || !/^[1-9][0-9]{0,5}$/.test(stepWord)) throw new UsageError(`name the step to jump to, a number from 1; usage: ${usage}`);
  const args = reasonAndKey(inv, session, 'jump');
  const { jumpToRolloutStep: a } = await session.api().request(JumpToRolloutStepDocument, { namespace: session.connection().namespace, name, stepIndex: Number(stepWord), ...args });
  return done(session, a, `jumps from step ${a.fromStepIndex ?? '?'} to step ${a.stepIndex}`);
}

export async function rolloutAbort(inv: Invocation, session: Session): Promise<number> {
  const usage = 'coxswain rollout abort ROLLOUT --reason TEXT [--idempotency-key KEY]';
  const [word, ...rest] = inv.positionals;
  const name = rolloutName(word, usage);
  noMoreArgs(rest, usage);
  const args = reasonAndKey(inv, session, 'abort');
  const { abortRollout: a } = await session.api().request(AbortRolloutDocument, { namespace: session.connection().namespace, name, ...args });
  return done(session, a, `aborted at step ${a.stepIndex}: the workload goes back to revision ${a.revision ?? '(stable)'}`);
}
