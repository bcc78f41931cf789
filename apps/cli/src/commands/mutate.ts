// The rollout mutations that are not `rollout ...`: set image, partition set|step, scale. Each answers
// in kubectl's words (cloneset.apps.kruise.io/web image updated); the API validates the values and its
// refusals name the field.
import { CliError, UsageError } from '../api/errors.js';
import { PartitionStateDocument, ScaleWorkloadDocument, SetImageDocument, SetPartitionDocument } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { parseTarget, refOf } from '../kinds.js';
import { noMoreArgs, notFound } from './common.js';

export async function setImage(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  const usage = 'coxswain set image KIND/NAME CONTAINER=IMAGE';
  if (rest.length === 0) throw new UsageError(`name the container and its image as CONTAINER=IMAGE; usage: ${usage}`);
  if (rest.length > 1) throw new UsageError(`one CONTAINER=IMAGE at a time (each image change is a revision of its own); usage: ${usage}`);
  const pair = rest[0]!;
  const eq = pair.indexOf('=');
  if (eq <= 0 || eq === pair.length - 1) throw new UsageError(`"${pair}" is not CONTAINER=IMAGE, e.g. nginx=nginx:1.27`);
  const container = pair.slice(0, eq);
  const image = pair.slice(eq + 1);
  await session.api().request(SetImageDocument, { kind: target.kind.kind, namespace: session.connection().namespace, name: target.name, container, image });
  session.io.out(`${refOf(target)} image updated`);
  return 0;
}

/** A partition as typed: a whole number, a percentage kept as the string the API reads, or the text itself (the API names what is wrong with it). */
export function partitionValue(text: string): number | string {
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** `step`, `step by N`: how many pods to release (at least 1). */
export function stepSize(args: readonly string[]): number {
  if (args.length === 0) return 1;
  if (args[0] !== 'by' || args.length !== 2) throw new UsageError(`write "step" or "step by N", not "step ${args.join(' ')}"`);
  const n = args[1]!;
  if (!/^\d+$/.test(n) || Number(n) < 1) throw new UsageError(`the step "${n}" must be a whole number of pods, at least 1`);
  return Number(n);
}

export async function partition(inv: Invocation, session: Session): Promise<number> {
  const usage = 'coxswain partition KIND/NAME set N | step [by N] [--subset NAME]';
  const { target, rest } = parseTarget(inv.positionals);
  const [action, ...args] = rest;
  const subset = inv.flags.subset as string | undefined;
  const ud = target.kind.kind === 'UNITED_DEPLOYMENT';
  if (subset !== undefined && !ud) throw new UsageError('--subset is for a UnitedDeployment: other kinds have one partition');
  const name = `${refOf(target)}${subset !== undefined ? ` subset ${subset}` : ''}`;
  if (action === 'set') {
    if (args.length !== 1) throw new UsageError(`give the partition to set; usage: ${usage}`);
    const value = partitionValue(args[0]!);
    const namespace = session.connection().namespace;
    await session.api().request(SetPartitionDocument, { kind: target.kind.kind, namespace, name: target.name, partition: value, subset: subset ?? null });
    session.io.out(`${name} partition set to ${value}${ud && subset === undefined ? ' in every subset' : ''}`);
    return 0;
  }
  if (action !== 'step') throw new UsageError(action === undefined ? `say what to do with the partition; usage: ${usage}` : `unknown partition action "${action}": use set or step; usage: ${usage}`);
  const by = stepSize(args);
  const namespace = session.connection().namespace;
  const api = session.api();
  const answer = await api.request(PartitionStateDocument, { kind: target.kind.kind, namespace, name: target.name });
  const w = answer.workload;
  if (!w) throw notFound(target, namespace);
  let current: number;
  if ('subsets' in w) {
    if (subset === undefined) throw new UsageError(`a UnitedDeployment's partition is per subset: name one with --subset (${w.subsets.map((s) => s.name).join(', ')})`);
    const found = w.subsets.find((s) => s.name === subset);
    if (!found) throw new CliError(`${refOf(target)} has no subset "${subset}"; subsets: ${w.subsets.map((s) => s.name).join(', ') || 'none'}`);
    if (found.kind === 'Deployment') throw new CliError(`subset ${subset} is a Deployment, which has no partition`);
    current = Math.max(0, Math.min(found.partition, found.replicas));
  } else {
    current = w.partitionedReplicas;
  }
  if (current === 0) {
    session.io.out(`${name} partition is already 0: nothing is held back`);
    return 0;
  }
  const next = Math.max(0, current - by);
  // Conditional on the generation read: a change by someone else in between is CONFLICT, not a step from a stale value.
  await api.request(SetPartitionDocument, { kind: target.kind.kind, namespace, name: target.name, partition: next, subset: subset ?? null, expectedGeneration: w.generation });
  session.io.out(`${name} partition set to ${next} (was ${current})`);
  return 0;
}

export async function scale(inv: Invocation, session: Session): Promise<number> {
  const { target, rest } = parseTarget(inv.positionals);
  noMoreArgs(rest, 'coxswain scale KIND/NAME --replicas N');
  const replicas = inv.flags.replicas as number | undefined;
  if (replicas === undefined) throw new UsageError('--replicas is required: coxswain scale KIND/NAME --replicas N');
  await session.api().request(ScaleWorkloadDocument, { kind: target.kind.kind, namespace: session.connection().namespace, name: target.name, replicas });
  session.io.out(`${refOf(target)} scaled`);
  return 0;
}
