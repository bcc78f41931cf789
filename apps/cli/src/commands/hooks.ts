// coxswain hooks list | ack: the pods waiting on a lifecycle hook, and acknowledging one, exactly
// once: every ack carries an idempotency key (generated and printed when not given), so a retry with
// the same key gets the first answer instead of acknowledging twice.
import { randomUUID } from 'node:crypto';
import { UsageError } from '../api/errors.js';
import { AckHookDocument, PendingHooksDocument, type HookPoint, type LifecycleState } from '../api/generated.js';
import type { Invocation } from '../cli/spec.js';
import type { Session } from '../cli/session.js';
import { kindByEnum } from '../kinds.js';
import { ageOf, renderTable } from '../output/table.js';
import { noMoreArgs, outputFormat, printJson } from './common.js';

/** The hooks under the names Kruise's lifecycle spec and the REST API use. */
export const HOOKS: readonly { point: HookPoint; name: string }[] = [
  { point: 'PRE_DELETE', name: 'preDelete' },
  { point: 'PRE_UPDATE', name: 'preUpdate' },
  { point: 'POST_UPDATE', name: 'postUpdate' },
  { point: 'PRE_NORMAL', name: 'preNormal' },
];

export function parseHook(word: string): HookPoint {
  const w = word.replace(/[-_]/g, '').toLowerCase();
  const found = HOOKS.find((h) => h.name.toLowerCase() === w);
  if (!found) throw new UsageError(`unknown hook "${word}": use one of ${HOOKS.map((h) => h.name).join(', ')}`);
  return found.point;
}

export function hookName(point: HookPoint): string {
  return HOOKS.find((h) => h.point === point)?.name ?? point;
}

const STATES: Record<LifecycleState, string> = {
  NORMAL: 'Normal', PREPARING_DELETE: 'PreparingDelete', PREPARING_NORMAL: 'PreparingNormal',
  PREPARING_UPDATE: 'PreparingUpdate', UPDATED: 'Updated', UPDATING: 'Updating',
};

export async function hooksList(inv: Invocation, session: Session): Promise<number> {
  noMoreArgs(inv.positionals, 'coxswain hooks list [-n NAMESPACE | -A] [--hook HOOK]');
  const format = outputFormat(inv.flags.output, ['json'] as const);
  const all = inv.flags['all-namespaces'] === true;
  const namespace = all ? null : session.connection().namespace;
  const hook = inv.flags.hook === undefined ? null : parseHook(String(inv.flags.hook));
  const answer = await session.api().request(PendingHooksDocument, { namespace, hook });
  const io = session.io;
  if (format === 'json') {
    io.out(printJson(answer.pendingHooks.map((h) => ({ ...h, hook: hookName(h.hook), state: STATES[h.state] }))));
    return 0;
  }
  if (answer.pendingHooks.length === 0) {
    io.err(all ? 'No pods wait on a hook.' : `No pods wait on a hook in ${namespace} namespace.`);
    return 0;
  }
  const now = Date.parse(answer.serverTime);
  io.out(renderTable(
    [...(all ? ['NAMESPACE'] : []), 'POD', 'WORKLOAD', 'HOOK', 'STATE', 'WAITING', 'NODE', 'ZONE', 'IP'],
    answer.pendingHooks.map((h) => [
      ...(all ? [h.namespace] : []), h.pod, `${kindByEnum(h.workload.kind).singular}/${h.workload.name}`, hookName(h.hook), STATES[h.state],
      ageOf(h.since, now), h.node ?? '<none>', h.zone ?? '<none>', h.podIP ?? '<none>',
    ]),
  ).join('\n'));
  return 0;
}

export async function hooksAck(inv: Invocation, session: Session): Promise<number> {
  const [pod, hookWord, ...rest] = inv.positionals;
  const usage = 'coxswain hooks ack POD HOOK --reason TEXT [--idempotency-key KEY]';
  if (pod === undefined || hookWord === undefined) throw new UsageError(`name the pod and its hook; usage: ${usage}`);
  noMoreArgs(rest, usage);
  const hook = parseHook(hookWord);
  const reason = inv.flags.reason as string | undefined;
  if (reason === undefined || reason.trim() === '') throw new UsageError('--reason is required: say what was done before acknowledging (it is recorded with the ack)');
  const given = inv.flags['idempotency-key'] as string | undefined;
  if (given !== undefined && given.trim() === '') throw new UsageError('--idempotency-key must not be empty');
  const key = given ?? randomUUID();
  const namespace = session.connection().namespace;
  if (given === undefined) session.io.err(`idempotency key: ${key} (to retry this acknowledgement safely: --idempotency-key ${key})`);
  const answer = await session.api().request(AckHookDocument, { namespace, pod, hook, reason, idempotencyKey: key });
  const ack = answer.ackHook;
  session.io.out(`pod/${ack.pod} ${hookName(ack.hook)} hook acknowledged by ${ack.acknowledgedBy} at ${ack.at} (ack ${ack.id})${ack.replayed ? '; replayed: this key was used before, the pod was not written again' : ''}`);
  return 0;
}
